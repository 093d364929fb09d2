import type { RpcSender } from '../../multicall/aggregate3.js';
import type { GatewayReceipt } from '../ExecutionGateway.js';
import type { Hex } from '../types.js';

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
 * reservation counted; the reconciler finishes it later). Never throws for those.
 *
 * @example
 * ```ts
 * const receipt = await waitForReceipt({ provider, chainId, hashes: [hash], timeoutMs: 60_000 });
 * ```
 */
export async function waitForReceipt({
  provider,
  hashes,
  timeoutMs,
  pollIntervalMs = 250,
}: WaitForReceiptParameters): Promise<GatewayReceipt | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const hash of hashes) {
      try {
        const raw = (await Promise.race([
          provider.send('eth_getTransactionReceipt', [hash]),
          new Promise((resolve) =>
            setTimeout(() => resolve(undefined), Math.max(1, Math.min(5_000, deadline - Date.now()))),
          ),
        ])) as Record<string, unknown> | null | undefined;
        const receipt = raw ? toReceipt(raw) : null;
        if (receipt) return receipt;
      } catch {
        // The node is unreachable or errs: try again until the time-out.
      }
    }
    const left = deadline - Date.now();
    if (left <= 0) return null;
    await new Promise((resolve) => setTimeout(resolve, Math.min(pollIntervalMs, left)));
  }
}

function toReceipt(raw: Record<string, unknown>): GatewayReceipt | null {
  const { transactionHash, status, blockNumber, gasUsed, effectiveGasPrice, logs } = raw;
  if (
    typeof transactionHash !== 'string' ||
    typeof blockNumber !== 'string' ||
    typeof gasUsed !== 'string' ||
    typeof effectiveGasPrice !== 'string' ||
    (status !== '0x1' && status !== '0x0')
  ) {
    return null; // not mined yet (or a malformed answer: never read as success)
  }
  return {
    transactionHash: transactionHash as Hex,
    status: status === '0x1' ? 1 : 0,
    blockNumber: Number(BigInt(blockNumber)),
    gasUsed: BigInt(gasUsed),
    effectiveGasPrice: BigInt(effectiveGasPrice),
    logs: Array.isArray(logs)
      ? logs.map((l: { address: string; topics: string[]; data: string }) => ({
          address: l.address as Hex,
          topics: l.topics as Hex[],
          data: l.data as Hex,
        }))
      : [],
  };
}
