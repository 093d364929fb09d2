/**
 * DefiLlama yields shapes after validation (`/pools` items and `/chart/{pool}` rows). Percentages and USD figures are
 * the provider's JSON numbers, kept as provider figures: never an amount anything is signed or charged with.
 */

/** DefiLlama's random-forest prediction of a pool's APY; every field may be null (`apy ≤ 0` or `count < 7`). */
export interface DefiLlamaPrediction {
  readonly predictedClass: string | null;
  /** 0–100. */
  readonly predictedProbability: number | null;
  /** 1, 2 or 3 (tertile of the probability). */
  readonly binnedConfidence: number | null;
}

/** One pool of `GET /pools` (the columns of DefiLlama's `enrichedColumns`). */
export interface DefiLlamaPool {
  /** Config id (a UUID): the key for `/chart/{pool}`. */
  readonly pool: string;
  /** Display name (`Ethereum`, `Arbitrum`…). */
  readonly chain: string;
  /** Protocol slug (`aave-v3`). */
  readonly project: string;
  /** `USDC` or `USDC-WETH` (a hyphen means several tokens). */
  readonly symbol: string;
  readonly tvlUsd: number;
  readonly apy: number | null;
  readonly apyBase: number | null;
  readonly apyReward: number | null;
  readonly rewardTokens: readonly string[] | null;
  readonly underlyingTokens: readonly string[] | null;
  readonly poolMeta: string | null;
  readonly apyPct1D: number | null;
  readonly apyPct7D: number | null;
  readonly apyPct30D: number | null;
  readonly apyMean30d: number | null;
  readonly apyBase7d: number | null;
  readonly stablecoin: boolean | null;
  readonly ilRisk: string | null;
  readonly exposure: string | null;
  readonly mu: number | null;
  readonly sigma: number | null;
  /** Number of daily data points. */
  readonly count: number | null;
  readonly outlier: boolean | null;
  readonly predictions: DefiLlamaPrediction | null;
}

/** One daily row of `GET /chart/{pool}`. */
export interface DefiLlamaChartPoint {
  /** Epoch ms (from the ISO `timestamp`). */
  readonly at: number;
  readonly tvlUsd: number | null;
  readonly apy: number | null;
  readonly apyBase: number | null;
  readonly apyReward: number | null;
}
