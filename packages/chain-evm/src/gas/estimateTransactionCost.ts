import type { Address, ChainInfo } from '../chains/chains.js';
import { simulateTransaction } from '../gateway/steps/simulateTransaction.js';
import type { FeeQuote, Hex } from '../gateway/types.js';
import { worstCaseFeeWei } from '../gateway/worstCaseFeeWei.js';
import type { RpcSender } from '../multicall/aggregate3.js';
import { feeQuoteForTier } from './feeQuoteForTier.js';
import type { GasTier } from './gasTiers.js';
import { getGasRecommendation } from './getGasRecommendation.js';
import type { GasRecommendation } from './types.js';

/** Parameters of {@link estimateTransactionCost}. */
export interface EstimateTransactionCostParameters {
  readonly provider: RpcSender;
  readonly chain: ChainInfo;
  readonly from: Address;
  readonly to: Address;
  readonly data: Hex;
  /** Native value sent, in wei. */
  readonly value: bigint;
  readonly tier: GasTier;
  /** The gateway's fee ceiling (wei per gas). */
  readonly feeCeilingWei: bigint;
  /** The gateway's replacement count (its worst case counts every one). */
  readonly maxReplacements: number;
  readonly timeoutMs?: number;
}

/** Result of {@link estimateTransactionCost}: a revert is a value, with its decoded reason. */
export type EstimateTransactionCostReturnType =
  | { readonly ok: false; readonly reason: string; readonly revertData: Hex | null }
  | {
      readonly ok: true;
      /** `eth_estimateGas` at `pending`. */
      readonly gasEstimate: bigint;
      /** The limit the gateway would sign: estimate + `GAS_MARGIN_BPS`, rounded up. */
      readonly gasLimit: bigint;
      readonly tier: GasTier;
      /** The tier's fees, as the gateway would sign them. */
      readonly fees: FeeQuote;
      readonly recommendation: GasRecommendation;
      /** Expected fee: estimate × (next base fee + tip, at most the max fee); legacy: estimate × gas price. */
      readonly expectedFeeWei: bigint;
      /** Most this transaction can pay as signed: limit × max fee (× gas price on legacy chains). */
      readonly maxFeeWei: bigint;
      /**
       * ETH-equivalent wei the spend governor would be charged, computed as the gateway reserves it: native value +
       * `worstCaseFeeWei` (limit × max fee after every allowed replacement, capped by the ceiling). ERC-20 amounts
       * moved by `data` are not decoded here (the gateway prices the tokens of its typed intents on top).
       */
      readonly governorChargeWei: bigint;
      /** The tier's max fee is above the gateway's ceiling: the gateway would refuse with `GAS_PRICE_ABOVE_CEILING`. */
      readonly aboveCeiling: boolean;
    };

/**
 * What a described transaction would cost: `eth_estimateGas` (the gateway's `simulateTransaction`, with its margin
 * and decoded revert reasons) and the gas recommendation, in parallel (two requests). A revert is `{ ok: false }`
 * with the reason; node trouble throws `RpcError` (never a default).
 *
 * @example
 * ```ts
 * const cost = await estimateTransactionCost({ provider, chain, from, to, data: '0x', value: 10n ** 16n, tier: 'standard', feeCeilingWei, maxReplacements: 3 });
 * if (cost.ok) cost.governorChargeWei;
 * ```
 */
export async function estimateTransactionCost({
  provider,
  chain,
  from,
  to,
  data,
  value,
  tier,
  feeCeilingWei,
  maxReplacements,
  timeoutMs,
}: EstimateTransactionCostParameters): Promise<EstimateTransactionCostReturnType> {
  const deadline = timeoutMs === undefined ? {} : { timeoutMs };
  const [simulation, recommendation] = await Promise.all([
    simulateTransaction({ provider, chainId: chain.id, from, to, data, value, ...deadline }),
    getGasRecommendation({ provider, chain, ...deadline }),
  ]);
  if (!simulation.ok) return { ok: false, reason: simulation.reason, revertData: simulation.revertData };
  const fees = feeQuoteForTier({ recommendation, tier });
  const maxFeePerGas = fees.kind === 'eip1559' ? fees.maxFeePerGas : fees.gasPrice;
  const effective =
    fees.kind === 'eip1559'
      ? min(fees.maxFeePerGas, fees.baseFeePerGas + fees.maxPriorityFeePerGas)
      : fees.gasPrice;
  const { gasEstimate, gasLimit } = simulation;
  return {
    ok: true,
    gasEstimate,
    gasLimit,
    tier,
    fees,
    recommendation,
    expectedFeeWei: gasEstimate * effective,
    maxFeeWei: gasLimit * maxFeePerGas,
    governorChargeWei: value + worstCaseFeeWei({ gasLimit, maxFeePerGas, feeCeilingWei, maxReplacements }),
    aboveCeiling: maxFeePerGas > feeCeilingWei,
  };
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
