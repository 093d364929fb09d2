import type { EthAmountDto } from './governor.js';
import type { ChainRefDto } from './wallet.js';

/** A price per unit of gas: gwei as a decimal string, and the exact wei. */
export interface GasPriceDto {
  /** e.g. `"1.5"` */
  gwei: string;
  /** e.g. `"1500000000"` */
  wei: string;
}

/**
 * One fee tier. EIP-1559 chains fill `maxPriorityFeePerGas` and `maxFeePerGas` (and `gasPrice` is null); legacy
 * chains fill `gasPrice` only.
 */
export interface GasTierDto {
  maxPriorityFeePerGas: GasPriceDto | null;
  maxFeePerGas: GasPriceDto | null;
  gasPrice: GasPriceDto | null;
  /**
   * EIP-1559: the reward percentile of each recent block whose median is the tip (10 / 50 / 90); null on legacy
   * chains.
   * @isInt
   */
  percentile: number | null;
  /**
   * EIP-1559: `maxFeePerGas` = next base fee × this + tip (`"1.25"` / `"2"` / `"2"`); legacy: `gasPrice` = the
   * node's `eth_gasPrice` × this (`"0.9"` / `"1"` / `"1.25"`).
   */
  multiplier: string;
}

/** Slow, standard and fast. */
export interface GasTiersDto {
  slow: GasTierDto;
  standard: GasTierDto;
  fast: GasTierDto;
}

/** How full recent blocks were (gas used / gas limit), in percent. Not money, so numbers. */
export interface BlockFullnessDto {
  averagePercent: number;
  latestPercent: number;
}

/** A fee recommendation read from the chain now (never a default). */
export interface GasRecommendationDto {
  chain: ChainRefDto;
  /** `legacy` for a chain without EIP-1559 (tiers are `gasPrice`). */
  kind: 'eip1559' | 'legacy';
  /** The next block's base fee; null on legacy chains. */
  baseFee: GasPriceDto | null;
  /** Next block's base fee compared with the oldest block of the window; null on legacy chains. */
  baseFeeTrend: 'rising' | 'falling' | 'steady' | null;
  /** Base fee of the oldest block of the window; null on legacy chains. */
  oldestBaseFee: GasPriceDto | null;
  blockFullness: BlockFullnessDto | null;
  /**
   * Blocks of `eth_feeHistory` the tiers come from (20); null on legacy chains.
   * @isInt
   */
  historyBlocks: number | null;
  /**
   * Newest block of the window; null on legacy chains.
   * @isLong
   */
  newestBlock: number | null;
  /** The node's `eth_gasPrice`; legacy chains only. */
  nodeGasPrice: GasPriceDto | null;
  tiers: GasTiersDto;
  /** The tier the execution gateway signs with. */
  gatewayTier: 'standard';
}

/** A failure of one chain in a batch: the same status and code a single request would answer. */
export interface ChainErrorDto {
  /** @isInt */
  status: number;
  code: string;
  title: string;
}

/** One chain of `/gas/batch`: a recommendation, or the error that chain answered. */
export interface GasBatchEntryDto {
  chain: ChainRefDto;
  ok: boolean;
  recommendation: GasRecommendationDto | null;
  error: ChainErrorDto | null;
}

/** Recommendations for several chains, fetched in parallel. */
export interface GasBatchDto {
  chains: GasBatchEntryDto[];
  /** @isInt */
  succeeded: number;
  /** @isInt */
  failed: number;
}

/** A fee in the chain's native currency, and the same wei as the ETH-equivalent the governor counts. */
export interface GasCostDto {
  /** Native units, e.g. `"0.000042"`. */
  amount: string;
  wei: string;
  symbol: string;
  /** The ETH-equivalent the spend governor counts (the gateway counts native wei 1:1). */
  ethEquivalent: EthAmountDto;
}

/** What a described transaction would cost at a tier. */
export interface GasEstimateDto {
  chain: ChainRefDto;
  from: string;
  to: string;
  /** Native value sent: `amount` in native units and `wei`. */
  value: { amount: string; wei: string };
  tier: 'slow' | 'standard' | 'fast';
  /** `eth_estimateGas` at the pending block. */
  gasEstimate: string;
  /** The limit the gateway would sign: the estimate + `gasMarginBps`, rounded up. */
  gasLimit: string;
  /** @isInt */
  gasMarginBps: number;
  /** The tier's fees. */
  fees: GasTierDto;
  /** Estimate × (next base fee + tip, at most the max fee); legacy: estimate × gas price. */
  expectedCost: GasCostDto;
  /** Limit × max fee (legacy: × gas price): the most this transaction can cost as signed. */
  worstCaseCost: GasCostDto;
  /**
   * What the spend governor would be charged, computed as the execution gateway reserves it: value + limit × the
   * max fee after every allowed replacement (+12.5% each), capped by `GAS_PRICE_CEILING_GWEI`. Tokens moved by
   * `data` are not decoded here (the gateway adds them, priced on chain, for the intents it builds).
   */
  governorCharge: EthAmountDto;
  /** The tier's max fee is above `GAS_PRICE_CEILING_GWEI`: the gateway would refuse with `GAS_PRICE_ABOVE_CEILING`. */
  aboveCeiling: boolean;
  feeCeiling: GasPriceDto;
}
