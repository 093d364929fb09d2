import type { ChainInfo } from '@org/chain-evm';

/** Registry chains that are not on DefiLlama (local and test networks). */
const NOT_ON_DEFILLAMA = new Set(['devnet', 'sepolia']);

/**
 * The registry chain of a DefiLlama chain name (`Ethereum` → ethereum, `BSC` → bsc, `Arbitrum` → arbitrum…), or
 * `null` when the chain is not one of ours (Solana, Tron…): such pools are listed but their tokens cannot be
 * checked, so they are never the best.
 *
 * @example
 * ```ts
 * defiLlamaChainOf({ registry: config.chains, name: 'Ethereum' })?.id; // 1
 * ```
 */
export function defiLlamaChainOf({
  registry,
  name,
}: {
  registry: readonly ChainInfo[];
  name: string;
}): ChainInfo | null {
  const lower = name.toLowerCase();
  if (NOT_ON_DEFILLAMA.has(lower)) return null;
  return registry.find((c) => c.name === lower) ?? null;
}
