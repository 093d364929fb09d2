import {
  type Address,
  type ChainInfo,
  defaultUsdToken,
  getSwapTokenList,
  type SharePriceStore,
  type SwapTokenInput,
} from '@org/chain-evm';
import type { PortfolioConfig, YieldConfig } from '../config.js';
import type {
  YieldBestDto,
  YieldChainFailureDto,
  YieldCompareDto,
  YieldOpportunitiesDto,
  YieldProviderStatusDto,
  YieldRankSettingsDto,
  YieldUnreadableVaultDto,
} from '../dto/yield.js';
import { ApiProblem } from '../http/ApiProblem.js';
import { amountInBaseUnits } from '../yield/amountInBaseUnits.js';
import { createDefiLlamaClient, type DefiLlamaClient } from '../yield/createDefiLlamaClient.js';
import { defiLlamaCandidate } from '../yield/defiLlamaCandidate.js';
import { defiLlamaChainOf } from '../yield/defiLlamaChainOf.js';
import { DefiLlamaPoolCache, type PoolListView } from '../yield/DefiLlamaPoolCache.js';
import { filterOpportunities } from '../yield/filterOpportunities.js';
import { parseYieldQuery, type YieldQuery, type YieldQueryInput } from '../yield/parseYieldQuery.js';
import { rankOpportunities } from '../yield/rankOpportunities.js';
import type { RankContext, RankSettings, ScoredOpportunity, YieldCandidate } from '../yield/rankingTypes.js';
import { readVaultCandidates, type VaultDetails } from '../yield/readVaultCandidates.js';
import type { TokenVerdicts } from '../yield/TokenVerdicts.js';
import { toOpportunityDto } from '../yield/toOpportunityDto.js';
import { toScoredOpportunityDto } from '../yield/toScoredOpportunityDto.js';
import { YieldDataUnavailableError } from '../yield/YieldDataUnavailableError.js';
import type { ChainProviders } from './ChainProviders.js';
import { chainErrorOf } from './chainErrorOf.js';

/** Candidates checked at once while settling `/yield/best`. */
const VERIFY_BATCH = 3;

interface Gathered {
  provider: YieldProviderStatusDto;
  /** DefiLlama candidates carry their ages as of the fetch: `timed` brings one to now (applied after filtering). */
  candidates: readonly YieldCandidate[];
  timed: (c: YieldCandidate) => YieldCandidate;
  details: Map<string, VaultDetails>;
  failedChains: YieldChainFailureDto[];
  unreadableVaults: YieldUnreadableVaultDto[];
}

/**
 * `/yield/opportunities`, `/yield/best`, `/yield/compare`: DefiLlama's pools (one cached list, filtered locally) and
 * the configured ERC-4626 vaults (read on chain, APY from stored share-price samples), filtered, then — for best and
 * compare — ranked by the documented risk-adjusted score after checking each contender's tokens (token safety) and
 * DefiLlama chart. `/yield/best` checks contenders best-first until the best is settled: a verified score is never
 * higher than the optimistic one used to order them, so the first verified contender that stays on top is the
 * answer (at most `YIELD_VERIFY_MAX` are checked).
 */
export class YieldService {
  readonly #config: YieldConfig;
  readonly #portfolio: PortfolioConfig;
  readonly #registry: readonly ChainInfo[];
  readonly #providers: ChainProviders;
  readonly #wallet: Address | undefined;
  readonly #extraTokens: ReadonlyMap<number, readonly SwapTokenInput[]>;
  readonly #minLiquidityWei: bigint;
  readonly #store: SharePriceStore;
  readonly #verdicts: TokenVerdicts;
  readonly #client: DefiLlamaClient;
  readonly #cache: DefiLlamaPoolCache;
  readonly #now: () => number;
  readonly #charts = new Map<string, { at: number; lastPointAt: number | null }>();
  #base: { fetchedAt: number; candidates: YieldCandidate[] } | null = null;
  #symbols: Map<number, Map<string, Set<string>>> | null = null;

  constructor(p: {
    config: YieldConfig;
    portfolio: PortfolioConfig;
    registry: readonly ChainInfo[];
    providers: ChainProviders;
    wallet: Address | undefined;
    extraTokens: ReadonlyMap<number, readonly SwapTokenInput[]>;
    minLiquidityWei: bigint;
    store: SharePriceStore;
    verdicts: TokenVerdicts;
    now?: () => number;
  }) {
    this.#config = p.config;
    this.#portfolio = p.portfolio;
    this.#registry = p.registry;
    this.#providers = p.providers;
    this.#wallet = p.wallet;
    this.#extraTokens = p.extraTokens;
    this.#minLiquidityWei = p.minLiquidityWei;
    this.#store = p.store;
    this.#verdicts = p.verdicts;
    this.#now = p.now ?? Date.now;
    const d = p.config.defillama;
    this.#client = createDefiLlamaClient({
      baseUrl: d.baseUrl,
      timeoutMs: d.timeoutMs,
      maxBodyBytes: d.maxBodyBytes,
      ...(d.apiKey === undefined ? {} : { apiKey: d.apiKey }),
    });
    this.#cache = new DefiLlamaPoolCache({
      client: this.#client,
      settings: {
        ttlMs: p.config.poolsTtlMs,
        staleMaxMs: p.config.staleMaxMs,
        retryAfterFailureMs: Math.min(60_000, p.config.poolsTtlMs),
      },
      now: this.#now,
    });
  }

  /** The pool cache (the bench forces refreshes through it). */
  get poolCache(): DefiLlamaPoolCache {
    return this.#cache;
  }

  /** `GET /yield/opportunities`. */
  async opportunities(input: YieldQueryInput): Promise<YieldOpportunitiesDto> {
    const q = this.#parse(input, { defaultLimit: 50, maxLimit: 500 }, false);
    const g = await this.#gather(q);
    const { items, total } = this.#filter(g.candidates, q, q.limit);
    return {
      provider: g.provider,
      total,
      items: items.map((c) => toOpportunityDto(g.timed(c), g.details.get(c.id) ?? null)),
      failedChains: g.failedChains,
      unreadableVaults: g.unreadableVaults,
    };
  }

  /** `GET /yield/best`. */
  async best(input: YieldQueryInput): Promise<YieldBestDto> {
    const q = this.#parse(input, { defaultLimit: 1, maxLimit: 1 }, true);
    const g = await this.#gather(q);
    const matched = this.#filter(g.candidates, q, Number.MAX_SAFE_INTEGER).items.map(g.timed);
    const current = new Map(matched.map((c) => [c.id, c]));
    const verified = new Set<string>();
    const context = this.#context(q, g.details);
    let settled = false;
    let reason: string | null = null;
    for (;;) {
      const list = [...current.values()];
      const optimistic = rankOpportunities(list, { ...context, optimistic: true });
      if (optimistic.best === null) {
        settled = true;
        break;
      }
      if (verified.has(optimistic.best.candidate.id)) {
        settled = true;
        break;
      }
      if (verified.size >= this.#config.verifyMax) {
        reason = `more than ${this.#config.verifyMax} contenders had to be checked (YIELD_VERIFY_MAX); narrow the query`;
        break;
      }
      const batch = optimistic.ranked
        .filter((s) => s.eligible && !verified.has(s.candidate.id))
        .slice(0, Math.min(VERIFY_BATCH, this.#config.verifyMax - verified.size));
      await Promise.all(
        batch.map(async (s) => {
          current.set(s.candidate.id, await this.#verify(s.candidate));
          verified.add(s.candidate.id);
        }),
      );
    }
    const strict = rankOpportunities([...current.values()], context);
    const best = settled ? strict.best : null;
    if (best === null && reason === null) {
      reason =
        matched.length === 0
          ? 'no opportunity matches the asset and filters'
          : 'no opportunity passes the hard filters (see excluded)';
    }
    const excluded = new Map<string, number>();
    for (const s of strict.ranked) {
      for (const code of new Set(s.exclusions.map((e) => e.code)))
        excluded.set(code, (excluded.get(code) ?? 0) + 1);
    }
    return {
      asset: q.assetText ?? '',
      amount: q.amount,
      provider: g.provider,
      settings: this.#settingsDto(),
      best: best === null ? null : this.#row(best, 1, g.details, verified),
      reason,
      considered: matched.length,
      verified: verified.size,
      excluded: [...excluded].map(([code, count]) => ({ code, count })).sort((a, b) => b.count - a.count),
      failedChains: g.failedChains,
    };
  }

  /** `GET /yield/compare`. */
  async compare(input: YieldQueryInput): Promise<YieldCompareDto> {
    const q = this.#parse(input, { defaultLimit: 10, maxLimit: 50 }, true);
    const g = await this.#gather(q);
    const matched = this.#filter(g.candidates, q, Number.MAX_SAFE_INTEGER).items.map(g.timed);
    const context = this.#context(q, g.details);
    const chosen = rankOpportunities(matched, { ...context, optimistic: true }).ranked.slice(0, q.limit);
    const checked: YieldCandidate[] = [];
    for (let i = 0; i < chosen.length; i += 4) {
      checked.push(...(await Promise.all(chosen.slice(i, i + 4).map((s) => this.#verify(s.candidate)))));
    }
    const verified = new Set(checked.map((c) => c.id));
    const ranked = rankOpportunities(checked, context).ranked;
    return {
      asset: q.assetText ?? '',
      provider: g.provider,
      settings: this.#settingsDto(),
      total: matched.length,
      rows: ranked.map((s, i) => this.#row(s, i + 1, g.details, verified)),
      failedChains: g.failedChains,
    };
  }

  #parse(input: YieldQueryInput, limits: { defaultLimit: number; maxLimit: number }, requireAsset: boolean) {
    return parseYieldQuery({
      input,
      limits,
      requireAsset,
      resolveChain: (chain) => this.#providers.known(chain).id,
    });
  }

  #filter(candidates: readonly YieldCandidate[], q: YieldQuery, limit: number) {
    return filterOpportunities({
      candidates,
      filters: q.filters,
      sort: q.sort,
      limit,
      addressesOf: (chainId, symbol) => this.#addressesOf(chainId, symbol),
    });
  }

  #settings(): RankSettings {
    const c = this.#config;
    return {
      minTvlUsd: c.minTvlUsd,
      minHistoryDays: c.minHistoryDays,
      maxDataAgeMs: c.maxDataAgeMs,
      frozenAfterMs: c.frozenAfterMs,
      rewardHaircutBps: c.rewardHaircutBps,
    };
  }

  #settingsDto(): YieldRankSettingsDto {
    const c = this.#config;
    return {
      minTvlUsd: c.minTvlUsd,
      minHistoryDays: c.minHistoryDays,
      maxDataAgeSeconds: Math.floor(c.maxDataAgeMs / 1000),
      frozenAfterHours: Math.floor(c.frozenAfterMs / 3_600_000),
      rewardHaircutBps: c.rewardHaircutBps,
    };
  }

  #context(q: YieldQuery, details: ReadonlyMap<string, VaultDetails>): RankContext {
    const amount = q.amount;
    return {
      settings: this.#settings(),
      verdict: (chainId, token) => this.#verdicts.lookup(chainId, token),
      amountOf: (c) => {
        const d = details.get(c.id);
        return amount === null || d === undefined ? null : amountInBaseUnits(amount, d.assetDecimals);
      },
    };
  }

  #row(
    s: ScoredOpportunity,
    rank: number,
    details: ReadonlyMap<string, VaultDetails>,
    verified: ReadonlySet<string>,
  ) {
    return toScoredOpportunityDto({
      scored: s,
      rank,
      details: details.get(s.candidate.id) ?? null,
      verified: verified.has(s.candidate.id),
      chartLastPointAt:
        s.candidate.pool === null ? null : (this.#charts.get(s.candidate.pool)?.lastPointAt ?? null),
    });
  }

  /** Checks a contender: its tokens' safety, and for a DefiLlama pool its chart's newest point (frozen or not). */
  async #verify(c: YieldCandidate): Promise<YieldCandidate> {
    await this.#verdicts.check(c.chainId, [...c.underlyingTokens, ...c.rewardTokens]);
    if (c.pool === null) return c;
    const now = this.#now();
    let chart = this.#charts.get(c.pool);
    if (chart === undefined || now - chart.at > this.#config.poolsTtlMs) {
      try {
        const points = await this.#client.chart(c.pool);
        chart = { at: now, lastPointAt: points.at(-1)?.at ?? null };
        this.#charts.set(c.pool, chart);
        if (this.#charts.size > 5_000) {
          const oldest = this.#charts.keys().next().value;
          if (oldest !== undefined) this.#charts.delete(oldest);
        }
      } catch {
        // The chart is a second opinion on freshness; without it the list's own signals (age, count) decide.
        return c;
      }
    }
    if (chart.lastPointAt === null) return c;
    return { ...c, unchangedForMs: Math.max(0, now - chart.lastPointAt) };
  }

  async #gather(q: YieldQuery): Promise<Gathered> {
    const source = q.filters.source;
    const [llama, vaults] = await Promise.all([
      source === 'onchain' ? null : this.#defiLlama(),
      source === 'defillama' ? null : this.#vaults(q.filters.chainId),
    ]);
    const provider: YieldProviderStatusDto =
      llama === null
        ? {
            name: 'defillama',
            status: 'not-used',
            fetchedAt: null,
            ageSeconds: null,
            lastError: null,
            rejectedPools: null,
          }
        : {
            name: 'defillama',
            status: llama.view.stale ? 'stale' : 'fresh',
            fetchedAt: new Date(llama.view.fetchedAt).toISOString(),
            ageSeconds: Math.floor(llama.view.ageMs / 1000),
            lastError:
              llama.view.lastError === null
                ? null
                : { code: llama.view.lastError.code, at: new Date(llama.view.lastError.at).toISOString() },
            rejectedPools: llama.view.rejected,
          };
    const shift = llama === null ? 0 : Math.max(0, this.#now() - llama.view.fetchedAt);
    return {
      provider,
      candidates: [...(llama?.candidates ?? []), ...(vaults?.candidates ?? [])],
      timed: (c) =>
        c.source !== 'defillama' || shift === 0
          ? c
          : { ...c, dataAgeMs: (c.dataAgeMs ?? 0) + shift, unchangedForMs: (c.unchangedForMs ?? 0) + shift },
      details: vaults?.details ?? new Map(),
      failedChains: vaults?.failedChains ?? [],
      unreadableVaults: vaults?.unreadable ?? [],
    };
  }

  async #defiLlama(): Promise<{ view: PoolListView; candidates: readonly YieldCandidate[] }> {
    let view: PoolListView;
    try {
      view = await this.#cache.get();
    } catch (error) {
      if (error instanceof YieldDataUnavailableError) {
        throw new ApiProblem(
          503,
          'YIELD_DATA_UNAVAILABLE',
          'DefiLlama yields are unavailable',
          `${error.message}${error.providerCode === null ? '' : ` (${error.providerCode})`}; source=onchain lists the configured vaults only`,
          { providerCode: error.providerCode },
        );
      }
      throw error;
    }
    if (this.#base?.fetchedAt !== view.fetchedAt) {
      this.#base = {
        fetchedAt: view.fetchedAt,
        candidates: view.pools.map((pool) => {
          const chain = defiLlamaChainOf({ registry: this.#registry, name: pool.chain });
          return defiLlamaCandidate({
            pool,
            chainId: chain?.id ?? null,
            chainName: chain?.name ?? pool.chain,
            now: view.fetchedAt,
            fetchedAt: view.fetchedAt,
          });
        }),
      };
    }
    // Built once per fetched list, ages as of the fetch (`timed` brings the few kept by a filter to now).
    return { view, candidates: this.#base.candidates };
  }

  async #vaults(chainId: number | undefined) {
    const candidates: YieldCandidate[] = [];
    const details = new Map<string, VaultDetails>();
    const failedChains: YieldChainFailureDto[] = [];
    const unreadable: YieldUnreadableVaultDto[] = [];
    const entries = [...this.#config.vaults].filter(([id]) => chainId === undefined || id === chainId);
    await Promise.all(
      entries.map(async ([id, vaults]) => {
        const info = this.#registry.find((c) => c.id === id);
        if (info === undefined) return;
        const ref = { id: info.id, name: info.name };
        try {
          const { provider, timeoutMs, chain } = await this.#providers.get(String(id));
          const read = await readVaultCandidates({
            provider,
            chain,
            vaults,
            owner: this.#wallet,
            store: this.#store,
            usdToken: this.#usdToken(id),
            minLiquidityWei: this.#minLiquidityWei,
            timeoutMs,
          });
          for (const row of read.rows) {
            candidates.push(row.candidate);
            details.set(row.candidate.id, row.details);
          }
          for (const u of read.unreadable) unreadable.push({ chain: ref, vault: u.vault, reason: u.reason });
        } catch (error) {
          failedChains.push({ chain: ref, error: chainErrorOf(error) });
        }
      }),
    );
    return { candidates, details, failedChains, unreadable };
  }

  #usdToken(chainId: number): Address | null {
    return this.#portfolio.usdTokens.has(chainId)
      ? (this.#portfolio.usdTokens.get(chainId) ?? null)
      : defaultUsdToken({ chainId });
  }

  /** The addresses a symbol has on a chain's token list (lower-case), for `asset=<symbol>` matching. */
  #addressesOf(chainId: number | null, symbol: string): ReadonlySet<string> {
    if (chainId === null) return EMPTY;
    if (this.#symbols === null) {
      this.#symbols = new Map();
      for (const chain of this.#registry) {
        const bySymbol = new Map<string, Set<string>>();
        const extra = this.#extraTokens.get(chain.id);
        for (const token of getSwapTokenList({ chain, ...(extra ? { extraTokens: extra } : {}) })) {
          if (token.symbol === null || token.symbol === undefined) continue;
          const key = token.symbol.toUpperCase();
          const set = bySymbol.get(key) ?? new Set<string>();
          set.add(token.address.toLowerCase());
          bySymbol.set(key, set);
        }
        this.#symbols.set(chain.id, bySymbol);
      }
    }
    return this.#symbols.get(chainId)?.get(symbol) ?? EMPTY;
  }
}

const EMPTY: ReadonlySet<string> = new Set();
