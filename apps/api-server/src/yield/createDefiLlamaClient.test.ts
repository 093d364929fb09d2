import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDefiLlamaClient } from './createDefiLlamaClient.js';
import { fixturePool, fixturePoolId, generateDefiLlamaPools } from './testing/generateDefiLlamaPools.js';
import { type DefiLlamaFixture, startDefiLlamaFixture } from './testing/startDefiLlamaFixture.js';

// The DefiLlama client against a local server answering in the provider's real shapes, and in its failure modes.
let llama: DefiLlamaFixture;
const big = generateDefiLlamaPools({ count: 20_000, seed: 7 });
const special = [
  fixturePool({
    pool: fixturePoolId(1, 1),
    symbol: 'USDC',
    apy: 0,
    apyBase: 0,
    predictions: { predictedClass: null, predictedProbability: null, binnedConfidence: null },
  }),
  fixturePool({
    pool: fixturePoolId(1, 2),
    apyPct1D: null,
    apyPct7D: null,
    apyPct30D: null,
    predictions: null,
  }),
];
const client = (o: { timeoutMs?: number; maxBodyBytes?: number; apiKey?: string } = {}) =>
  createDefiLlamaClient({
    baseUrl: llama.url,
    timeoutMs: o.timeoutMs ?? 10_000,
    maxBodyBytes: o.maxBodyBytes ?? 64 << 20,
    ...(o.apiKey === undefined ? {} : { apiKey: o.apiKey }),
  });

beforeAll(async () => {
  llama = await startDefiLlamaFixture({ pools: [...big, ...special] });
});
afterAll(async () => {
  await llama?.close();
});

describe('createDefiLlamaClient: /pools', () => {
  it('reads the 20,000-pool list in the real shape, every documented column kept (apy 0, null predictions, null apyPct*)', async () => {
    llama.setFault({ kind: 'none' });
    const { pools, rejected } = await client().pools();
    expect(rejected).toBe(0);
    expect(pools).toHaveLength(20_002);
    const raw = big[123]!;
    const read = pools.find((p) => p.pool === raw.pool)!;
    expect(read).toEqual({
      pool: raw.pool,
      chain: raw.chain,
      project: raw.project,
      symbol: raw.symbol,
      tvlUsd: raw['tvlUsd'],
      apy: raw['apy'],
      apyBase: raw['apyBase'],
      apyReward: raw['apyReward'],
      rewardTokens: raw['rewardTokens'],
      underlyingTokens: raw['underlyingTokens'],
      poolMeta: raw['poolMeta'],
      apyPct1D: raw['apyPct1D'],
      apyPct7D: raw['apyPct7D'],
      apyPct30D: raw['apyPct30D'],
      apyMean30d: raw['apyMean30d'],
      apyBase7d: raw['apyBase7d'],
      stablecoin: raw['stablecoin'],
      ilRisk: raw['ilRisk'],
      exposure: raw['exposure'],
      mu: raw['mu'],
      sigma: raw['sigma'],
      count: raw['count'],
      outlier: raw['outlier'],
      predictions: raw['predictions'],
    });
    expect(pools.find((p) => p.pool === fixturePoolId(1, 1))).toMatchObject({
      apy: 0,
      predictions: { predictedClass: null, predictedProbability: null, binnedConfidence: null },
    });
    expect(pools.find((p) => p.pool === fixturePoolId(1, 2))).toMatchObject({
      apyPct1D: null,
      apyPct7D: null,
      apyPct30D: null,
      predictions: null,
    });
  });

  it.each([
    [
      '429 with Retry-After',
      { kind: 'rate-limited', retryAfterSeconds: 120 },
      { code: 'YIELD_PROVIDER_RATE_LIMITED', status: 429, retryAfterMs: 120_000 },
    ],
    ['500', { kind: 'server-error', status: 500 }, { code: 'YIELD_PROVIDER_HTTP_ERROR', status: 500 }],
    ['502', { kind: 'server-error', status: 502 }, { code: 'YIELD_PROVIDER_HTTP_ERROR', status: 502 }],
    ['503', { kind: 'server-error', status: 503 }, { code: 'YIELD_PROVIDER_HTTP_ERROR', status: 503 }],
    ['a body that is not JSON', { kind: 'garbage' }, { code: 'YIELD_PROVIDER_BAD_RESPONSE' }],
    ['a connection hung up', { kind: 'hang-up' }, { code: 'YIELD_PROVIDER_UNREACHABLE' }],
  ] as const)('%s → a typed error', async (_name, fault, expected) => {
    llama.setFault(fault);
    await expect(client().pools()).rejects.toMatchObject(expected);
    llama.setFault({ kind: 'none' });
  });

  it('slow headers and a slow body both hit the one deadline over the whole response', async () => {
    llama.setFault({ kind: 'slow-headers', delayMs: 2_000 });
    await expect(client({ timeoutMs: 300 }).pools()).rejects.toMatchObject({
      code: 'YIELD_PROVIDER_TIMEOUT',
    });
    // Headers at once, then 64 bytes every 50 ms: the ~13 MB body would take days; the deadline ends it.
    llama.setFault({ kind: 'slow-body', chunkDelayMs: 50 });
    const started = Date.now();
    await expect(client({ timeoutMs: 2_000 }).pools()).rejects.toMatchObject({
      code: 'YIELD_PROVIDER_TIMEOUT',
      shortMessage: expect.stringContaining('body'),
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    llama.setFault({ kind: 'none' });
  });

  it('a huge body is cut off at the size bound, never read whole', async () => {
    llama.setFault({ kind: 'huge', bytes: 200 << 20 });
    await expect(client({ maxBodyBytes: 8 << 20 }).pools()).rejects.toMatchObject({
      code: 'YIELD_PROVIDER_BAD_RESPONSE',
      shortMessage: expect.stringContaining('over'),
    });
    llama.setFault({ kind: 'none' });
  });

  it('a node that is not there is unreachable', async () => {
    const nowhere = createDefiLlamaClient({
      baseUrl: 'http://127.0.0.1:9',
      timeoutMs: 2_000,
      maxBodyBytes: 1 << 20,
    });
    await expect(nowhere.pools()).rejects.toMatchObject({ code: 'YIELD_PROVIDER_UNREACHABLE' });
  });

  it('validates the shape: bad rows are dropped and counted; a bad envelope, an empty list or mostly bad rows are refused', async () => {
    const good = [
      fixturePool({ pool: fixturePoolId(2, 1) }),
      fixturePool({ pool: fixturePoolId(2, 2) }),
      fixturePool({ pool: fixturePoolId(2, 3) }),
    ];
    const bad = [
      fixturePool({ pool: fixturePoolId(2, 4), tvlUsd: '100' }),
      fixturePool({ pool: fixturePoolId(2, 5), apy: 'NaN' }),
      fixturePool({ pool: '' }),
    ];
    llama.setPools([...good, bad[0]!, fixturePool({ pool: fixturePoolId(2, 1) })]);
    const { pools, rejected } = await client().pools();
    expect(pools.map((p) => p.pool)).toEqual(good.map((p) => p.pool));
    expect(rejected).toBe(2); // a wrong type, a duplicate id
    llama.setPools([good[0]!, ...bad]);
    await expect(client().pools()).rejects.toMatchObject({ code: 'YIELD_PROVIDER_BAD_RESPONSE' });
    llama.setPools([]);
    await expect(client().pools()).rejects.toMatchObject({ code: 'YIELD_PROVIDER_BAD_RESPONSE' });
    llama.setPools([...big, ...special]);
  });

  it('with an API key, asks the Pro path and never puts the key in an error', async () => {
    const key = 'secret-llama-key-123';
    const before = llama.requests.length;
    const error = await client({ apiKey: key })
      .pools()
      .then(
        () => new Error('unexpected success'),
        (e: unknown) => e as Error,
      );
    expect(llama.requests[before]?.path).toBe(`/${key}/yields/pools`);
    expect(error).toMatchObject({ code: 'YIELD_PROVIDER_HTTP_ERROR', status: 404 });
    expect(`${error.message} ${JSON.stringify(error)}`).not.toContain(key);
  });
});

describe('createDefiLlamaClient: /chart/{pool}', () => {
  it('reads the daily rows oldest first; an unknown pool is an empty list; a non-UUID is refused without asking', async () => {
    const id = fixturePoolId(3, 1);
    llama.setChart(id, [
      {
        timestamp: '2026-01-02T00:00:00.000Z',
        tvlUsd: 2,
        apy: 5.5,
        apyBase: 5,
        apyReward: 0.5,
        il7d: null,
        apyBase7d: null,
      },
      {
        timestamp: '2026-01-01T00:00:00.000Z',
        tvlUsd: 1,
        apy: 5,
        apyBase: 5,
        apyReward: null,
        il7d: null,
        apyBase7d: null,
      },
    ]);
    expect(await client().chart(id)).toEqual([
      { at: Date.parse('2026-01-01T00:00:00.000Z'), tvlUsd: 1, apy: 5, apyBase: 5, apyReward: null },
      { at: Date.parse('2026-01-02T00:00:00.000Z'), tvlUsd: 2, apy: 5.5, apyBase: 5, apyReward: 0.5 },
    ]);
    expect(await client().chart(fixturePoolId(3, 2))).toEqual([]);
    const before = llama.requests.length;
    await expect(client().chart('not-a-uuid')).rejects.toMatchObject({ code: 'YIELD_PROVIDER_BAD_RESPONSE' });
    expect(llama.requests.length).toBe(before);
    llama.setChart(id, [{ timestamp: 'yesterday', apy: 1 }]);
    await expect(client().chart(id)).rejects.toMatchObject({ code: 'YIELD_PROVIDER_BAD_RESPONSE' });
    llama.setFault({ kind: 'rate-limited' }, 'chart');
    await expect(client().chart(id)).rejects.toMatchObject({ code: 'YIELD_PROVIDER_RATE_LIMITED' });
    llama.setFault({ kind: 'none' });
  });
});
