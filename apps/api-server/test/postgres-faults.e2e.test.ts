import { devnetTokenList } from '@org/chain-evm';
import {
  createTestDatabase,
  type CreateTestDatabaseReturnType,
  type RpcProxy,
  type StartDevnetReturnType,
  startDevnet,
  startRpcProxy,
} from '@org/devnet';
import type { JsonRpcProvider } from 'ethers';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionDto } from '../src/dto/execution.js';
import type { GovernorStatusDto } from '../src/dto/governor.js';
import type { SwapExecutionDto } from '../src/dto/swap.js';
import type { HealthDto } from '../src/dto/wallet.js';
import { type PgProxy, startPgProxy } from './helpers/startPgProxy.js';
import { startTestServer, type TestServer } from './helpers/startTestServer.js';
import { devnetReader, swapServerEnv } from './helpers/swapServerEnv.js';
import { until } from './helpers/until.js';

// Issue 36, faults at the PostgreSQL boundary: a TCP proxy between the server and PostgreSQL cuts every connection
// (idle, or in the middle of the money path), refuses new ones for a while (a restart), and sends new ones to another
// database holding a copy of the data (a failover to a new primary). The server reconnects by itself; nothing is
// half-written, the daily cap is never exceeded, and no nonce is signed twice (the chain is read directly).
let devnet: StartDevnetReturnType;
let reader: JsonRpcProvider;
let rpc: RpcProxy;
let database: CreateTestDatabaseReturnType;
let proxy: PgProxy;
let server: TestServer;
const ACCOUNT = 9;
const wallet = () => devnet.manifest.accounts[ACCOUNT]!.address;
/** Each swap is charged 0.01 ETH plus its worst-case fee (well under 0.001 ETH on the devnet). */
const DAILY_LIMIT_ETH = 0.1;

beforeAll(async () => {
  devnet = await startDevnet();
  reader = devnetReader(devnet);
  rpc = await startRpcProxy({ upstream: devnet.rpcUrl });
  database = await createTestDatabase({ prefix: 'pg_faults' });
  proxy = await startPgProxy(database.url);
  server = await startTestServer(
    {
      ...swapServerEnv(devnet, rpc.url, ACCOUNT),
      DATABASE_URL: proxy.url,
      GOVERNOR_MAX_PER_TX: '0.05',
      GOVERNOR_DAILY_LIMIT: String(DAILY_LIMIT_ETH),
      RECEIPT_TIMEOUT_MS: '3000',
      JOB_LEASE_SECONDS: '2',
    },
    { swapTokens: new Map([[31337, devnetTokenList({ manifest: devnet.manifest })]]) },
  );
}, 120_000);
afterAll(async () => {
  reader?.destroy();
  await server?.close();
  await proxy?.close();
  await rpc?.close();
  await database?.drop();
  await devnet?.stop();
});

const swap = (key?: string) =>
  server.call('/swap/execute', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { 'Idempotency-Key': key } : {}) },
    body: JSON.stringify({ tokenIn: 'ETH', tokenOut: 'USDC', amountIn: '0.01' }),
  });
const governor = async () => (await (await server.call('/governor/status')).json()) as GovernorStatusDto;
const health = async () => (await (await server.call('/health', { key: null })).json()) as HealthDto;
const settledExecution = (id: string) =>
  until(
    `execution ${id} settled`,
    async () => {
      const res = await server.call(`/executions/${id}`);
      if (res.status !== 200) return undefined;
      const record = (await res.json()) as ExecutionDto;
      return ['confirmed', 'failed', 'reverted', 'blocked'].includes(record.status) ? record : undefined;
    },
    { ms: 20_000, intervalMs: 250 },
  );
/** Every signed transaction the server handed to the node, by nonce: one distinct raw transaction per nonce. */
const rawsByNonce = async () => {
  const byNonce = new Map<number, Set<string>>();
  for (const r of rpc.requests.filter((q) => q.method === 'eth_sendRawTransaction')) {
    const raw = String(r.params[0]);
    const tx = (await import('ethers')).Transaction.from(raw);
    const set = byNonce.get(tx.nonce) ?? new Set<string>();
    set.add(raw);
    byNonce.set(tx.nonce, set);
  }
  return byNonce;
};

describe('PostgreSQL connections fail under a running server', () => {
  it('every connection cut while idle, 12 times (more than the pool holds): never a crash or a hang; the server reconnects, reads and swaps', async () => {
    for (let i = 0; i < 12; i++) {
      proxy.cut();
      // The first query on a connection whose server went away may fail (503 with a code, nothing written); the
      // pool replaces it and the next request reads.
      const first = await server.call('/governor/status');
      if (first.status !== 200) {
        expect(first.status).toBe(503);
        expect(((await first.json()) as { code: string }).code).toMatch(/^(LEDGER|STORE)_FAILURE$/);
      }
      await until('a read answers', async () =>
        (await server.call('/governor/status')).status === 200 ? true : undefined,
      );
    }
    const nonce = await reader.getTransactionCount(wallet());
    const res = await swap();
    expect(res.status).toBe(200);
    expect(await reader.getTransactionCount(wallet())).toBe(nonce + 1);
    await until('health ok', async () => ((await health()).status === 'ok' ? true : undefined), {
      ms: 6_000,
    });
  });

  it('cut in the middle of the money path (as the signed transaction goes to the node): 202, settled once, one nonce', async () => {
    const nonce = await reader.getTransactionCount(wallet());
    rpc.reset();
    rpc.intercept = (r) => {
      if (r.method === 'eth_sendRawTransaction') proxy.cut();
      return undefined;
    };
    const res = await swap('pg-cut-at-broadcast');
    rpc.intercept = undefined;
    const body = (await res.json()) as SwapExecutionDto & { code?: string };
    expect([200, 202]).toContain(res.status);
    const settled = await settledExecution(body.execution.id);
    expect(settled.status).toBe('confirmed');
    expect(settled.txHash).toBe(body.execution.txHash);
    expect(await reader.getTransactionCount(wallet(), 'pending')).toBe(nonce + 1);
    for (const [, raws] of await rawsByNonce()) expect(raws.size).toBe(1);
    await until('no reservation left', async () =>
      (await governor()).openReservations.length === 0 ? true : undefined,
    );
  });

  it('cuts under load: 10 concurrent swaps, every connection cut at five points of their pipelines — answers with codes, the cap holds, one transaction per nonce', async () => {
    const nonce = await reader.getTransactionCount(wallet());
    rpc.reset();
    // Deterministic cut points while the swaps are at different steps: simulating, sending, following receipts.
    const cutAt = new Set([
      'eth_simulateV1#2',
      'eth_sendRawTransaction#1',
      'eth_sendRawTransaction#3',
      'eth_getTransactionReceipt#2',
      'eth_getTransactionCount#4',
    ]);
    const seen = new Map<string, number>();
    let cuts = 0;
    rpc.intercept = (r) => {
      const n = (seen.get(r.method) ?? 0) + 1;
      seen.set(r.method, n);
      if (cutAt.has(`${r.method}#${n}`)) {
        cuts += 1;
        proxy.cut();
      }
      return undefined;
    };
    const answers = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const res = await swap(`pg-load-${i}`);
        return { status: res.status, body: (await res.json()) as SwapExecutionDto & { code?: string } };
      }),
    );
    rpc.intercept = undefined;
    for (const a of answers) {
      if (a.status === 200 || a.status === 202) continue;
      expect([403, 409, 503]).toContain(a.status);
      expect(a.body.code).toMatch(/^[A-Z_]+$/);
    }
    // Everything settles (the reconciler finishes what a cut left open).
    for (const a of answers) if (a.body.execution?.id) await settledExecution(a.body.execution.id);
    await until(
      'no reservation left',
      async () => ((await governor()).openReservations.length === 0 ? true : undefined),
      { ms: 20_000, intervalMs: 500 },
    );
    const mined = (await reader.getTransactionCount(wallet())) - nonce;
    expect(await reader.getTransactionCount(wallet(), 'pending')).toBe(nonce + mined);
    for (const [, raws] of await rawsByNonce()) expect(raws.size).toBe(1);
    const g = await governor();
    expect(BigInt(g.spent.daily.committed.wei)).toBeLessThanOrEqual(BigInt(DAILY_LIMIT_ETH * 1e18));
    // Every mined swap is a confirmed record and nothing else is: nothing half-written.
    const confirmed = (
      (await (await server.call('/executions?limit=100&status=confirmed')).json()) as {
        items: ExecutionDto[];
      }
    ).items;
    const onChainSince = new Set<string>();
    for (const e of confirmed) {
      const tx = await reader.getTransaction(e.txHash as string);
      if (tx && tx.nonce >= nonce) onChainSince.add(e.txHash as string);
    }
    expect(onChainSince.size).toBe(mined);
    expect(cuts).toBeGreaterThan(0);
  });

  it('PostgreSQL restarts (new connections refused): fund moves refuse with a code, /health down; back without a restart of ours', async () => {
    const nonce = await reader.getTransactionCount(wallet(), 'pending');
    proxy.refusing = true;
    proxy.cut();
    const res = await swap();
    const body = (await res.json()) as { code?: string };
    expect(res.status).toBe(503);
    expect(['LEDGER_FAILURE', 'STORE_FAILURE']).toContain(body.code);
    await until('health down', async () => ((await health()).status === 'down' ? true : undefined), {
      ms: 6_000,
    });
    expect(await reader.getTransactionCount(wallet(), 'pending')).toBe(nonce);
    proxy.refusing = false;
    await until('health ok', async () => ((await health()).status === 'ok' ? true : undefined), {
      ms: 6_000,
    });
    const again = await swap();
    expect(again.status).toBe(200);
    expect(await reader.getTransactionCount(wallet(), 'pending')).toBe(nonce + 1);
  });

  it('failover to a new primary holding a copy: the server carries on with the same records', async () => {
    const before = (await (await server.call('/executions?limit=100')).json()) as { items: ExecutionDto[] };
    const spent = (await governor()).spent.daily.committed.wei;
    proxy.refusing = true;
    proxy.cut();
    const copy = `${database.name}_b`;
    const admin = new pg.Client({ connectionString: new URL('/postgres', database.url).toString() });
    await admin.connect();
    try {
      // The old primary's backends go away with their clients; a copy needs the database without sessions.
      await until(
        'the copy made',
        async () => {
          try {
            await admin.query(`CREATE DATABASE "${copy}" TEMPLATE "${database.name}"`);
            return true;
          } catch {
            return undefined;
          }
        },
        { ms: 10_000, intervalMs: 200 },
      );
      proxy.database = copy;
      proxy.refusing = false;
      await until('health ok', async () => ((await health()).status === 'ok' ? true : undefined), {
        ms: 8_000,
      });
      const after = (await (await server.call('/executions?limit=100')).json()) as { items: ExecutionDto[] };
      expect(after.items.map((e) => [e.id, e.status])).toEqual(before.items.map((e) => [e.id, e.status]));
      expect((await governor()).spent.daily.committed.wei).toBe(spent);
      const nonce = await reader.getTransactionCount(wallet(), 'pending');
      const res = await swap();
      expect(res.status).toBe(200);
      expect(await reader.getTransactionCount(wallet(), 'pending')).toBe(nonce + 1);
    } finally {
      await server.close();
      await admin.query(`DROP DATABASE IF EXISTS "${copy}" WITH (FORCE)`);
      await admin.end();
    }
  });
});
