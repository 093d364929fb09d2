import type { DefiLlamaChartPoint, DefiLlamaPool } from './defiLlamaTypes.js';
import { fetchBoundedJson } from './fetchBoundedJson.js';
import { parseDefiLlamaChart } from './parseDefiLlamaChart.js';
import { parseDefiLlamaPools } from './parseDefiLlamaPools.js';
import { YieldProviderError } from './YieldProviderError.js';

/** Parameters of {@link createDefiLlamaClient}. */
export interface CreateDefiLlamaClientParameters {
  /** `https://yields.llama.fi` (free) or, with a key, DefiLlama's Pro host `https://pro-api.llama.fi`. */
  readonly baseUrl: string;
  /** Pro API key (secret): requests go to `{baseUrl}/{key}/yields/…`. Never logged, never in an error. */
  readonly apiKey?: string;
  /** Deadline of one whole request, body included. */
  readonly timeoutMs: number;
  /** Largest `/pools` body accepted, bytes. */
  readonly maxBodyBytes: number;
}

/** A DefiLlama yields client. */
export interface DefiLlamaClient {
  /** `GET /pools`: every pool, validated (bad rows dropped and counted). */
  pools(): Promise<{ pools: DefiLlamaPool[]; rejected: number }>;
  /** `GET /chart/{pool}`: the pool's daily history, oldest first; an unknown pool is an empty list. */
  chart(pool: string): Promise<DefiLlamaChartPoint[]>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * DefiLlama's yields API (`/pools`, `/chart/{pool}`) with a deadline over each whole response, a size bound on the
 * body, shape validation and typed errors ({@link YieldProviderError}). A pool id that is not a UUID is refused before
 * any request (the provider answers 400 `invalid configID!`).
 *
 * @example
 * ```ts
 * const client = createDefiLlamaClient({ baseUrl: 'https://yields.llama.fi', timeoutMs: 30_000, maxBodyBytes: 64 << 20 });
 * const { pools } = await client.pools();
 * ```
 */
export function createDefiLlamaClient({
  baseUrl,
  apiKey,
  timeoutMs,
  maxBodyBytes,
}: CreateDefiLlamaClientParameters): DefiLlamaClient {
  const root = baseUrl.replace(/\/+$/, '');
  const url = (path: string) =>
    apiKey === undefined ? `${root}${path}` : `${root}/${encodeURIComponent(apiKey)}/yields${path}`;
  return {
    async pools() {
      return parseDefiLlamaPools(
        await fetchBoundedJson({ url: url('/pools'), timeoutMs, maxBytes: maxBodyBytes }),
      );
    },
    async chart(pool: string) {
      if (!UUID.test(pool)) {
        throw new YieldProviderError('YIELD_PROVIDER_BAD_RESPONSE', 'a pool id is not a UUID');
      }
      // A chart is ~30 bytes a day: a few MB bounds years of history.
      const body = await fetchBoundedJson({
        url: url(`/chart/${pool}`),
        timeoutMs,
        maxBytes: Math.min(maxBodyBytes, 8 << 20),
      });
      return parseDefiLlamaChart(body);
    },
  };
}
