import type { SharePriceSample } from './types.js';

const DAY_MS = 86_400_000;
const YEAR_MS = 365 * DAY_MS;
const SCALE = 10n ** 18n;

/** Parameters of {@link measureVaultApy}. */
export interface MeasureVaultApyParameters {
  /** Samples of ONE vault, any order (the window used is the last `windowDays` before the newest). */
  readonly samples: readonly Pick<SharePriceSample, 'at' | 'assetsPerShare'>[];
  /** The first sample ever stored (for the length of the history); default the oldest of `samples`. */
  readonly oldest?: Pick<SharePriceSample, 'at'> | null;
  /** Length of the mean window in days (default 30). */
  readonly windowDays?: number;
}

/** Result of {@link measureVaultApy}. Percentages are provider-style figures, never amounts. */
export interface MeasureVaultApyReturnType {
  /**
   * Annualised, compounded growth of the assets per share over the last day (from the newest sample back to the
   * newest one at least a day older), in percent; `null` until two samples a day apart exist.
   */
  readonly apy: number | null;
  /** The same over the whole window (up to `windowDays`); `null` like `apy`. */
  readonly apyMean30d: number | null;
  /** Annualised standard deviation of the daily returns, in percent (as DefiLlama's `sigma`); `null` under three daily returns. */
  readonly sigma: number | null;
  /** Whole days between the first sample ever and the newest (a span: two samples a month apart say 30). */
  readonly historyDays: number;
  /**
   * Distinct UTC days with at least one sample among `samples` (what the history is made of: two samples a month
   * apart are 2 daily points, however long the span).
   */
  readonly dailyPoints: number;
  /** Chain time of the newest sample (epoch ms); `null` without samples. */
  readonly lastSampleAt: number | null;
  /** Why `apy` is `null`; `null` when measured. */
  readonly reason: string | null;
}

/**
 * The yield of an ERC-4626 vault measured from its own share price (`convertToAssets(one share)`) sampled over time
 * — not a provider's figure: `apy = ((pps_new / pps_old)^(1 year / Δt) − 1) × 100`. The ratio is taken with bigint
 * maths (18 decimals) before the (floating) power; the result is a figure for ranking and display, never an amount
 * anything is charged or signed with. Until two samples at least a day apart exist, the APY is `null` with a reason:
 * never a guess. A falling share price gives a negative APY (a loss), which ranking excludes.
 *
 * @example
 * ```ts
 * const { apy, reason } = measureVaultApy({ samples: await store.list({ chainId, vault, since }) });
 * ```
 */
export function measureVaultApy({
  samples,
  oldest,
  windowDays = 30,
}: MeasureVaultApyParameters): MeasureVaultApyReturnType {
  const sorted = [...samples].filter((s) => s.assetsPerShare > 0n).sort((a, b) => a.at - b.at);
  const newest = sorted.at(-1);
  if (newest === undefined) {
    return {
      apy: null,
      apyMean30d: null,
      sigma: null,
      historyDays: 0,
      dailyPoints: 0,
      lastSampleAt: null,
      reason: 'no share-price sample yet',
    };
  }
  const first = Math.min(oldest?.at ?? newest.at, sorted[0]?.at ?? newest.at);
  const historyDays = Math.floor((newest.at - first) / DAY_MS);
  const dailyPoints = new Set(sorted.map((s) => Math.floor(s.at / DAY_MS))).size;
  // The newest sample at least a day older than the newest one.
  const dayBack = [...sorted].reverse().find((s) => newest.at - s.at >= DAY_MS);
  if (dayBack === undefined) {
    return {
      apy: null,
      apyMean30d: null,
      sigma: null,
      historyDays,
      dailyPoints,
      lastSampleAt: newest.at,
      reason: 'needs two share-price samples at least a day apart',
    };
  }
  const windowStart = newest.at - windowDays * DAY_MS;
  const windowFirst = sorted.find((s) => s.at >= windowStart) ?? dayBack;
  const mean = windowFirst.at <= dayBack.at ? windowFirst : dayBack;
  return {
    apy: annualise(dayBack, newest),
    apyMean30d: annualise(mean, newest),
    sigma: dailySigma(sorted.filter((s) => s.at >= windowStart)),
    historyDays,
    dailyPoints,
    lastSampleAt: newest.at,
    reason: null,
  };
}

type Point = Pick<SharePriceSample, 'at' | 'assetsPerShare'>;

/** Compounded annual growth in percent between two samples. */
function annualise(from: Point, to: Point): number {
  const ratio = Number((to.assetsPerShare * SCALE) / from.assetsPerShare) / 1e18;
  return (ratio ** (YEAR_MS / (to.at - from.at)) - 1) * 100;
}

/** Annualised standard deviation of daily returns (last sample of each day), percent; null under three returns. */
function dailySigma(points: readonly Point[]): number | null {
  const byDay = new Map<number, Point>();
  for (const p of points) byDay.set(Math.floor(p.at / DAY_MS), p);
  const days = [...byDay.values()].sort((a, b) => a.at - b.at);
  if (days.length < 4) return null;
  const returns: number[] = [];
  for (let i = 1; i < days.length; i++) {
    const a = days[i - 1] as Point;
    const b = days[i] as Point;
    const ratio = Number((b.assetsPerShare * SCALE) / a.assetsPerShare) / 1e18;
    // Normalised to one day, whatever the gap between the two samples.
    returns.push(ratio ** (DAY_MS / (b.at - a.at)) - 1);
  }
  const avg = returns.reduce((s, r) => s + r, 0) / returns.length;
  const variance = returns.reduce((s, r) => s + (r - avg) ** 2, 0) / (returns.length - 1);
  return Math.sqrt(variance) * Math.sqrt(365) * 100;
}
