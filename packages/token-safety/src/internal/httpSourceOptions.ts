import { InvalidParameterError } from '../errors/InvalidParameterError.js';
import type { SourceEvidence } from '../types.js';
import type { FetchLike } from './requestJson.js';
import { TtlCache } from './TtlCache.js';

/** The HTTP client options shared by the HTTP provider sources (GoPlus, DexScreener). */
export type HttpSourceParameters = {
  /** Base URL of the provider's API, e.g. `https://api.gopluslabs.io` (tests point it at 127.0.0.1). */
  baseUrl: string;
  /** Per-attempt time-out, default 5000 ms. */
  timeoutMs?: number;
  /** Retries on 429 / 5xx / network errors (and GoPlus body code 4029), default 2. */
  retries?: number;
  /** First backoff delay, doubled per retry, default 250 ms. */
  retryDelayMs?: number;
  /** TTL of the success cache (default 60 000 ms for GoPlus, 30 000 ms for DexScreener); 0 disables it. */
  cacheTtlMs?: number;
  /** Injected fetch (defaults to the global one). */
  fetch?: FetchLike;
  /** Clock for the cache, default `Date.now`. */
  now?: () => number;
};

/** {@link HttpSourceParameters} validated, with their defaults applied. */
export type HttpSourceOptions = {
  /** The base URL without a trailing slash. */
  baseUrl: string;
  timeoutMs: number;
  retries: number;
  retryDelayMs: number;
  fetch: FetchLike;
  /** The success cache (bounded to 500 entries, TTL `cacheTtlMs`, clock `now`). */
  cache: TtlCache<SourceEvidence>;
};

/**
 * Applies the defaults to {@link HttpSourceParameters}, validates them (throws `InvalidParameterError`) and
 * builds the success cache. `defaults.cacheTtlMs` is the source's own cache TTL default.
 */
export function resolveHttpSourceOptions(
  parameters: HttpSourceParameters,
  defaults: { cacheTtlMs: number },
): HttpSourceOptions {
  const timeoutMs = parameters.timeoutMs ?? 5_000;
  const retries = parameters.retries ?? 2;
  const retryDelayMs = parameters.retryDelayMs ?? 250;
  const cacheTtlMs = parameters.cacheTtlMs ?? defaults.cacheTtlMs;
  const baseUrl = validateBaseUrl(parameters.baseUrl);
  const checks: [string, number, number, number][] = [
    ['timeoutMs', timeoutMs, 1, 120_000],
    ['retries', retries, 0, 10],
    ['retryDelayMs', retryDelayMs, 0, 60_000],
    ['cacheTtlMs', cacheTtlMs, 0, 86_400_000],
  ];
  for (const [name, value, min, max] of checks) {
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new InvalidParameterError({ parameter: name, reason: `must be an integer in [${min}, ${max}]` });
    }
  }
  return {
    baseUrl,
    timeoutMs,
    retries,
    retryDelayMs,
    fetch: parameters.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    cache: new TtlCache<SourceEvidence>(cacheTtlMs, 500, parameters.now ?? Date.now),
  };
}

/** An absolute http(s) URL, returned without its trailing slashes. */
function validateBaseUrl(baseUrl: unknown): string {
  if (typeof baseUrl !== 'string') {
    throw new InvalidParameterError({ parameter: 'baseUrl', reason: 'must be a string' });
  }
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new InvalidParameterError({ parameter: 'baseUrl', reason: 'must be an absolute http(s) URL' });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new InvalidParameterError({ parameter: 'baseUrl', reason: 'must be an http(s) URL' });
  }
  return baseUrl.replace(/\/+$/, '');
}
