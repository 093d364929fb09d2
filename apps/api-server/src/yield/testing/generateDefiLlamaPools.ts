// Test and bench support (never imported by runtime code): DefiLlama `/pools` rows in the provider's real shape
// (every column of yield-server's enrichedColumns, nullable as documented, numbers rounded to 5 decimals, the list
// sorted by tvlUsd descending), generated deterministically from a seed.

/** A `/pools` row exactly as DefiLlama serves it (raw JSON, before our validation). */
export type RawDefiLlamaPool = Record<string, unknown> & {
  pool: string;
  chain: string;
  project: string;
  symbol: string;
};

const CHAINS = [
  'Ethereum',
  'Arbitrum',
  'Base',
  'Optimism',
  'Polygon',
  'BSC',
  'Avalanche',
  'Solana',
  'Tron',
  'Sui',
];
const PROJECTS = [
  'aave-v3',
  'compound-v3',
  'morpho-blue',
  'uniswap-v3',
  'curve-dex',
  'lido',
  'pendle',
  'yearn-finance',
  'beefy',
  'spark',
];
const SYMBOLS = [
  'USDC',
  'USDT',
  'DAI',
  'WETH',
  'WBTC',
  'USDC-WETH',
  'WETH-WBTC',
  'USDC-USDT',
  'STETH',
  'CRV',
];
const STABLE = new Set(['USDC', 'USDT', 'DAI', 'USDC-USDT']);

/** Mulberry32: a small deterministic PRNG (same seed → same pools on every machine). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round5 = (x: number) => Math.round(x * 1e5) / 1e5;

/** A deterministic UUID for pool `n` of `seed` (DefiLlama's config ids are UUIDs). */
export function fixturePoolId(seed: number, n: number): string {
  const hex = (v: number, len: number) => (v >>> 0).toString(16).padStart(8, '0').slice(-len);
  return `${hex(seed * 7919 + n, 8)}-${hex(n, 4)}-4${hex(seed, 3)}-8${hex(n * 31, 3)}-${hex(n * 2654435761, 8)}${hex(seed + n, 4)}`;
}

/** A deterministic 20-byte address for token `n` (lower-case hex, as DefiLlama lists them). */
export function fixtureTokenAddress(n: number): string {
  return `0x${(n + 1).toString(16).padStart(40, '0')}`;
}

/**
 * One `/pools` row with every documented column; `overrides` replace any of them.
 *
 * @example
 * ```ts
 * const row = fixturePool({ pool: fixturePoolId(1, 1), chain: 'Ethereum', project: 'aave-v3', symbol: 'USDC' });
 * ```
 */
export function fixturePool(
  overrides: Partial<RawDefiLlamaPool> & Pick<RawDefiLlamaPool, 'pool'>,
): RawDefiLlamaPool {
  return {
    chain: 'Ethereum',
    project: 'aave-v3',
    symbol: 'USDC',
    tvlUsd: 250_000_000,
    apyBase: 4.1,
    apyReward: null,
    apy: 4.1,
    rewardTokens: null,
    apyPct1D: 0.01,
    apyPct7D: -0.2,
    apyPct30D: 0.3,
    stablecoin: true,
    ilRisk: 'no',
    exposure: 'single',
    predictions: { predictedClass: 'Stable/Up', predictedProbability: 71, binnedConfidence: 3 },
    poolMeta: null,
    mu: 4.3,
    sigma: 0.05,
    count: 900,
    outlier: false,
    underlyingTokens: [fixtureTokenAddress(0)],
    il7d: null,
    apyBase7d: 4.05,
    apyMean30d: 4.0,
    volumeUsd1d: null,
    volumeUsd7d: null,
    apyBaseInception: null,
    ...overrides,
  };
}

/**
 * `count` pools generated from `seed`: every chain, project and symbol mix, reward tokens on a third, outliers,
 * null predictions and null `apyPct*` here and there, sorted by `tvlUsd` descending like the real list.
 *
 * @example
 * ```ts
 * const rows = generateDefiLlamaPools({ count: 20_000, seed: 42 });
 * ```
 */
export function generateDefiLlamaPools({ count, seed }: { count: number; seed: number }): RawDefiLlamaPool[] {
  const rnd = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const rows: RawDefiLlamaPool[] = [];
  for (let n = 0; n < count; n++) {
    const symbol = pick(SYMBOLS);
    const parts = symbol.split('-');
    const apyBase = round5(rnd() < 0.1 ? 0 : rnd() * 12);
    const hasReward = rnd() < 0.33;
    const apyReward = hasReward ? round5(rnd() * 8) : null;
    const apy = round5(apyBase + (apyReward ?? 0));
    const young = rnd() < 0.05;
    const nullPct = rnd() < 0.05;
    rows.push({
      pool: fixturePoolId(seed, n),
      chain: pick(CHAINS),
      project: pick(PROJECTS),
      symbol,
      tvlUsd: round5(10_000 + rnd() ** 3 * 2_000_000_000),
      apyBase,
      apyReward,
      apy,
      rewardTokens: hasReward ? [fixtureTokenAddress(1000 + Math.floor(rnd() * 50))] : null,
      apyPct1D: nullPct ? null : round5(rnd() - 0.5),
      apyPct7D: nullPct ? null : round5(rnd() * 2 - 1),
      apyPct30D: nullPct ? null : round5(rnd() * 4 - 2),
      stablecoin: STABLE.has(symbol),
      ilRisk: parts.length > 1 ? 'yes' : 'no',
      exposure: parts.length > 1 ? 'multi' : 'single',
      predictions:
        young || apy <= 0
          ? { predictedClass: null, predictedProbability: null, binnedConfidence: null }
          : {
              predictedClass: rnd() < 0.8 ? 'Stable/Up' : 'Down',
              predictedProbability: round5(50 + rnd() * 50),
              binnedConfidence: 1 + Math.floor(rnd() * 3),
            },
      poolMeta: rnd() < 0.2 ? `market ${n % 7}` : null,
      mu: round5(apy * (0.8 + rnd() * 0.4)),
      sigma: round5(rnd() * 0.6),
      count: young ? 1 + Math.floor(rnd() * 6) : 30 + Math.floor(rnd() * 1500),
      outlier: rnd() < 0.03,
      underlyingTokens: parts.map((_, i) => fixtureTokenAddress(SYMBOLS.indexOf(symbol) * 10 + i)),
      il7d: parts.length > 1 ? round5(-rnd()) : null,
      apyBase7d: round5(apyBase * (0.9 + rnd() * 0.2)),
      apyMean30d: round5(apy * (0.8 + rnd() * 0.4)),
      volumeUsd1d: parts.length > 1 ? round5(rnd() * 10_000_000) : null,
      volumeUsd7d: parts.length > 1 ? round5(rnd() * 70_000_000) : null,
      apyBaseInception: rnd() < 0.5 ? round5(rnd() * 10) : null,
    });
  }
  return rows.sort((a, b) => (b['tvlUsd'] as number) - (a['tvlUsd'] as number));
}
