import type { WatchAlert } from '../api/schemas';
import type { ConsoleEvent } from '../events/followEvents';

/** A watcher alert as the alerts panel shows it, whether it was read from `/watcher/alerts` or arrived live. */
export interface AlertView {
  readonly id: string;
  readonly kind: string;
  readonly severity: string;
  readonly chainId: number | null;
  readonly chain: string;
  readonly address: string;
  readonly details: Readonly<Record<string, unknown>>;
  readonly txHash: string | null;
  readonly block: number | null;
  readonly createdAt: string;
}

/**
 * One alert for display: from the API's DTO, or from a `watcher.alert` event (the watcher's record: `chainId`,
 * epoch `createdAt`). An event that does not carry an alert gives `undefined`.
 *
 * @example
 * ```ts
 * const view = toAlertView({ event }); // AlertView | undefined
 * ```
 */
export function toAlertView(
  input: { readonly alert: WatchAlert } | { readonly event: ConsoleEvent },
): AlertView | undefined {
  if ('alert' in input) {
    const a = input.alert;
    return { ...a, chainId: a.chain.id, chain: a.chain.name };
  }
  const data = ((input.event.payload ?? {}) as { data?: Record<string, unknown> }).data ?? {};
  if (typeof data.id !== 'string' || typeof data.address !== 'string') return undefined;
  const chainId = typeof data.chainId === 'number' ? data.chainId : null;
  return {
    id: data.id,
    kind: String(data.kind ?? 'unknown'),
    severity: String(data.severity ?? 'unknown'),
    chainId,
    chain: chainId === null ? 'unknown chain' : `chain ${chainId}`,
    address: data.address,
    details:
      typeof data.details === 'object' && data.details !== null
        ? (data.details as Record<string, unknown>)
        : {},
    txHash: typeof data.txHash === 'string' ? data.txHash : null,
    block: typeof data.block === 'number' ? data.block : null,
    createdAt: typeof data.createdAt === 'number' ? new Date(data.createdAt).toISOString() : '',
  };
}
