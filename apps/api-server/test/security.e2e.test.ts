import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Devnet, startDevnet } from '@org/devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SecurityReportDto } from '../src/dto/security.js';
import { startTestServer, type TestServer } from './helpers/startTestServer.js';

// Provider answers in the providers' real response shapes: the fixtures @org/token-safety's own tests use.
const fixture = (name: string) =>
  readFileSync(
    new URL(`../../../packages/token-safety/src/test-support/fixtures/${name}`, import.meta.url),
    'utf8',
  );
const USDC_MAINNET = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';

/** What the fake provider host answers next: a fixture name, or an HTTP status with a body. */
let goplus: { status: number; body: string } = { status: 200, body: fixture('goplus-evm-clean.json') };
let providerHost: Server;
let devnet: Devnet;
let server: TestServer;

beforeAll(async () => {
  providerHost = createServer((req, res) => {
    const url = req.url ?? '';
    if (url.startsWith('/api/v1/token_security/')) {
      res.writeHead(goplus.status, { 'content-type': 'application/json' }).end(goplus.body);
    } else if (url.startsWith('/latest/dex/tokens/')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(fixture('dexscreener-tokens.json'));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => providerHost.listen(0, '127.0.0.1', resolve));
  const providerUrl = `http://127.0.0.1:${(providerHost.address() as AddressInfo).port}`;
  devnet = await startDevnet();
  const { contracts } = devnet.manifest;
  server = await startTestServer({
    GOPLUS_BASE_URL: providerUrl,
    DEXSCREENER_BASE_URL: providerUrl,
    PROVIDER_TIMEOUT_MS: '2000',
    PROVIDER_CACHE_TTL_MS: '0',
    RPC_URL_DEVNET: devnet.rpcUrl,
    UNISWAP_V2_DEVNET: `${contracts.uniswapV2Router02},${contracts.uniswapV2Factory},${contracts.weth}`,
  });
});

afterAll(async () => {
  await server?.close();
  await devnet?.stop();
  providerHost?.closeAllConnections();
  await new Promise((resolve) => providerHost?.close(resolve));
});

async function report(chain: string, address: string): Promise<SecurityReportDto> {
  const res = await server.call(`/security/token?chain=${chain}&address=${address}`);
  expect(res.status).toBe(200);
  return (await res.json()) as SecurityReportDto;
}

describe('GET /security/token — provider data (GoPlus + DexScreener shapes)', () => {
  it('a clean GoPlus answer gives a known, non-honeypot report with a checksummed token', async () => {
    goplus = { status: 200, body: fixture('goplus-evm-clean.json') };
    const body = await report('ethereum', USDC_MAINNET);
    expect(body.token).toBe('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48');
    expect(body.chain).toEqual({ id: 1, name: 'ethereum', kind: 'evm' });
    expect(body.tax.isHoneypot).toBe(false);
    expect(body.sources.find((s) => s.name.includes('goplus'))?.status).toBe('ok');
    expect(body.tax).toMatchObject({ buyTax: 0, sellTax: 0 });
    // GoPlus + DexScreener know every EVM core field, every flag is clean and both taxes are 0: safe, risk low.
    expect(body.coverage.missing).toEqual([]);
    expect(body.factors.filter((f) => f.veto)).toEqual([]);
    expect(body.isSafe).toBe(true);
    expect(body.riskLevel).toBe('low');
  });

  it('a GoPlus honeypot answer → isHoneypot true, score 0, never safe', async () => {
    goplus = { status: 200, body: fixture('goplus-evm-honeypot.json') };
    const body = await report('ethereum', USDC_MAINNET);
    expect(body.tax.isHoneypot).toBe(true);
    expect(body.safetyScore).toBe(0);
    expect(body.isSafe).toBe(false);
  });

  it('GoPlus down (HTTP 500) → isHoneypot null and isSafe false, still a 200 report that says what failed', async () => {
    goplus = { status: 500, body: '{"code":500,"message":"internal error"}' };
    const body = await report('ethereum', USDC_MAINNET);
    expect(body.tax.isHoneypot).toBeNull();
    expect(body.isSafe).toBe(false);
    expect(body.riskLevel).not.toBe('low');
    expect(body.sources.find((s) => s.name.includes('goplus'))?.status).toBe('failed');
  });
});

describe('GET /security/token — on-chain evidence on the devnet (no provider knows these tokens)', () => {
  it('the honeypot token → isHoneypot true, not safe', async () => {
    const body = await report('devnet', devnet.manifest.tokens.honeypot.address);
    expect(body.tax.isHoneypot).toBe(true);
    expect(body.tax.canSell).toBe(false);
    // A sell that reverts has no measurable tax; the report says exactly which fact is missing.
    expect(body.tax.sellTax).toBeNull();
    expect(body.tax.error).toBe('no source established sellTax');
    expect(body.isSafe).toBe(false);
    expect(body.safetyScore).toBe(0);
  });

  it('the 95%-sell-tax token → a honeypot by its measured tax, vetoed, never safe', async () => {
    const body = await report('devnet', devnet.manifest.tokens.highTax.address);
    expect(body.tax.isHoneypot).toBe(true);
    expect(body.tax.canSell).toBe(true);
    expect(body.tax.sellTax).toBeGreaterThan(94.9);
    expect(body.safetyScore).toBe(0);
    expect(body.riskLevel).toBe('critical');
    expect(body.isSafe).toBe(false);
  });

  it('the 90%-buy-tax token → buyTax 90 and sellTax 0 (measured by the simulated buy and sell), not a honeypot, not safe', async () => {
    const body = await report('devnet', devnet.manifest.tokens.buyTax.address);
    expect(body.tax).toMatchObject({ buyTax: 90, sellTax: 0, isHoneypot: false });
    expect(body.isSafe).toBe(false);
    expect(body.factors.find((f) => f.id === 'buy-tax')?.points).toBe(-40);
  });

  it('the 5% fee token → sell tax ≈ 5%', async () => {
    const body = await report('devnet', devnet.manifest.tokens.feeToken.address);
    expect(body.tax.isHoneypot).toBe(false);
    expect(body.tax.sellTax).toBeGreaterThan(4.5);
    expect(body.tax.sellTax).toBeLessThan(5.5);
  });

  it('a plain token → not a honeypot, ~0% tax, but not "safe" on simulation alone (coverage is partial)', async () => {
    const body = await report('31337', devnet.manifest.tokens.dai.address);
    expect(body.tax.isHoneypot).toBe(false);
    expect(body.tax.sellTax).toBeLessThan(0.5);
    expect(body.isSafe).toBe(false);
    expect(body.coverage.ratio).toBeLessThan(1);
  });
});

describe('GET /security/token — several chains with on-chain simulation', () => {
  it('starts with simulation on two chains, and a node that serves the wrong chain is a failed source, not evidence', async () => {
    const { contracts } = devnet.manifest;
    // RPC_URL_ETHEREUM points at the devnet (chain 31337): the mainnet simulation source must notice the mismatch.
    const other = await startTestServer({
      GOPLUS_BASE_URL: 'http://127.0.0.1:9',
      DEXSCREENER_BASE_URL: 'http://127.0.0.1:9',
      PROVIDER_TIMEOUT_MS: '500',
      RPC_URL_DEVNET: devnet.rpcUrl,
      RPC_URL_ETHEREUM: devnet.rpcUrl,
      UNISWAP_V2_DEVNET: `${contracts.uniswapV2Router02},${contracts.uniswapV2Factory},${contracts.weth}`,
    });
    try {
      const res = await other.call(
        `/security/token?chain=ethereum&address=${devnet.manifest.tokens.dai.address}`,
      );
      expect(res.status).toBe(200);
      const body = (await res.json()) as SecurityReportDto;
      const onchain = body.sources.find((s) => s.name === 'onchain-simulation');
      expect(onchain?.status).toBe('failed');
      expect(onchain?.error?.code).toBe('PROVIDER_BAD_RESPONSE');
      expect(body.tax.isHoneypot).toBeNull();
      expect(body.isSafe).toBe(false);
      const devnetReport = await other.call(
        `/security/token?chain=devnet&address=${devnet.manifest.tokens.dai.address}`,
      );
      expect(((await devnetReport.json()) as SecurityReportDto).tax.isHoneypot).toBe(false);
    } finally {
      await other.close();
    }
  });
});

describe('GET /security/token — bad input', () => {
  it.each([
    ['atlantis', USDC_MAINNET, 'UNSUPPORTED_CHAIN'],
    ['ethereum', '0x1234', 'INVALID_ADDRESS'],
    ['ethereum', 'not-an-address', 'INVALID_ADDRESS'],
  ])('chain=%s address=%s → 422 %s', async (chain, address, code) => {
    const res = await server.call(`/security/token?chain=${chain}&address=${address}`);
    expect(res.status).toBe(422);
    expect(((await res.json()) as { code: string }).code).toBe(code);
  });

  it('missing address → 422 VALIDATION_FAILED', async () => {
    const res = await server.call('/security/token?chain=ethereum');
    expect(res.status).toBe(422);
    expect(((await res.json()) as { code: string }).code).toBe('VALIDATION_FAILED');
  });
});
