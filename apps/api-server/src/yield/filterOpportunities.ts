import type { YieldCandidate } from './rankingTypes.js';

/** Filters of `/yield/opportunities` (and of `/yield/best` and `/yield/compare`). */
export interface OpportunityFilters {
  /** Registry chain id. */
  readonly chainId?: number;
  /** A token address (lower-case) or a symbol (upper-case); see {@link filterOpportunities}. */
  readonly asset?:
    | { readonly kind: 'address'; readonly address: string }
    | { readonly kind: 'symbol'; readonly symbol: string };
  /** Protocol slug, lower-case (`aave-v3`). */
  readonly project?: string;
  readonly minApy?: number;
  readonly minTvlUsd?: number;
  readonly stablecoinOnly?: boolean;
  readonly singleExposureOnly?: boolean;
  /** Only multi-asset pools (`exposure=multi`). */
  readonly multiExposureOnly?: boolean;
  /** Default false: outliers are left out. */
  readonly includeOutliers?: boolean;
  readonly source?: 'defillama' | 'onchain';
}

/** Sort keys of `/yield/opportunities` (all descending, unknown values last). */
export type OpportunitySort = 'apy' | 'apyBase' | 'apyMean30d' | 'tvl';

/**
 * Filters and sorts candidates (pure). `asset` as an address matches a candidate whose `underlyingTokens` contain it;
 * as a symbol, one whose symbol lists it (`USDC-WETH` lists `USDC` and `WETH`) or whose `underlyingTokens` contain an
 * address `addressesOf(chainId, symbol)` knows for it (the chain's token list). Outliers are left out unless
 * `includeOutliers`. Sorted by `sort` descending (unknown last), ties by TVL then id, then cut to `limit`.
 *
 * @example
 * ```ts
 * const { items, total } = filterOpportunities({ candidates, filters: { asset: { kind: 'symbol', symbol: 'USDC' } }, sort: 'apy', limit: 50, addressesOf });
 * ```
 */
export function filterOpportunities({
  candidates,
  filters,
  sort,
  limit,
  addressesOf,
}: {
  candidates: readonly YieldCandidate[];
  filters: OpportunityFilters;
  sort: OpportunitySort;
  limit: number;
  addressesOf: (chainId: number | null, symbol: string) => ReadonlySet<string>;
}): { items: YieldCandidate[]; total: number } {
  const f = filters;
  const matches = candidates.filter((c) => {
    if (f.source !== undefined && c.source !== f.source) return false;
    if (f.chainId !== undefined && c.chainId !== f.chainId) return false;
    if (f.project !== undefined && c.project.toLowerCase() !== f.project) return false;
    if (f.minApy !== undefined && (c.apy === null || c.apy < f.minApy)) return false;
    if (f.minTvlUsd !== undefined && (c.tvlUsd === null || c.tvlUsd < f.minTvlUsd)) return false;
    if (f.stablecoinOnly === true && c.stablecoin !== true) return false;
    if (f.singleExposureOnly === true && c.exposure !== 'single') return false;
    if (f.multiExposureOnly === true && c.exposure === 'single') return false;
    if (f.includeOutliers !== true && c.outlier === true) return false;
    if (f.asset !== undefined) {
      if (f.asset.kind === 'address') return c.underlyingTokens.includes(f.asset.address);
      const symbol = f.asset.symbol;
      if (
        c.symbol
          .toUpperCase()
          .split('-')
          .some((part) => part.trim() === symbol)
      )
        return true;
      const known = addressesOf(c.chainId, symbol);
      return c.underlyingTokens.some((t) => known.has(t));
    }
    return true;
  });
  const key = (c: YieldCandidate): number | null =>
    sort === 'tvl' ? c.tvlUsd : sort === 'apyBase' ? c.apyBase : sort === 'apyMean30d' ? c.apyMean30d : c.apy;
  matches.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka !== kb) {
      if (ka === null) return 1;
      if (kb === null) return -1;
      return kb - ka;
    }
    const ta = a.tvlUsd ?? -1;
    const tb = b.tvlUsd ?? -1;
    if (ta !== tb) return tb - ta;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
  return { items: matches.slice(0, limit), total: matches.length };
}
