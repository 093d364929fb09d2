import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type LifiFixture, startLifiFixture } from '@org/devnet';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BridgeProviderError } from './BridgeProviderError.js';
import { createLifiClient } from './createLifiClient.js';
import { BRIDGE, STATIC_FIXTURE_CHAINS, USDC, USDC_REQUEST, WALLET } from './testing/staticFixtureChains.js';

// The client against a real local HTTP server answering in LI.FI's shapes and failures (@org/devnet's fixture).
let lifi: LifiFixture;
beforeAll(async () => {
  lifi = await startLifiFixture({ chains: STATIC_FIXTURE_CHAINS });
});
afterAll(async () => {
  await lifi?.close();
});
let seen: number;
beforeEach(() => {
  seen = lifi.requests.length;
});
const sent = () => lifi.requests.slice(seen);

async function failure(promise: Promise<unknown>): Promise<BridgeProviderError> {
  try {
    await promise;
  } catch (error) {
    return error as BridgeProviderError;
  }
  throw new Error('expected a failure');
}

describe('getQuote', () => {
  it('sends our request in LI.FI’s terms (decimal slippage, no destination call) and parses the step', async () => {
    const client = createLifiClient({ baseUrl: `${lifi.url}/`, integrator: 'wallet-ops' });
    const quote = await client.getQuote({
      ...USDC_REQUEST,
      maxPriceImpactBps: 250,
      denyBridges: ['hop', 'multichain'],
    });
    expect(sent()).toHaveLength(1);
    const [request] = sent();
    expect(request!.path).toBe('/v1/quote');
    expect(request!.query).toEqual({
      fromChain: '31337',
      toChain: '31338',
      fromToken: USDC,
      toToken: USDC,
      fromAddress: WALLET,
      fromAmount: '1000000000',
      slippage: '0.005',
      maxPriceImpact: '0.025',
      allowDestinationCall: 'false',
      denyBridges: 'hop,multichain',
      integrator: 'wallet-ops',
    });
    expect(request!.headers['x-lifi-api-key']).toBeUndefined();
    expect(quote).toMatchObject({
      type: 'lifi',
      tool: 'devnetbridge',
      action: { fromChainId: 31_337, toChainId: 31_338, fromAmount: 1_000_000_000n, slippage: 0.005 },
      estimate: {
        toAmount: 999_000_000n,
        toAmountMin: 994_005_000n,
        approvalAddress: BRIDGE,
        executionDurationSeconds: 30,
      },
      transactionRequest: {
        to: BRIDGE,
        from: WALLET,
        value: 0n,
        gasLimit: 300_000n,
        gasPrice: 1_000_000_000n,
        chainId: 31_337,
      },
    });
    expect(quote.estimate.feeCosts).toEqual([
      expect.objectContaining({ amount: 1_000_000n, included: true }),
    ]);
    expect(quote.estimate.gasCosts[0]).toMatchObject({ type: 'SEND', amount: 150_000_000_000_000n });
  });

  it('sends the API key as x-lifi-api-key, and never puts it in an error', async () => {
    const key = 'lifi-secret-key-123';
    const client = createLifiClient({ baseUrl: lifi.url, apiKey: key });
    await client.getTools();
    expect(sent()[0]!.headers['x-lifi-api-key']).toBe(key);
    lifi.failNext('tools', { kind: 'unauthorized' });
    const error = await failure(client.getTools());
    expect(error).toMatchObject({ code: 'BRIDGE_PROVIDER_UNAUTHORIZED', status: 401, lifiCode: 1010 });
    expect(`${error.message} ${error.details}`).not.toContain(key);
  });

  it('400 → BRIDGE_PROVIDER_REJECTED with LI.FI’s numeric code and its name', async () => {
    const client = createLifiClient({ baseUrl: lifi.url });
    const error = await failure(
      client.getQuote({ ...USDC_REQUEST, toToken: '0x000000000000000000000000000000000000dEaD' }),
    );
    expect(error).toMatchObject({
      code: 'BRIDGE_PROVIDER_REJECTED',
      status: 400,
      lifiCode: 1011,
      lifiCodeName: 'ValidationError',
    });
    lifi.failNext('quote', { kind: 'bad-request', code: 1007, message: 'slippage too low' });
    expect(await failure(client.getQuote(USDC_REQUEST))).toMatchObject({ lifiCodeName: 'SlippageError' });
  });

  it('404 no-quote → BRIDGE_NO_QUOTE with errors.failed surfaced as tool errors', async () => {
    const client = createLifiClient({ baseUrl: lifi.url });
    const error = await failure(client.getQuote({ ...USDC_REQUEST, fromAmount: 10n }));
    expect(error).toMatchObject({ code: 'BRIDGE_NO_QUOTE', status: 404, lifiCode: 1002 });
    expect(error.toolErrors).toEqual([
      { errorType: 'NO_QUOTE', code: 'AMOUNT_TOO_LOW', tool: 'devnetbridge', message: expect.any(String) },
    ]);
    lifi.failNext('quote', { kind: 'no-quote', toolErrorCode: 'INSUFFICIENT_LIQUIDITY' });
    expect((await failure(client.getQuote(USDC_REQUEST))).toolErrors.map((e) => e.code)).toEqual([
      'INSUFFICIENT_LIQUIDITY',
    ]);
  });

  it('refuses bad parameters before sending anything', async () => {
    const client = createLifiClient({ baseUrl: lifi.url });
    const bad = [
      { slippageBps: 5_001 },
      { slippageBps: 0.5 },
      { maxPriceImpactBps: 1_000 },
      { fromAmount: 0n },
      { fromAmount: 2n ** 256n },
      { fromChain: 0 },
      { fromAddress: 'vitalik.eth' as `0x${string}` },
      { denyBridges: ['a,b'] },
      { order: 'SAFEST' as 'FASTEST' },
    ];
    for (const override of bad) {
      expect(await failure(client.getQuote({ ...USDC_REQUEST, ...override }))).toMatchObject({
        code: 'BRIDGE_INVALID_PARAMETER',
      });
    }
    expect(await failure(client.getStatus({ txHash: '0x1234' }))).toMatchObject({
      code: 'BRIDGE_INVALID_PARAMETER',
    });
    expect(sent()).toEqual([]);
    expect(() => createLifiClient({ baseUrl: 'li.quest' })).toThrow(
      expect.objectContaining({ code: 'BRIDGE_INVALID_PARAMETER' }),
    );
    expect(() => createLifiClient({ timeoutMs: 0 })).toThrow(
      expect.objectContaining({ code: 'BRIDGE_INVALID_PARAMETER' }),
    );
  });
});

describe('rate limits', () => {
  it('429: says when to retry, then sends nothing until the window has reset', async () => {
    let now = 1_000_000;
    const client = createLifiClient({ baseUrl: lifi.url, now: () => now });
    lifi.failNext('quote', { kind: 'rate-limit', resetSeconds: 42 });
    const limited = await failure(client.getQuote(USDC_REQUEST));
    expect(limited).toMatchObject({
      code: 'BRIDGE_PROVIDER_RATE_LIMITED',
      status: 429,
      lifiCode: 1005,
      retryAfterMs: 42_000,
      rateLimit: { limit: 75, remaining: 0, resetSeconds: 42 },
    });
    now += 10_000;
    const held = await failure(client.getChains());
    expect(held).toMatchObject({ code: 'BRIDGE_PROVIDER_RATE_LIMITED', retryAfterMs: 32_000 });
    expect(sent()).toHaveLength(1);
    expect(client.rateLimit().blockedUntil).toBe(1_042_000);
    now += 32_000;
    expect(await client.getChains()).toHaveLength(2);
    expect(sent()).toHaveLength(2);
  });

  it('a reset that can only be a Unix time is read as one, and no hold is longer than LI.FI’s 2 h window', async () => {
    const now = 1_700_000_000_000;
    const client = createLifiClient({ baseUrl: lifi.url, now: () => now });
    lifi.failNext('tools', { kind: 'rate-limit', resetSeconds: now / 1000 + 30 });
    expect(await failure(client.getTools())).toMatchObject({ retryAfterMs: 30_000 });
    const other = createLifiClient({ baseUrl: lifi.url, now: () => now });
    lifi.failNext('tools', { kind: 'rate-limit', resetSeconds: 999_999_999 });
    expect(await failure(other.getTools())).toMatchObject({ retryAfterMs: 7_200_000 });
  });

  it('ratelimit-remaining 0 on a success holds the next call back until the reset', async () => {
    const limited = await startLifiFixture({
      chains: STATIC_FIXTURE_CHAINS,
      rateLimit: { limit: 1, windowSeconds: 60 },
    });
    try {
      let now = 5_000;
      const client = createLifiClient({ baseUrl: limited.url, now: () => now });
      await client.getTools();
      expect(client.rateLimit().last).toEqual({ limit: 1, remaining: 0, resetSeconds: 60 });
      expect(await failure(client.getTools())).toMatchObject({
        code: 'BRIDGE_PROVIDER_RATE_LIMITED',
        retryAfterMs: 60_000,
      });
      expect(limited.requests).toHaveLength(1);
      now += 60_001;
      // The fixture's own window has not reset in real time: a 429 from the server this time, not from the client.
      expect(await failure(client.getTools())).toMatchObject({
        code: 'BRIDGE_PROVIDER_RATE_LIMITED',
        status: 429,
      });
      expect(limited.requests).toHaveLength(2);
    } finally {
      await limited.close();
    }
  });
});

describe('failures', () => {
  const client = () => createLifiClient({ baseUrl: lifi.url, timeoutMs: 300 });

  it('5xx → BRIDGE_PROVIDER_UNAVAILABLE (JSON 500 with code 1006, HTML 502)', async () => {
    lifi.failNext('chains', { kind: 'server-error' });
    expect(await failure(client().getChains())).toMatchObject({
      code: 'BRIDGE_PROVIDER_UNAVAILABLE',
      status: 500,
      lifiCode: 1006,
    });
    lifi.failNext('chains', { kind: 'server-error', status: 502 });
    expect(await failure(client().getChains())).toMatchObject({
      code: 'BRIDGE_PROVIDER_UNAVAILABLE',
      status: 502,
    });
  });

  it('slow → BRIDGE_PROVIDER_TIMEOUT; a dropped connection or a closed port → BRIDGE_PROVIDER_UNAVAILABLE', async () => {
    lifi.failNext('tools', { kind: 'slow', delayMs: 3_000 });
    const started = Date.now();
    expect(await failure(client().getTools())).toMatchObject({ code: 'BRIDGE_PROVIDER_TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(2_500);
    lifi.failNext('status', { kind: 'hang-up' });
    expect(await failure(client().getStatus({ txHash: `0x${'11'.repeat(32)}` }))).toMatchObject({
      code: 'BRIDGE_PROVIDER_UNAVAILABLE',
    });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await failure(createLifiClient({ baseUrl: `http://127.0.0.1:${port}` }).getTools())).toMatchObject(
      {
        code: 'BRIDGE_PROVIDER_UNAVAILABLE',
      },
    );
  });

  it('malformed answers are never trusted: BRIDGE_PROVIDER_BAD_RESPONSE naming the field', async () => {
    lifi.failNext('connections', { kind: 'malformed-json' });
    expect(await failure(client().getConnections())).toMatchObject({ code: 'BRIDGE_PROVIDER_BAD_RESPONSE' });
    lifi.failNext('tools', { kind: 'malformed-shape' });
    expect(await failure(client().getTools())).toMatchObject({
      code: 'BRIDGE_PROVIDER_BAD_RESPONSE',
      details: 'tools.bridges: expected an array',
    });
    type Body = Record<string, Record<string, unknown>>;
    const mutations: [string, (quote: Body) => void][] = [
      ['quote.transactionRequest: expected an object', (q) => delete q['transactionRequest']],
      [
        'quote.estimate.toAmountMin: expected a decimal amount',
        (q) => (q['estimate']!.toAmountMin = 994005000),
      ],
      [
        'quote.transactionRequest.value: expected a hex or decimal quantity',
        (q) => (q['transactionRequest']!.value = -1),
      ],
      [
        'quote.estimate.approvalAddress: expected an address',
        (q) => (q['estimate']!.approvalAddress = 'lifi.eth'),
      ],
      ['quote.action.slippage: expected a number', (q) => (q['action']!.slippage = '0.005')],
      ['quote.transactionRequest.data: expected hex data', (q) => (q['transactionRequest']!.data = '0x123')],
    ];
    for (const [details, mutate] of mutations) {
      lifi.scriptQuote({ mutate: (q) => mutate(q as Body) });
      expect(await failure(client().getQuote(USDC_REQUEST))).toMatchObject({
        code: 'BRIDGE_PROVIDER_BAD_RESPONSE',
        details,
      });
    }
    lifi.failNext('status', { kind: 'malformed-shape', body: { status: 'MAYBE' } });
    expect(await failure(client().getStatus({ txHash: `0x${'22'.repeat(32)}` }))).toMatchObject({
      code: 'BRIDGE_PROVIDER_BAD_RESPONSE',
    });
  });
});

describe('status and discovery', () => {
  it('an unknown hash is NOT_FOUND (HTTP 200), not an error', async () => {
    const status = await createLifiClient({ baseUrl: lifi.url }).getStatus({
      txHash: `0x${'33'.repeat(32)}`,
      fromChain: 31_337,
      toChain: 31_338,
      bridge: 'devnetbridge',
    });
    expect(status).toMatchObject({ status: 'NOT_FOUND', substatus: null, sending: null, receiving: null });
    expect(sent()[0]!.query).toEqual({
      txHash: `0x${'33'.repeat(32)}`,
      fromChain: '31337',
      toChain: '31338',
      bridge: 'devnetbridge',
    });
  });

  it('chains, connections and tools', async () => {
    const client = createLifiClient({ baseUrl: lifi.url });
    const chains = await client.getChains();
    expect(chains.map((c) => [c.id, c.key, c.diamondAddress, c.nativeToken?.symbol])).toEqual([
      [31_337, 'dva', BRIDGE, 'ETH'],
      [31_338, 'dvb', BRIDGE, 'ETH'],
    ]);
    expect(sent()[0]!.query).toEqual({ chainTypes: 'EVM' });
    const connections = await client.getConnections({ fromChain: 31_338, toToken: USDC });
    expect(connections).toEqual([
      expect.objectContaining({
        fromChainId: 31_338,
        toChainId: 31_337,
        toTokens: [expect.objectContaining({ symbol: 'USDC' })],
      }),
    ]);
    const tools = await client.getTools({ chains: [31_337, 31_338] });
    expect(tools.bridges.map((b) => [b.key, b.supportedChains.length])).toEqual([['devnetbridge', 2]]);
    expect(tools.exchanges).toEqual([]);
  });
});
