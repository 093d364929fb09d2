import { afterEach, describe, expect, it } from 'vitest';
import { createGoPlusSource } from './createGoPlusSource.js';
import { createTokenSecurityService } from './createTokenSecurityService.js';
import { resolveChain } from './resolveChain.js';
import { type FixtureAnswer, loadFixture, startFixtureServer } from './test-support/startFixtureServer.js';
import { TEST_CHAIN_TABLE } from './test-support/testChainTable.js';

const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
const SOL_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
let server: Awaited<ReturnType<typeof startFixtureServer>> | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function reportWith(
  answers: FixtureAnswer | ((index: number) => FixtureAnswer),
  options: { timeoutMs?: number; retries?: number } = {},
) {
  server = await startFixtureServer((_req, index) =>
    typeof answers === 'function' ? answers(index) : answers,
  );
  const goplus = createGoPlusSource({
    baseUrl: server.url,
    timeoutMs: options.timeoutMs ?? 2_000,
    retries: options.retries ?? 2,
    retryDelayMs: 5,
    cacheTtlMs: 0,
  });
  const service = createTokenSecurityService({ chains: TEST_CHAIN_TABLE, sources: [goplus] });
  return service.getReport({ chain: 1, address: USDC.toUpperCase().replace('0X', '0x') });
}

describe('createGoPlusSource against a local GoPlus', () => {
  it('reads a clean token three-valued and calls the documented path with contract_addresses', async () => {
    const report = await reportWith({ body: loadFixture('goplus-evm-clean.json') });
    expect(server?.requests[0]?.url).toBe(`/api/v1/token_security/1?contract_addresses=${USDC}`);
    expect(report.tax).toEqual({ buyTax: 0, sellTax: 0, isHoneypot: false, canSell: null });
    expect(report.contract.isOpenSource).toBe(true);
    expect(report.contract.trustListed).toBe(true);
    expect(report.holders.count).toBe(3_912_345);
    // The pair, the burn address and the locked holder are excluded: Binance 14 (10%) is the top holder.
    expect(report.holders.topHolderPercent).toBe(10);
    expect(report.holders.top10HolderPercent).toBe(15);
    expect(report.holders.lpLockedPercent).toBe(80);
    expect(report.sources[0]).toMatchObject({ name: 'goplus', status: 'ok', cached: false });
    expect(report.sources[0]?.fields).toContain('isHoneypot');
    // Liquidity is unknown without DexScreener: 13 of 14 core fields known → capped at 92, still ≥ 70.
    expect(report.coverage.missing).toEqual(['liquidityUsd']);
    expect(report.isSafe).toBe(true);
    expect(report.riskLevel).toBe('low');
  });

  it('is_honeypot "1" → isHoneypot true, score 0, not safe', async () => {
    const report = await reportWith({ body: loadFixture('goplus-evm-honeypot.json') });
    expect(report.tax.isHoneypot).toBe(true);
    expect(report.tax.canSell).toBe(false);
    expect(report.tax.sellTax).toBe(100);
    expect(report.safetyScore).toBe(0);
    expect(report.isSafe).toBe(false);
    expect(report.riskLevel).toBe('critical');
    expect(report.factors.filter((f) => f.veto).map((f) => f.id)).toEqual(
      expect.arrayContaining(['honeypot', 'cannot-sell-all', 'sell-tax-extreme']),
    );
  });

  it('is_honeypot missing → null (unknown), never safe', async () => {
    const report = await reportWith({ body: loadFixture('goplus-evm-honeypot-missing.json') });
    expect(report.tax.isHoneypot).toBeNull();
    expect(report.tax.buyTax).toBe(0);
    expect(report.isSafe).toBe(false);
    expect(report.safetyScore).toBeLessThanOrEqual(40);
    expect(report.riskLevel).toBe('unknown');
    expect(report.tax.error).toBe('no source established isHoneypot');
  });

  it('fee taxes "0.05" → 5 percent', async () => {
    const report = await reportWith({ body: loadFixture('goplus-evm-fee.json') });
    expect(report.tax.buyTax).toBe(5);
    expect(report.tax.sellTax).toBe(5);
    expect(report.factors.map((f) => f.id)).toEqual(expect.arrayContaining(['buy-tax', 'sell-tax']));
  });

  const failures: [
    string,
    FixtureAnswer | ((i: number) => FixtureAnswer),
    string,
    { timeoutMs?: number }?,
  ][] = [
    ['empty result', { body: loadFixture('goplus-empty-result.json') }, 'PROVIDER_NO_DATA'],
    [
      'body-level error code with HTTP 200',
      { body: loadFixture('goplus-error-code.json') },
      'PROVIDER_ERROR_CODE',
    ],
    [
      'body-level rate limit 4029 on every attempt',
      { body: loadFixture('goplus-rate-limit-code.json') },
      'PROVIDER_RATE_LIMITED',
    ],
    [
      'HTTP 429 on every attempt',
      { status: 429, body: '{"message":"too many requests"}' },
      'PROVIDER_RATE_LIMITED',
    ],
    ['HTTP 500 on every attempt', { status: 500, body: 'internal error' }, 'PROVIDER_HTTP_ERROR'],
    ['HTTP 404 (not retried)', { status: 404, body: 'not found' }, 'PROVIDER_HTTP_ERROR'],
    [
      'time-out',
      { delayMs: 1_000, body: loadFixture('goplus-evm-clean.json') },
      'PROVIDER_TIMEOUT',
      { timeoutMs: 100 },
    ],
    ['malformed JSON', { body: '{"code":1,"result":{' }, 'PROVIDER_BAD_RESPONSE'],
    ['not an envelope', { body: '[1,2,3]' }, 'PROVIDER_BAD_RESPONSE'],
    ['connection dropped', { hangUp: true }, 'PROVIDER_NETWORK_ERROR'],
  ];
  it.each(failures)(
    '%s → isHoneypot null, tax.error, sources[].error, not safe',
    async (_name, answer, code, options) => {
      const report = await reportWith(answer, options ?? {});
      expect(report.tax.isHoneypot).toBeNull();
      expect(report.tax.buyTax).toBeNull();
      expect(report.tax.sellTax).toBeNull();
      expect(report.isSafe).toBe(false);
      expect(report.riskLevel).not.toBe('low');
      expect(report.sources[0]?.status).toBe('failed');
      expect(report.sources[0]?.error?.code).toBe(code);
      expect(report.tax.error).toContain(code);
      expect(report.warnings.join('\n')).toContain('goplus failed');
      expect(report.coverage.known).toBe(0);
      expect(report.safetyScore).toBe(0);
    },
  );

  it('retries 429 and 5xx with backoff, then succeeds', async () => {
    const report = await reportWith((i) =>
      i === 0
        ? { status: 429, headers: { 'retry-after': '0' }, body: '' }
        : i === 1
          ? { status: 503, body: '' }
          : { body: loadFixture('goplus-evm-clean.json') },
    );
    expect(server?.requests).toHaveLength(3);
    expect(report.tax.isHoneypot).toBe(false);
  });

  it('a 429 whose Retry-After is longer than the time-out is not waited out: one request, PROVIDER_RATE_LIMITED', async () => {
    // Waiting 60 s (capped at 5 s per retry) would hold the report, and every trade reading it, for 10 s.
    const report = await reportWith(
      { status: 429, headers: { 'retry-after': '60' }, body: loadFixture('goplus-rate-limit-code.json') },
      { timeoutMs: 200 },
    );
    expect(server?.requests).toHaveLength(1);
    expect(report.sources[0]?.status).toBe('failed');
    expect(report.sources[0]?.error?.code).toBe('PROVIDER_RATE_LIMITED');
    expect(report.isSafe).toBe(false);
  });

  it('partial data (code 2) is accepted with a warning; missing fields stay unknown', async () => {
    const report = await reportWith({ body: loadFixture('goplus-evm-partial.json') });
    expect(report.tax.isHoneypot).toBeNull();
    expect(report.contract.isOpenSource).toBe(true);
    expect(report.warnings.join('\n')).toMatch(/partial data/);
    expect(report.isSafe).toBe(false);
  });

  it('sends the access token and caches successful answers for the TTL (injected clock)', async () => {
    server = await startFixtureServer(() => ({ body: loadFixture('goplus-evm-clean.json') }));
    let now = 1_000;
    const goplus = createGoPlusSource({
      baseUrl: `${server.url}/`,
      accessToken: 'tok-123',
      cacheTtlMs: 500,
      now: () => now,
    });
    const chain = resolveChain({ chain: 1, table: TEST_CHAIN_TABLE });
    const first = await goplus.fetchEvidence({ chain, address: USDC });
    const second = await goplus.fetchEvidence({ chain, address: USDC });
    expect(first.cached).toBeUndefined();
    expect(second.cached).toBe(true);
    expect(second.fields).toEqual(first.fields);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.headers['authorization']).toBe('tok-123');
    now += 501;
    await goplus.fetchEvidence({ chain, address: USDC });
    expect(server.requests).toHaveLength(2);
  });

  it('does not cover the devnet and says so (skipped, not a fallback to chain 1)', async () => {
    server = await startFixtureServer(() => ({ body: loadFixture('goplus-evm-clean.json') }));
    const service = createTokenSecurityService({
      chains: TEST_CHAIN_TABLE,
      sources: [createGoPlusSource({ baseUrl: server.url })],
    });
    const report = await service.getReport({ chain: 31337, address: USDC });
    expect(server.requests).toHaveLength(0);
    expect(report.sources[0]?.status).toBe('skipped');
    expect(report.tax.isHoneypot).toBeNull();
    expect(report.isSafe).toBe(false);
    expect(report.warnings.join('\n')).toMatch(/No data source covers chain devnet/);
  });

  it('reads the Solana endpoint (objects with status) and keeps honeypot unknown', async () => {
    server = await startFixtureServer(() => ({ body: loadFixture('goplus-solana.json') }));
    const service = createTokenSecurityService({
      chains: TEST_CHAIN_TABLE,
      sources: [createGoPlusSource({ baseUrl: server.url, retryDelayMs: 5 })],
    });
    const report = await service.getReport({ chain: 'solana', address: SOL_MINT });
    expect(server.requests[0]?.url).toBe(`/api/v1/solana/token_security?contract_addresses=${SOL_MINT}`);
    expect(report.contract.isMintable).toBe(true);
    expect(report.contract.solana?.isFreezable).toBe(true);
    expect(report.contract.solana?.hasPermanentDelegate).toBe(false);
    expect(report.contract.solana?.nonTransferable).toBe(false);
    expect(report.contract.trustListed).toBe(true);
    expect(report.tax.isHoneypot).toBeNull();
    expect(report.isSafe).toBe(false);
    expect(report.coverage.notChecked.join('\n')).toMatch(/no honeypot or tax verdict/);
  });

  it('matches the result key exactly for Solana (base58 is case-sensitive) and case-insensitively for EVM', async () => {
    const solanaBody = loadFixture('goplus-solana.json').replace(SOL_MINT, SOL_MINT.toLowerCase());
    server = await startFixtureServer((req) =>
      req.url?.includes('/solana/')
        ? { body: solanaBody }
        : {
            body: loadFixture('goplus-evm-clean.json').replace(
              USDC,
              '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
            ),
          },
    );
    const goplus = createGoPlusSource({ baseUrl: server.url, cacheTtlMs: 0 });
    await expect(
      goplus.fetchEvidence({
        chain: resolveChain({ chain: 'solana', table: TEST_CHAIN_TABLE }),
        address: SOL_MINT,
      }),
    ).rejects.toMatchObject({ code: 'PROVIDER_NO_DATA' });
    const evm = await goplus.fetchEvidence({
      chain: resolveChain({ chain: 1, table: TEST_CHAIN_TABLE }),
      address: USDC,
    });
    expect(evm.fields.isHoneypot).toBe(false);
  });

  it('rejects invalid configuration', () => {
    expect(() => createGoPlusSource({ baseUrl: 'not a url' })).toThrow(
      expect.objectContaining({ code: 'INVALID_PARAMETER' }),
    );
    expect(() => createGoPlusSource({ baseUrl: 'ftp://x' })).toThrow(
      expect.objectContaining({ code: 'INVALID_PARAMETER' }),
    );
    expect(() => createGoPlusSource({ baseUrl: 'http://127.0.0.1', timeoutMs: 0 })).toThrow(
      expect.objectContaining({ code: 'INVALID_PARAMETER' }),
    );
  });
});
