import { InvalidParameterError } from '../errors/InvalidParameterError.js';

/** Validates the options shared by the HTTP provider clients and returns the base URL without a trailing slash. */
export function validateClientOptions(options: {
  baseUrl: unknown;
  timeoutMs: number;
  retries: number;
  retryDelayMs: number;
  cacheTtlMs: number;
}): string {
  if (typeof options.baseUrl !== 'string') {
    throw new InvalidParameterError({ parameter: 'baseUrl', reason: 'must be a string' });
  }
  let url: URL;
  try {
    url = new URL(options.baseUrl);
  } catch {
    throw new InvalidParameterError({ parameter: 'baseUrl', reason: 'must be an absolute http(s) URL' });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new InvalidParameterError({ parameter: 'baseUrl', reason: 'must be an http(s) URL' });
  }
  const checks: [string, number, number, number][] = [
    ['timeoutMs', options.timeoutMs, 1, 120_000],
    ['retries', options.retries, 0, 10],
    ['retryDelayMs', options.retryDelayMs, 0, 60_000],
    ['cacheTtlMs', options.cacheTtlMs, 0, 86_400_000],
  ];
  for (const [name, value, min, max] of checks) {
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new InvalidParameterError({ parameter: name, reason: `must be an integer in [${min}, ${max}]` });
    }
  }
  return options.baseUrl.replace(/\/+$/, '');
}
