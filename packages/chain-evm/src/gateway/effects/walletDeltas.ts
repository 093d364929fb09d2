import type { Address } from '../../chains/chains.js';
import type { AssetTransfer } from './SimulatedEffects.js';

/**
 * Pure: the wallet's net change per asset over a list of transfers (lower-case token → received − sent, base
 * units). A transfer from the wallet to itself nets to zero; assets the wallet neither sent nor received are absent.
 *
 * @example
 * ```ts
 * walletDeltas({ wallet, transfers }).get(usdc.toLowerCase()); // 1_000_000n (received), -5n (sent)
 * ```
 */
export function walletDeltas({
  wallet,
  transfers,
}: {
  readonly wallet: Address;
  readonly transfers: readonly AssetTransfer[];
}): Map<string, bigint> {
  const me = wallet.toLowerCase();
  const deltas = new Map<string, bigint>();
  for (const t of transfers) {
    const token = t.token.toLowerCase();
    const change = (t.to.toLowerCase() === me ? t.amount : 0n) - (t.from.toLowerCase() === me ? t.amount : 0n);
    if (t.to.toLowerCase() !== me && t.from.toLowerCase() !== me) continue;
    deltas.set(token, (deltas.get(token) ?? 0n) + change);
  }
  return deltas;
}
