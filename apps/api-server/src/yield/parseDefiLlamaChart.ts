import type { DefiLlamaChartPoint } from './defiLlamaTypes.js';
import { YieldProviderError } from './YieldProviderError.js';

/**
 * Validates `GET /chart/{pool}` (`{ status: "success", data: [{ timestamp (ISO), tvlUsd, apy, apyBase, apyReward, …
 * }] }`) into points sorted by time. A row with an unreadable timestamp or a non-finite figure makes the answer bad
 * (the chart decides whether a pool is frozen: a half-read chart could hide it). An unknown pool answers an empty
 * list.
 *
 * @example
 * ```ts
 * const points = parseDefiLlamaChart(JSON.parse(body));
 * const last = points.at(-1)?.at;
 * ```
 */
export function parseDefiLlamaChart(body: unknown): DefiLlamaChartPoint[] {
  const envelope = body as { status?: unknown; data?: unknown } | null;
  if (
    typeof envelope !== 'object' ||
    envelope === null ||
    envelope.status !== 'success' ||
    !Array.isArray(envelope.data)
  ) {
    throw new YieldProviderError(
      'YIELD_PROVIDER_BAD_RESPONSE',
      'the chart is not {status:"success", data:[…]}',
    );
  }
  const num = (v: unknown): number | null => {
    if (v === null || v === undefined) return null;
    if (typeof v === 'number' && Number.isFinite(v)) return v;
    throw new YieldProviderError('YIELD_PROVIDER_BAD_RESPONSE', 'a chart figure is not a finite number');
  };
  const points = (envelope.data as unknown[]).map((row): DefiLlamaChartPoint => {
    const r = row as Record<string, unknown> | null;
    const at = typeof r?.['timestamp'] === 'string' ? Date.parse(r['timestamp']) : Number.NaN;
    if (r === null || !Number.isFinite(at)) {
      throw new YieldProviderError('YIELD_PROVIDER_BAD_RESPONSE', 'a chart row has no ISO timestamp');
    }
    return {
      at,
      tvlUsd: num(r['tvlUsd']),
      apy: num(r['apy']),
      apyBase: num(r['apyBase']),
      apyReward: num(r['apyReward']),
    };
  });
  return points.sort((a, b) => a.at - b.at);
}
