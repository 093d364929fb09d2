import { devnetTokenList } from '@org/chain-evm';
import {
  type LifiFixture,
  type LifiFixtureFailure,
  lifiFixtureChain,
  mintToken,
  type StartDevnetPairReturnType,
  startDevnetPair,
  startLifiFixture,
} from '@org/devnet';
import { JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionPageDto } from '../src/dto/execution.js';
import type { GovernorStatusDto } from '../src/dto/governor.js';
import { generateDefiLlamaPools } from '../src/yield/testing/generateDefiLlamaPools.js';
import {
  type DefiLlamaFault,
  type DefiLlamaFixture,
  startDefiLlamaFixture,
} from '../src/yield/testing/startDefiLlamaFixture.js';
import { startTestServer, type TestServer } from './helpers/startTestServer.js';
import { until } from './helpers/until.js';

// Issue 36, faults at LI.FI (bridges) and DefiLlama (yield): their local stand-ins (`startLifiFixture`,
// `startDefiLlamaFixture`, real shapes) stall past the configured time-out, answer 5xx, answer garbage, or rate-limit
// (429 with Retry-After). `/bridge/quote`, `/bridge/execute`, `/bridge/chains` and `/yield/opportunities`, `/best`,
// `/compare` answer a 502/503 problem+json with a stable code within the time-out; nothing is signed (the wallet's
// nonce read from chain A directly), recorded or reserved.
const LIFI_TIMEOUT_MS = 500;
const YIELD_TIMEOUT_MS = 500;
const BOUND_MS = 2_500;

let pair: StartDevnetPairReturnType;
let lifi: LifiFixture;
let llama: DefiLlamaFixture;
let server: TestServer;
let reader: JsonRpcProvider;
let wallet: string;

beforeAll(async () => {
  pair = await startDevnetPair();
  lifi = await startLifiFixture({ chains: [lifiFixtureChain(pair.a), lifiFixtureChain(pair.b)] });
  llama = await startDefiLlamaFixture({ pools: generateDefiLlamaPools({ count: 50, seed: 36 }) });
  reader = new JsonRpcProvider(pair.a.rpcUrl, 31_337, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
  const c = pair.a.manifest.contracts;
  const account = pair.a.manifest.accounts[7]!;
  wallet = account.address;
  const v2 = `${c.uniswapV2Router02},${c.uniswapV2Factory},${c.weth}`;
  const v3 = `${c.uniswapV3Factory},${c.uniswapV3SwapRouter},${c.uniswapV3QuoterV2},SwapRouter`;
  server = await startTestServer(
    {
      RPC_URL_DEVNET: pair.a.rpcUrl,
      'RPC_URL_DEVNET-B': pair.b.rpcUrl,
      DEFAULT_CHAIN: 'devnet',
      UNISWAP_V2_DEVNET: v2,
      UNISWAP_V3_DEVNET: v3,
      'UNISWAP_V2_DEVNET-B': v2,
      'UNISWAP_V3_DEVNET-B': v3,
      WALLET_PRIVATE_KEY: account.privateKey,
      GOPLUS_BASE_URL: 'http://127.0.0.1:9',
      DEXSCREENER_BASE_URL: 'http://127.0.0.1:9',
      PROVIDER_TIMEOUT_MS: '200',
      GOVERNOR_MAX_PER_TX: '50',
      GOVERNOR_DAILY_LIMIT: '500',
      LIFI_BASE_URL: lifi.url,
      LIFI_TIMEOUT_MS: String(LIFI_TIMEOUT_MS),
      BRIDGE_ALLOWED_CONTRACTS_DEVNET: c.devnetBridge,
      YIELD_DEFILLAMA_BASE_URL: llama.url,
      YIELD_DEFILLAMA_TIMEOUT_MS: String(YIELD_TIMEOUT_MS),
      YIELD_POOLS_TTL_SECONDS: '1',
      YIELD_STALE_MAX_SECONDS: '0',
    },
    {
      swapTokens: new Map([
        [31_337, devnetTokenList({ manifest: pair.a.manifest })],
        [31_338, devnetTokenList({ manifest: pair.b.manifest })],
      ]),
    },
  );
  await mintToken({
    devnet: pair.a,
    token: pair.a.manifest.tokens.usdc,
    to: account.address,
    amount: 1_000_000_000n,
  });
}, 120_000);
afterAll(async () => {
  reader?.destroy();
  await server?.close();
  await llama?.close();
  await lifi?.close();
  await pair?.stop();
});

interface Problem {
  code: string;
  providerCode?: string;
  retryAfterMs?: number;
}
async function timed(run: () => Promise<Response>): Promise<{ res: Response; ms: number; body: Problem }> {
  const started = performance.now();
  const res = await run();
  const body = (await res.json()) as Problem;
  return { res, ms: performance.now() - started, body };
}
const expectProblem = (res: Response, body: Problem, status: number, code: string) => {
  expect(res.headers.get('content-type')).toContain('application/problem+json');
  expect({ status: res.status, code: body.code }).toEqual({ status, code });
};
/** What must not move: the wallet's nonce on chain A, the execution records, the governor's reservations and spend. */
const snapshot = async () => ({
  nonce: await reader.getTransactionCount(wallet, 'pending'),
  executions: ((await (await server.call('/executions?limit=100')).json()) as ExecutionPageDto).items.length,
  governor: await (async () => {
    const g = (await (await server.call('/governor/status')).json()) as GovernorStatusDto;
    return { openReservations: g.openReservations, spent: g.spent };
  })(),
});

const QUOTE = '/bridge/quote?fromChain=devnet&toChain=devnet-b&token=USDC&amount=100&slippageBps=50';
const execute = (key: string) =>
  server.call('/bridge/execute', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'Idempotency-Key': key },
    body: JSON.stringify({
      fromChain: 'devnet',
      toChain: 'devnet-b',
      token: 'USDC',
      amount: '100',
      slippageBps: 50,
    }),
  });

describe('LI.FI fails', () => {
  const faults: [string, LifiFixtureFailure, number, string][] = [
    [
      'stalls past LIFI_TIMEOUT_MS',
      { kind: 'slow', delayMs: LIFI_TIMEOUT_MS * 4 },
      503,
      'BRIDGE_PROVIDER_TIMEOUT',
    ],
    ['answers 500', { kind: 'server-error', status: 500 }, 503, 'BRIDGE_PROVIDER_UNAVAILABLE'],
    [
      'answers 503 (HTML, a proxy in front)',
      { kind: 'server-error', status: 503 },
      503,
      'BRIDGE_PROVIDER_UNAVAILABLE',
    ],
    ['answers garbage (not JSON)', { kind: 'malformed-json' }, 502, 'BRIDGE_PROVIDER_BAD_RESPONSE'],
    ['answers garbage (JSON off-shape)', { kind: 'malformed-shape' }, 502, 'BRIDGE_PROVIDER_BAD_RESPONSE'],
    ['closes the connection', { kind: 'hang-up' }, 503, 'BRIDGE_PROVIDER_UNAVAILABLE'],
  ];

  it('healthy: a checked quote', async () => {
    const res = await server.call(QUOTE);
    expect(res.status).toBe(200);
  });

  for (const [name, failure, status, code] of faults) {
    it(`${name}: /bridge/quote and /bridge/execute answer ${status} ${code} within the bound, nothing signed or reserved`, async () => {
      const before = await snapshot();
      lifi.failNext('quote', failure, 1);
      const quoted = await timed(() => server.call(QUOTE));
      expectProblem(quoted.res, quoted.body, status, code);
      expect(quoted.ms).toBeLessThan(BOUND_MS);
      lifi.failNext('quote', failure, 1);
      const executed = await timed(() => execute(`lifi-${name.replace(/[^a-z0-9]+/gi, '-')}`));
      expectProblem(executed.res, executed.body, status, code);
      expect(executed.ms).toBeLessThan(BOUND_MS);
      expect(await snapshot()).toEqual(before);
    });
  }

  it('/bridge/chains while LI.FI stalls: 503 BRIDGE_PROVIDER_TIMEOUT within the bound', async () => {
    lifi.failNext('chains', { kind: 'slow', delayMs: LIFI_TIMEOUT_MS * 4 }, 1);
    lifi.failNext('connections', { kind: 'slow', delayMs: LIFI_TIMEOUT_MS * 4 }, 1);
    lifi.failNext('tools', { kind: 'slow', delayMs: LIFI_TIMEOUT_MS * 4 }, 1);
    const chains = await timed(() => server.call('/bridge/chains'));
    // Cached 5 minutes: a list read before (by the quote) may still answer; otherwise the time-out's code.
    if (chains.res.status !== 200) expectProblem(chains.res, chains.body, 503, 'BRIDGE_PROVIDER_TIMEOUT');
    expect(chains.ms).toBeLessThan(BOUND_MS);
  });

  it('rate-limits (429, Retry-After: 1): 503 BRIDGE_PROVIDER_RATE_LIMITED with Retry-After; LI.FI not asked again until then', async () => {
    const before = await snapshot();
    lifi.failNext('quote', { kind: 'rate-limit', retryAfterSeconds: 1 }, 1);
    const quoted = await timed(() => server.call(QUOTE));
    expectProblem(quoted.res, quoted.body, 503, 'BRIDGE_PROVIDER_RATE_LIMITED');
    expect(quoted.res.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(quoted.body.retryAfterMs).toBeGreaterThan(0);
    expect(quoted.ms).toBeLessThan(BOUND_MS);
    // Within the window the client holds back: the execute is refused without a request to LI.FI.
    const asked = lifi.requests.length;
    const executed = await timed(() => execute('lifi-rate-limited'));
    expectProblem(executed.res, executed.body, 503, 'BRIDGE_PROVIDER_RATE_LIMITED');
    expect(lifi.requests.slice(asked).map((r) => r.path)).toEqual([]);
    expect(await snapshot()).toEqual(before);
    // Once the window has passed, quotes answer again.
    await until(
      'LI.FI answers again',
      async () => ((await server.call(QUOTE)).status === 200 ? true : undefined),
      {
        ms: 5_000,
        intervalMs: 200,
      },
    );
  });
});

describe('DefiLlama fails (no list cached, YIELD_STALE_MAX_SECONDS=0)', () => {
  const faults: [string, DefiLlamaFault, string][] = [
    [
      'stalls past YIELD_DEFILLAMA_TIMEOUT_MS',
      { kind: 'slow-headers', delayMs: YIELD_TIMEOUT_MS * 4 },
      'YIELD_PROVIDER_TIMEOUT',
    ],
    [
      'trickles its body past the time-out',
      { kind: 'slow-body', chunkDelayMs: 200 },
      'YIELD_PROVIDER_TIMEOUT',
    ],
    ['answers 502', { kind: 'server-error', status: 502 }, 'YIELD_PROVIDER_HTTP_ERROR'],
    ['answers garbage', { kind: 'garbage' }, 'YIELD_PROVIDER_BAD_RESPONSE'],
    ['closes the connection', { kind: 'hang-up' }, 'YIELD_PROVIDER_UNREACHABLE'],
    [
      'rate-limits (429, Retry-After: 2)',
      { kind: 'rate-limited', retryAfterSeconds: 2 },
      'YIELD_PROVIDER_RATE_LIMITED',
    ],
  ];
  for (const [name, fault, providerCode] of faults) {
    it(`${name}: /yield/opportunities, /best, /compare answer 503 YIELD_DATA_UNAVAILABLE (${providerCode}) within the bound; source=onchain still answers`, async () => {
      const before = await snapshot();
      llama.setFault(fault);
      // After a failure DefiLlama is not asked again for a while (min(60 s, the list's TTL), or its Retry-After): the
      // answers meanwhile carry the last failure's code. Wait (bounded) for the first answer that reflects this fault.
      await until(
        `${providerCode} answered`,
        async () => {
          const { body } = await timed(() => server.call('/yield/opportunities'));
          return body.providerCode === providerCode ? true : undefined;
        },
        { ms: 5_000, intervalMs: 250 },
      );
      for (const path of ['/yield/opportunities', '/yield/best?asset=USDC', '/yield/compare?asset=USDC']) {
        const { res, ms, body } = await timed(() => server.call(path));
        expectProblem(res, body, 503, 'YIELD_DATA_UNAVAILABLE');
        expect({ path, providerCode: body.providerCode }).toEqual({ path, providerCode });
        expect(ms).toBeLessThan(BOUND_MS);
      }
      const onchain = await server.call('/yield/opportunities?source=onchain');
      expect(onchain.status).toBe(200);
      llama.setFault({ kind: 'none' });
      expect(await snapshot()).toEqual(before);
    });
  }

  it('DefiLlama is back: the list answers without a restart', async () => {
    llama.setFault({ kind: 'none' });
    const res = await until(
      'pools listed',
      async () => {
        const r = await server.call('/yield/opportunities?source=defillama');
        return r.status === 200 ? r : undefined;
      },
      { ms: 5_000, intervalMs: 200 },
    );
    expect(res.status).toBe(200);
  });
});
