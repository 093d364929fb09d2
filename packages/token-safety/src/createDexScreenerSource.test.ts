import { afterEach, describe, expect, it } from 'vitest';
import { createDexScreenerSource } from './createDexScreenerSource.js';
import { createTokenSecurityService } from './createTokenSecurityService.js';
import { type FixtureAnswer, loadFixture, startFixtureServer } from './test-support/startFixtureServer.js';
import { TEST_CHAIN_TABLE } from './test-support/testChainTable.js';

const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
const NOW = 1_760_000_000_000;
let server: Awaited<ReturnType<typeof startFixtureServer>> | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function reportWith(
  answer: FixtureAnswer | ((i: number) => FixtureAnswer),
  chain: number | string = 1,
) {
  server = await startFixtureServer((_req, i) => (typeof answer === 'function' ? answer(i) : answer));
  const dex = createDexScreenerSource({
    baseUrl: server.url,
    // Generous for the answering cases (a loaded 2-core machine), far below the slow fixture's 5 s delay.
    timeoutMs: 1_000,
    retries: 1,
    retryDelayMs: 5,
    cacheTtlMs: 0,
  });
  return createTokenSecurityService({ chains: TEST_CHAIN_TABLE, sources: [dex], clock: () => NOW }).getReport(
    { chain, address: USDC },
  );
}

describe('createDexScreenerSource against a local DexScreener', () => {
  it('sums liquidity and volume over the pairs on the SAME chain only (base or quote side)', async () => {
    const report = await reportWith({ body: loadFixture('dexscreener-tokens.json') });
    expect(server?.requests[0]?.url).toBe(`/latest/dex/tokens/${USDC}`);
    // ethereum pairs: 41 350 721.12 + 2 000 000.5 (+ one pair without liquidity); base and bsc are ignored.
    expect(report.liquidity.usd).toBe(43_350_721.62);
    expect(report.liquidity.volume24hUsd).toBe(12_350_000.25);
    expect(report.liquidity.pairCount).toBe(3);
    expect(report.liquidity.pairAgeDays).toBe(1500);
    expect(report.warnings.join('\n')).toMatch(/no USD liquidity for 1 of 3 pairs/);
    expect(report.sources[0]?.fields).toEqual(
      expect.arrayContaining(['liquidityUsd', 'volume24hUsd', 'pairCount', 'pairCreatedAt']),
    );
    // Liquidity alone is not a safety verdict.
    expect(report.tax.isHoneypot).toBeNull();
    expect(report.isSafe).toBe(false);
  });

  it('takes the base chain pairs for a base report, never pairs[0]', async () => {
    const report = await reportWith({ body: loadFixture('dexscreener-tokens.json') }, 'base');
    expect(report.liquidity.usd).toBe(9_999_999);
    expect(report.liquidity.pairAgeDays).toBe(10);
  });

  const failures: [string, FixtureAnswer, string][] = [
    ['pairs: null', { body: loadFixture('dexscreener-no-pairs.json') }, 'PROVIDER_NO_DATA'],
    [
      'pairs only on another chain',
      { body: loadFixture('dexscreener-other-chain-only.json') },
      'PROVIDER_NO_DATA',
    ],
    ['HTTP 429', { status: 429, body: '' }, 'PROVIDER_RATE_LIMITED'],
    ['HTTP 500', { status: 500, body: '' }, 'PROVIDER_HTTP_ERROR'],
    ['time-out', { delayMs: 5_000, body: loadFixture('dexscreener-tokens.json') }, 'PROVIDER_TIMEOUT'],
    ['malformed JSON', { body: '{"schemaVersion":"1.0.0","pairs":[' }, 'PROVIDER_BAD_RESPONSE'],
    ['wrong shape', { body: '{"schemaVersion":"1.0.0","pairs":{}}' }, 'PROVIDER_BAD_RESPONSE'],
  ];
  it.each(failures)('%s → liquidity null, source failed, not safe', async (_name, answer, code) => {
    const report = await reportWith(answer);
    expect(report.liquidity.usd).toBeNull();
    expect(report.sources[0]?.status).toBe('failed');
    expect(report.sources[0]?.error?.code).toBe(code);
    expect(report.factors.map((f) => f.id)).toContain('liquidity-unknown');
    expect(report.isSafe).toBe(false);
  });

  it('does not cover the devnet', async () => {
    const report = await reportWith({ body: loadFixture('dexscreener-tokens.json') }, 31337);
    expect(server?.requests).toHaveLength(0);
    expect(report.sources[0]?.status).toBe('skipped');
  });
});
