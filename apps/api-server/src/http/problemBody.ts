import type { ApiProblem } from './ApiProblem.js';
import { cleanEcho } from './cleanEcho.js';

/**
 * The JSON text of a problem (RFC 9457) as the API sends it: `type`, `title`, `status`, `code`, `detail` when there
 * is one, the problem's extra members, `instance` (the path, bounded and cleaned) and `requestId`. Never a stack.
 *
 * @example
 * ```ts
 * problemBody(new ApiProblem(404, 'NOT_FOUND', 'No route'), '/nowhere', 'a1b2c3d4-1');
 * // '{"type":"urn:wallet-ops:problem:not-found","title":"No route","status":404,"code":"NOT_FOUND",…}'
 * ```
 */
export function problemBody(problem: ApiProblem, instance: string | undefined, requestId: string): string {
  const body: Record<string, unknown> = {
    type: `urn:wallet-ops:problem:${problem.code.toLowerCase().replaceAll('_', '-')}`,
    title: cleanEcho(problem.title),
    status: problem.status,
    code: problem.code,
    ...(problem.detail === undefined ? {} : { detail: cleanEcho(problem.detail) }),
    ...(problem.extra ?? {}),
    ...(instance === undefined ? {} : { instance: cleanEcho(instance) }),
    requestId,
  };
  return JSON.stringify(body);
}
