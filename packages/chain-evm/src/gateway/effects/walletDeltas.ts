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
    const received = t.to.toLowerCase() === me ? t.amount : 0n;
    const sent = t.from.toLowerCase() === me ? t.amount : 0n;
    if (received === 0n && sent === 0n) continue;
    const token = t.token.toLowerCase();
    deltas.set(token, (deltas.get(token) ?? 0n) + received - sent);
  }
  return deltas;
}
