import { describe, expect, it } from 'vitest';
import { parseRateLimitHeaders } from './parseRateLimitHeaders.js';

const headers = (entries: Record<string, string>) => new Headers(entries);

describe('parseRateLimitHeaders', () => {
  it('reads LI.FI’s three headers', () => {
    expect(
      parseRateLimitHeaders(
        headers({ 'ratelimit-limit': '75', 'ratelimit-remaining': '3', 'ratelimit-reset': '42' }),
      ),
    ).toEqual({ limit: 75, remaining: 3, resetSeconds: 42 });
  });

  it('is null without any, and a malformed value is null, never a number', () => {
    expect(parseRateLimitHeaders(headers({}))).toBeNull();
    expect(
      parseRateLimitHeaders(headers({ 'ratelimit-remaining': '-1', 'ratelimit-reset': '1e3' })),
    ).toBeNull();
    expect(parseRateLimitHeaders(headers({ 'ratelimit-remaining': '0', 'ratelimit-reset': 'soon' }))).toEqual(
      {
        limit: null,
        remaining: 0,
        resetSeconds: null,
      },
    );
  });
});
