import type { ChainInfo } from '../../chains/chains.js';
import { feeQuoteForTier } from '../../gas/feeQuoteForTier.js';
import { GAS_TIERS } from '../../gas/gasTiers.js';
import { getGasRecommendation } from '../../gas/getGasRecommendation.js';
import type { RpcSender } from '../../multicall/aggregate3.js';
import type { FeeQuote } from '../types.js';

// The history length and the tip floor are the gas recommendation's (one rule for the gateway and `/gas/*`); these
// names stay exported from here for existing users.
export { FEE_HISTORY_BLOCKS, MIN_PRIORITY_FEE_WEI } from '../../gas/gasTiers.js';
/** Reward percentile used as the priority fee (the median tip of recent blocks): the `standard` tier's. */
export const PRIORITY_PERCENTILE: number = GAS_TIERS.standard.percentile;

/** Parameters of {@link estimateFees}. */
export interface EstimateFeesParameters {
  readonly provider: RpcSender;
  readonly chain: ChainInfo;
  readonly timeoutMs?: number;
}

/**
 * Fees for the next transaction: the `standard` tier of `getGasRecommendation` (ONE request). EIP-1559 chains:
 * `eth_feeHistory` over `FEE_HISTORY_BLOCKS` blocks; `maxPriorityFeePerGas` = the median of each block's
 * {@link PRIORITY_PERCENTILE}th-percentile tip (at least `MIN_PRIORITY_FEE_WEI`); `maxFeePerGas` = 2 × the next
 * block's base fee + the tip (survives six full blocks in a row). Legacy chains (`eip1559: false`): `eth_gasPrice`.
 * Node trouble or a malformed answer → typed `RpcError`.
 *
 * @example
 * ```ts
 * const fees = await estimateFees({ provider, chain });
 * fees.kind === 'eip1559' && fees.maxFeePerGas;
 * ```
 */
export async function estimateFees({
  provider,
  chain,
  timeoutMs = 8_000,
}: EstimateFeesParameters): Promise<FeeQuote> {
  const recommendation = await getGasRecommendation({ provider, chain, timeoutMs });
  return feeQuoteForTier({ recommendation, tier: 'standard' });
}
