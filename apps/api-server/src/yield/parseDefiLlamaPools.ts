import type { DefiLlamaPool, DefiLlamaPrediction } from './defiLlamaTypes.js';
import { YieldProviderError } from './YieldProviderError.js';

/** Result of {@link parseDefiLlamaPools}. */
export interface ParseDefiLlamaPoolsReturnType {
  readonly pools: DefiLlamaPool[];
  /** Rows dropped for not matching the documented shape (a wrong type, a missing id, a duplicate id). */
  readonly rejected: number;
}

const text = (v: unknown, max: number): string | null =>
  typeof v === 'string' && v.length > 0 && v.length <= max ? v : null;
const num = (v: unknown): number | null | undefined =>
  v === null || v === undefined ? null : typeof v === 'number' && Number.isFinite(v) ? v : undefined;
const bool = (v: unknown): boolean | null | undefined =>
  v === null || v === undefined ? null : typeof v === 'boolean' ? v : undefined;
const strings = (v: unknown): string[] | null | undefined => {
  if (v === null || v === undefined) return null;
  if (!Array.isArray(v) || v.length > 50) return undefined;
  return v.every((s) => typeof s === 'string' && s.length <= 100) ? (v as string[]) : undefined;
};
const NUMBERS = [
  'apy',
  'apyBase',
  'apyReward',
  'apyPct1D',
  'apyPct7D',
  'apyPct30D',
  'apyMean30d',
  'apyBase7d',
  'mu',
  'sigma',
  'count',
] as const;

/**
 * Validates `GET /pools` (`{ status: "success", data: Pool[] }`). The envelope must be exact; a row that does not
 * match the documented column types (nullable numbers finite or null, string arrays, booleans, a non-empty id, a
 * finite non-negative `tvlUsd`) is dropped and counted — one bad row never costs the other 20,000 — but an empty list,
 * or more than half the rows rejected, is a bad response (a cache is never replaced by it).
 *
 * @example
 * ```ts
 * const { pools, rejected } = parseDefiLlamaPools(JSON.parse(body));
 * ```
 */
export function parseDefiLlamaPools(body: unknown): ParseDefiLlamaPoolsReturnType {
  const envelope = body as { status?: unknown; data?: unknown } | null;
  if (typeof envelope !== 'object' || envelope === null || envelope.status !== 'success') {
    throw new YieldProviderError(
      'YIELD_PROVIDER_BAD_RESPONSE',
      'the pool list is not {status:"success", data}',
    );
  }
  if (!Array.isArray(envelope.data) || envelope.data.length === 0) {
    throw new YieldProviderError('YIELD_PROVIDER_BAD_RESPONSE', 'the pool list is empty or not an array');
  }
  const pools: DefiLlamaPool[] = [];
  const seen = new Set<string>();
  let rejected = 0;
  for (const row of envelope.data as unknown[]) {
    const pool = parseRow(row);
    if (pool === null || seen.has(pool.pool)) {
      rejected++;
      continue;
    }
    seen.add(pool.pool);
    pools.push(pool);
  }
  if (rejected * 2 > envelope.data.length) {
    throw new YieldProviderError(
      'YIELD_PROVIDER_BAD_RESPONSE',
      `${rejected} of ${envelope.data.length} pools do not match the documented shape`,
    );
  }
  return { pools, rejected };
}

function parseRow(row: unknown): DefiLlamaPool | null {
  if (typeof row !== 'object' || row === null || Array.isArray(row)) return null;
  const r = row as Record<string, unknown>;
  const pool = text(r['pool'], 100);
  const chain = text(r['chain'], 100);
  const project = text(r['project'], 200);
  const symbol = typeof r['symbol'] === 'string' && r['symbol'].length <= 300 ? r['symbol'] : null;
  const tvlUsd = num(r['tvlUsd']);
  if (pool === null || chain === null || project === null || symbol === null) return null;
  if (typeof tvlUsd !== 'number' || tvlUsd < 0) return null;
  const numbers: Record<string, number | null> = {};
  for (const key of NUMBERS) {
    const value = num(r[key]);
    if (value === undefined) return null;
    numbers[key] = value;
  }
  const rewardTokens = strings(r['rewardTokens']);
  const underlyingTokens = strings(r['underlyingTokens']);
  const stablecoin = bool(r['stablecoin']);
  const outlier = bool(r['outlier']);
  const predictions = parsePredictions(r['predictions']);
  if (
    rewardTokens === undefined ||
    underlyingTokens === undefined ||
    stablecoin === undefined ||
    outlier === undefined ||
    predictions === undefined
  ) {
    return null;
  }
  const optionalText = (v: unknown) => (typeof v === 'string' ? v.slice(0, 300) : null);
  return {
    pool,
    chain,
    project,
    symbol,
    tvlUsd,
    apy: numbers['apy'] ?? null,
    apyBase: numbers['apyBase'] ?? null,
    apyReward: numbers['apyReward'] ?? null,
    rewardTokens,
    underlyingTokens,
    poolMeta: optionalText(r['poolMeta']),
    apyPct1D: numbers['apyPct1D'] ?? null,
    apyPct7D: numbers['apyPct7D'] ?? null,
    apyPct30D: numbers['apyPct30D'] ?? null,
    apyMean30d: numbers['apyMean30d'] ?? null,
    apyBase7d: numbers['apyBase7d'] ?? null,
    stablecoin,
    ilRisk: optionalText(r['ilRisk']),
    exposure: optionalText(r['exposure']),
    mu: numbers['mu'] ?? null,
    sigma: numbers['sigma'] ?? null,
    count: numbers['count'] ?? null,
    outlier,
    predictions,
  };
}

function parsePredictions(v: unknown): DefiLlamaPrediction | null | undefined {
  if (v === null || v === undefined) return null;
  if (typeof v !== 'object' || Array.isArray(v)) return undefined;
  const p = v as Record<string, unknown>;
  const predictedClass = p['predictedClass'];
  const predictedProbability = num(p['predictedProbability']);
  const binnedConfidence = num(p['binnedConfidence']);
  if (predictedClass !== null && predictedClass !== undefined && typeof predictedClass !== 'string')
    return undefined;
  if (predictedProbability === undefined || binnedConfidence === undefined) return undefined;
  return {
    predictedClass: typeof predictedClass === 'string' ? predictedClass.slice(0, 50) : null,
    predictedProbability,
    binnedConfidence,
  };
}
