import type { GasTier } from './gasTiers.js';

/** One EIP-1559 tier: what to put in the transaction, and the rule that made it. */
export interface Eip1559GasTier {
  readonly maxPriorityFeePerGas: bigint;
  readonly maxFeePerGas: bigint;
  /** The reward percentile the tip comes from. */
  readonly percentile: number;
  /** `maxFeePerGas` = next base fee × this / 10,000 + tip. */
  readonly baseFeeMultiplierBps: bigint;
}

/** One legacy tier. */
export interface LegacyGasTier {
  readonly gasPrice: bigint;
  /** `gasPrice` = the node's `eth_gasPrice` × this / 10,000. */
  readonly multiplierBps: bigint;
}

/** Whether the base fee went up or down over the history window (next block vs the oldest block read). */
export type BaseFeeTrend = 'rising' | 'falling' | 'steady';

/** A fee recommendation read from the chain (never a default: node trouble throws a typed `RpcError`). */
export type GasRecommendation =
  | {
      readonly kind: 'eip1559';
      readonly chainId: number;
      /** The newest block of the window (`latest` when read). */
      readonly newestBlock: bigint;
      /** How many blocks the window held. */
      readonly blocks: number;
      /** The NEXT block's base fee. */
      readonly baseFeePerGas: bigint;
      /** The base fee of the oldest block of the window. */
      readonly oldestBaseFeePerGas: bigint;
      readonly baseFeeTrend: BaseFeeTrend;
      /** Gas used / gas limit of the window's blocks (0–1): the mean, and the newest block's. Not money. */
      readonly gasUsedRatio: { readonly average: number; readonly latest: number };
      readonly tiers: Readonly<Record<GasTier, Eip1559GasTier>>;
    }
  | {
      readonly kind: 'legacy';
      readonly chainId: number;
      /** The node's `eth_gasPrice`. */
      readonly gasPrice: bigint;
      readonly tiers: Readonly<Record<GasTier, LegacyGasTier>>;
    };
