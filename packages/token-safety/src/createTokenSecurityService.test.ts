import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDexScreenerSource } from './createDexScreenerSource.js';
import { createGoPlusSource } from './createGoPlusSource.js';
import { createTokenSecurityService } from './createTokenSecurityService.js';
import { loadFixture, startFixtureServer } from './test-support/startFixtureServer.js';
import type { TokenDataSource } from './types.js';
import { TEST_CHAIN_TABLE } from './test-support/testChainTable.js';

const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
const NOW = 1_760_000_000_000;
let providers: Awaited<ReturnType<typeof startFixtureServer>>;
let goplusFixture = 'goplus-evm-clean.json';

beforeAll(async () => {
  // One local server playing both providers, routed by path like the real hosts.
  providers = await startFixtureServer((request) =>
    request.url?.startsWith('/latest/dex/tokens/')
      ? { body: loadFixture('dexscreener-tokens.json') }
      : { body: loadFixture(goplusFixture) },
  );
});
afterAll(async () => {
  await providers.close();
});

function httpSources(): TokenDataSource[] {
  return [
    createGoPlusSource({ baseUrl: providers.url, cacheTtlMs: 0 }),
    createDexScreenerSource({ baseUrl: providers.url, cacheTtlMs: 0 }),
  ];
}

/** A stand-in on-chain evidence source whose sell reverts (what chain-evm's simulation reports for a honeypot). */
const revertingSell: TokenDataSource = {
  name: 'onchain-simulation',
  supports: (chain) => chain.kind === 'evm',
  fetchEvidence: async () => ({ fields: { canBuy: true, canSell: false, isHoneypot: true, buyTax: 0 } }),
};

describe('createTokenSecurityService', () => {
  it('GoPlus + DexScreener on a clean token → safe, with provenance for every source', async () => {
    goplusFixture = 'goplus-evm-clean.json';
    const service = createTokenSecurityService({
      chains: TEST_CHAIN_TABLE,
      sources: httpSources(),
      clock: () => NOW,
    });
    const report = await service.getReport({ chain: 'ethereum', address: USDC });
    expect(report.isSafe).toBe(true);
    expect(report.riskLevel).toBe('low');
    expect(report.safetyScore).toBe(100);
    expect(report.coverage).toMatchObject({ known: 14, total: 14, ratio: 1, missing: [], scoreCap: 100 });
    expect(report.sources.map((s) => [s.name, s.status])).toEqual([
      ['goplus', 'ok'],
      ['dexscreener', 'ok'],
    ]);
    expect(report.sources[1]?.fields).toContain('liquidityUsd');
    expect(report.sources[0]?.fetchedAt).toBe(new Date(NOW).toISOString());
    expect(report.generatedAt).toBe(new Date(NOW).toISOString());
    expect(report.chain).toMatchObject({ id: 1, name: 'ethereum' });
    // JSON-friendly: survives a JSON round trip unchanged (no bigint, no undefined-only structures).
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
  });

  it('GoPlus answering everything but sell_tax → the sell tax is unknown and the report is NOT safe', async () => {
    const full = JSON.parse(loadFixture('goplus-evm-clean.json')) as {
      result: Record<string, Record<string, unknown>>;
    };
    for (const entry of Object.values(full.result)) delete entry.sell_tax;
    const withoutSellTax = await startFixtureServer((request) =>
      request.url?.startsWith('/latest/dex/tokens/')
        ? { body: loadFixture('dexscreener-tokens.json') }
        : { body: JSON.stringify(full) },
    );
    try {
      const service = createTokenSecurityService({
        chains: TEST_CHAIN_TABLE,
        sources: [
          createGoPlusSource({ baseUrl: withoutSellTax.url, cacheTtlMs: 0 }),
          createDexScreenerSource({ baseUrl: withoutSellTax.url, cacheTtlMs: 0 }),
        ],
        clock: () => NOW,
      });
      const report = await service.getReport({ chain: 'ethereum', address: USDC });
      expect(report.tax.isHoneypot).toBe(false);
      expect(report.tax.sellTax).toBeNull();
      expect(report.safetyScore).toBeGreaterThanOrEqual(70); // the score alone would have passed
      expect(report.isSafe).toBe(false);
      expect(report.riskLevel).not.toBe('low');
    } finally {
      await withoutSellTax.close();
    }
  });

  it('GoPlus says not a honeypot, the sell simulation reverts → honeypot, conflict reported, unsafe', async () => {
    goplusFixture = 'goplus-evm-clean.json';
    const service = createTokenSecurityService({
      chains: TEST_CHAIN_TABLE,
      sources: [...httpSources(), revertingSell],
      clock: () => NOW,
    });
    const report = await service.getReport({ chain: 1, address: USDC });
    expect(report.tax.isHoneypot).toBe(true);
    expect(report.tax.canSell).toBe(false);
    expect(report.isSafe).toBe(false);
    expect(report.safetyScore).toBe(0);
    expect(report.riskLevel).toBe('critical');
    expect(report.conflicts.map((c) => c.field)).toContain('isHoneypot');
    expect(report.warnings.join('\n')).toMatch(
      /Sources disagree on isHoneypot \(goplus=false, onchain-simulation=true\)/,
    );
  });

  it('a hanging source is cut at the deadline and recorded; the others still count', async () => {
    goplusFixture = 'goplus-evm-clean.json';
    const hanging: TokenDataSource = {
      name: 'slow',
      supports: () => true,
      fetchEvidence: () => new Promise(() => undefined),
    };
    const exploding: TokenDataSource = {
      name: 'broken',
      supports: () => true,
      fetchEvidence: async () => {
        throw new TypeError('boom');
      },
    };
    const service = createTokenSecurityService({
      chains: TEST_CHAIN_TABLE,
      sources: [...httpSources(), hanging, exploding],
      deadlineMs: 2_000,
    });
    const report = await service.getReport({ chain: 1, address: USDC });
    const slow = report.sources.find((s) => s.name === 'slow');
    expect(slow).toMatchObject({ status: 'failed', error: { code: 'PROVIDER_TIMEOUT' } });
    expect(report.sources.find((s) => s.name === 'broken')).toMatchObject({
      status: 'failed',
      error: { code: 'SOURCE_ERROR', message: 'boom' },
    });
    expect(report.tax.isHoneypot).toBe(false);
    expect(report.warnings.join('\n')).toMatch(/Source slow failed/);
  });

  it('the devnet with no sources for it: nothing known, never safe, explained', async () => {
    const service = createTokenSecurityService({ chains: TEST_CHAIN_TABLE, sources: httpSources() });
    const report = await service.getReport({ chain: 31337, address: USDC });
    expect(report.isSafe).toBe(false);
    expect(report.safetyScore).toBe(0);
    expect(report.tax).toMatchObject({ isHoneypot: null, buyTax: null, sellTax: null, canSell: null });
    expect(report.tax.error).toMatch(/no source covers chain devnet/);
    expect(report.recommendations.join('\n')).toMatch(/Do not buy until the honeypot status is known/);
  });

  it('throws typed errors only for invalid input', async () => {
    const service = createTokenSecurityService({ chains: TEST_CHAIN_TABLE, sources: httpSources() });
    await expect(service.getReport({ chain: 999, address: USDC })).rejects.toMatchObject({
      code: 'UNSUPPORTED_CHAIN',
    });
    await expect(service.getReport({ chain: 1, address: '0x1234' })).rejects.toMatchObject({
      code: 'INVALID_ADDRESS',
    });
    await expect(service.getReport({ chain: 'solana', address: USDC })).rejects.toMatchObject({
      code: 'INVALID_ADDRESS',
    });
  });

  it('a source answering with invalid values cannot make a token safe (plain-JS plugin sends strings)', async () => {
    goplusFixture = 'goplus-evm-clean.json';
    const sloppy: TokenDataSource = {
      name: 'sloppy',
      supports: () => true,
      // "true" as a string is not `true`: before validation it resolved the honeypot flag to false.
      fetchEvidence: async () => ({ fields: { isHoneypot: 'true', sellTax: Number.NaN } as never }),
    };
    const service = createTokenSecurityService({
      chains: TEST_CHAIN_TABLE,
      sources: [...httpSources(), sloppy],
      clock: () => NOW,
    });
    const report = await service.getReport({ chain: 1, address: USDC });
    expect(report.tax.isHoneypot).toBeNull();
    expect(report.tax.sellTax).toBeNull();
    expect(report.isSafe).toBe(false);
    expect(report.sources.find((s) => s.name === 'sloppy')?.fields).toEqual([]);
    expect(report.warnings.join('\n')).toMatch(/Source sloppy supplied an invalid isHoneypot \("true"\)/);
  });

  it('a source returning no { fields } object is a failed source', async () => {
    const empty: TokenDataSource = {
      name: 'empty',
      supports: () => true,
      fetchEvidence: async () => ({}) as never,
    };
    const report = await createTokenSecurityService({ chains: TEST_CHAIN_TABLE, sources: [empty] }).getReport(
      {
        chain: 1,
        address: USDC,
      },
    );
    expect(report.sources[0]).toMatchObject({ status: 'failed', error: { code: 'PROVIDER_BAD_RESPONSE' } });
    expect(report.isSafe).toBe(false);
  });

  it('several sources may share a name (one on-chain simulation per chain); only the covering one is listed', async () => {
    const forChain = (id: number, isHoneypot: boolean): TokenDataSource => ({
      name: 'onchain-simulation',
      supports: (chain) => chain.id === id,
      fetchEvidence: async () => ({ fields: { isHoneypot, canSell: !isHoneypot } }),
    });
    const service = createTokenSecurityService({
      chains: TEST_CHAIN_TABLE,
      sources: [forChain(1, true), forChain(31337, false), forChain(8453, false)],
    });
    const report = await service.getReport({ chain: 1, address: USDC });
    expect(report.sources.map((s) => [s.name, s.status])).toEqual([['onchain-simulation', 'ok']]);
    expect(report.tax.isHoneypot).toBe(true);
    const none = await service.getReport({ chain: 10, address: USDC });
    expect(none.sources.map((s) => [s.name, s.status])).toEqual([['onchain-simulation', 'skipped']]);
  });

  it('validates its configuration', () => {
    expect(() =>
      createTokenSecurityService({ chains: TEST_CHAIN_TABLE, sources: [revertingSell, revertingSell] }),
    ).toThrow(expect.objectContaining({ code: 'INVALID_PARAMETER' }));
    expect(() =>
      createTokenSecurityService({ chains: TEST_CHAIN_TABLE, sources: [], threshold: 150 }),
    ).toThrow(expect.objectContaining({ code: 'INVALID_PARAMETER' }));
  });

  it('refuses to start without a chain table (no second, built-in registry)', () => {
    expect(() => createTokenSecurityService({ sources: [], chains: [] })).toThrow(
      expect.objectContaining({ code: 'INVALID_PARAMETER' }),
    );
    expect(() => createTokenSecurityService({ sources: [] } as never)).toThrow(
      expect.objectContaining({ code: 'INVALID_PARAMETER' }),
    );
  });
});
