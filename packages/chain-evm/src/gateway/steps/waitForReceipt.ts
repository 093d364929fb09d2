import type { RpcSender } from '../../multicall/aggregate3.js';
import type { GatewayReceipt } from '../gatewayTypes.js';
import type { Hex } from '../types.js';
import { fetchReceipt } from './fetchReceipt.js';

/** Parameters of {@link waitForReceipt}. */
export interface WaitForReceiptParameters {
  readonly provider: RpcSender;
  readonly chainId: number;
  /** Every hash broadcast for one nonce (the original and its replacements). */
  readonly hashes: readonly Hex[];
  readonly timeoutMs: number;
  /** Default 250 ms. */
  readonly pollIntervalMs?: number;
}

/**
 * Polls `eth_getTransactionReceipt` for each hash until one is mined, and returns that receipt; `null` when none
 * is mined within `timeoutMs` (at least one poll is always made). Node errors while polling are retried until the
 * time-out — "not known yet" and "node down" both end as `null` (the caller keeps the execution pending and the
 * reservation counted; the reconciler finishes it later). Never throws for those. `null` is therefore not proof
 * that nothing was mined: for a decision, use {@link fetchReceipt}.
 *
 * @example
 * ```ts
 * const receipt = await waitForReceipt({ provider, chainId, hashes: [hash], timeoutMs: 60_000 });
 * ```
 */
export async function waitForReceipt({
  provider,
  chainId,
  hashes,
  timeoutMs,
  pollIntervalMs = 250,
}: WaitForReceiptParameters): Promise<GatewayReceipt | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const hash of hashes) {
      try {
        const receipt = await fetchReceipt({
          provider,
          chainId,
          hash,
          timeoutMs: Math.max(1, Math.min(5_000, deadline - Date.now())),
        });
        if (receipt) return receipt;
      } catch {
        // The node is unreachable, errs or answers garbage: try again until the time-out.
      }
    }
    const left = deadline - Date.now();
    if (left <= 0) return null;
    await new Promise((resolve) => setTimeout(resolve, Math.min(pollIntervalMs, left)));
  }
}
