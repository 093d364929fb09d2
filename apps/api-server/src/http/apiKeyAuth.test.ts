import { createHash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { ApiProblem } from './ApiProblem.js';
import { type DigestCache, isValidApiKey, requireApiKey } from './apiKeyAuth.js';

const KEY = 'k'.repeat(40);
const OPERATOR = 'o'.repeat(40);

/** Runs the gate on a bare request and says what it did: passed it on, or refused it with a status. */
function gate(method: string, path: string, headers: Record<string, string> = {}) {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const req = { method, path, get: (name: string) => lower[name.toLowerCase()] } as unknown as Request;
  const set: Record<string, unknown> = {};
  const res = { locals: {}, setHeader: (n: string, v: unknown) => (set[n] = v) } as unknown as Response;
  let outcome: { passed: boolean; status?: number } | undefined;
  const next: NextFunction = (error?: unknown) => {
    outcome =
      error === undefined ? { passed: true } : { passed: false, status: (error as ApiProblem).status };
  };
  requireApiKey({ apiKey: KEY, operatorKey: OPERATOR })(req, res, next);
  return { ...outcome, headers: set, locals: res.locals };
}

describe('requireApiKey', () => {
  it('lets exactly health and the documentation through without a key, for GET and HEAD only', () => {
    for (const path of [
      '/health',
      '/health/',
      '/docs',
      '/docs/',
      '/docs/swagger-ui.css',
      '/redoc',
      '/redoc/x.js',
    ])
      expect([path, gate('GET', path).passed]).toEqual([path, true]);
    expect(gate('GET', '/openapi.json').passed).toBe(true);
    expect(gate('HEAD', '/health').passed).toBe(true);
    for (const path of [
      '/healthz',
      '/health/details',
      '/health.json',
      '/docsecret',
      '/redocs',
      '/openapi.json.bak',
      '/openapiXjson',
      '/x/health',
      '/governor/status',
    ])
      expect([path, gate('GET', path)]).toMatchObject([path, { passed: false, status: 401 }]);
    expect(gate('POST', '/health')).toMatchObject({ passed: false, status: 401 });
  });

  it('passes either key, marks which one, and makes the answer uncacheable', () => {
    expect(gate('GET', '/governor/status', { 'X-API-Key': KEY })).toMatchObject({
      passed: true,
      headers: { 'Cache-Control': 'no-store' },
      locals: { apiKeyVerified: true },
    });
    expect(gate('GET', '/governor/status', { 'X-Operator-Key': OPERATOR })).toMatchObject({
      passed: true,
      locals: { operatorKeyVerified: true },
    });
    expect(gate('GET', '/governor/status', { 'X-API-Key': OPERATOR })).toMatchObject({ status: 401 });
    expect(gate('GET', '/governor/status', { 'X-Operator-Key': KEY })).toMatchObject({ status: 401 });
  });
});

describe('isValidApiKey', () => {
  it('accepts the key and nothing else: near misses, prefixes, empty and oversized values fail', () => {
    const cache: DigestCache = {};
    expect(isValidApiKey(KEY, KEY, cache)).toBe(true);
    for (const presented of [
      `${KEY}x`,
      KEY.slice(1),
      KEY.toUpperCase(),
      '',
      ' ',
      'k'.repeat(2000),
      undefined,
      1,
    ])
      expect(isValidApiKey(presented, KEY, cache)).toBe(false);
  });

  it('compares SHA-256 digests of the UTF-8 text', () => {
    const cache: DigestCache = {};
    expect(isValidApiKey('ключ-🔑'.repeat(4), 'ключ-🔑'.repeat(4), cache)).toBe(true);
    expect(
      cache.entry?.digest.equals(createHash('sha256').update('ключ-🔑'.repeat(4), 'utf8').digest()),
    ).toBe(true);
  });
});
