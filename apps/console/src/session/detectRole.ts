import { callApi } from '../api/callApi';
import type { Session } from './Session';

/** The outcome of {@link detectRole}. */
export type DetectRoleResult =
  | { readonly kind: 'signed-in'; readonly session: Session }
  | { readonly kind: 'refused'; readonly status: number; readonly code: string }
  | { readonly kind: 'unavailable'; readonly status: number; readonly code: string; readonly title: string };

/**
 * Finds out which credential a key is by asking the server what it allows — the server stays the authority, the
 * page never compares keys itself: `GET /governor/status` as `X-Operator-Key` (200 → the operator key), else as
 * `X-API-Key` (200 → the trading key). Both refused → `refused` (a wrong key); any other answer (a server that is
 * down, a network error) → `unavailable`, which is not the key's fault.
 *
 * @example
 * ```ts
 * const result = await detectRole(typedKey);
 * if (result.kind === 'signed-in') show(result.session.role);
 * ```
 */
export async function detectRole(key: string): Promise<DetectRoleResult> {
  let refusal: { status: number; code: string } | undefined;
  for (const role of ['operator', 'trading'] as const) {
    const session: Session = { key, role };
    const answer = await callApi(session, 'get', '/governor/status');
    if (answer.ok) return { kind: 'signed-in', session };
    if (answer.status === 401 || answer.status === 403) {
      refusal = { status: answer.status, code: answer.code };
      continue;
    }
    return { kind: 'unavailable', status: answer.status, code: answer.code, title: answer.title };
  }
  return { kind: 'refused', status: refusal?.status ?? 401, code: refusal?.code ?? 'UNAUTHORIZED' };
}
