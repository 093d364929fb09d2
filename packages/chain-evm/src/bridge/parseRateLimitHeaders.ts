import type { LifiRateLimit } from './types.js';

/** Headers as `fetch` exposes them. */
export interface HeaderReader {
  get(name: string): string | null;
}

/**
 * LI.FI's `ratelimit-limit`, `ratelimit-remaining` and `ratelimit-reset` (seconds until the window resets) headers,
 * or `null` when none is present. A malformed value reads as `null` for that field, never as a number.
 *
 * @example
 * ```ts
 * parseRateLimitHeaders(response.headers); // { limit: 75, remaining: 0, resetSeconds: 42 }
 * ```
 */
export function parseRateLimitHeaders(headers: HeaderReader): LifiRateLimit | null {
  const read = (name: string): number | null => {
    const text = headers.get(name)?.trim();
    if (text === undefined || !/^\d{1,10}$/.test(text)) return null;
    return Number(text);
  };
  const limit = read('ratelimit-limit');
  const remaining = read('ratelimit-remaining');
  const resetSeconds = read('ratelimit-reset');
  if (limit === null && remaining === null && resetSeconds === null) return null;
  return { limit, remaining, resetSeconds };
}
