import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExecutionRecord } from '@org/chain-evm';
import { SqliteExecutionStore } from '@org/chain-evm/sqlite';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionDto, ExecutionPageDto } from '../src/dto/execution.js';
import { startTestServer, type TestServer } from './helpers/startTestServer.js';

let server: TestServer;
let db: Database.Database;
let store: SqliteExecutionStore;

const record = (i: number, status: ExecutionRecord['status']): ExecutionRecord => ({
  id: `exec-${String(i).padStart(3, '0')}`,
  version: 0,
  createdAt: 1_700_000_000_000 + i,
  updatedAt: 1_700_000_000_000 + i,
  chainId: 31337,
  action: 'swap',
  from: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  to: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
  intent: {
    description: `swap #${i}`,
    value: '10000000000000000',
    spends: [],
    acquires: [
      {
        token: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
        amount: '29000000',
        symbol: 'USDC',
        decimals: 6,
      },
    ],
  },
  status,
  code: status === 'blocked' ? 'DAILY_LIMIT_EXCEEDED' : null,
  reason: null,
  valueWei: 12_000_000_000_000_000n,
  reservationId: null,
  nonce: null,
  transactions: [],
  minedHash: null,
  blockNumber: null,
  blockHash: null,
  feeWei: status === 'confirmed' ? 21_000_000_000_000n : null,
  idempotencyKey: null,
  result: status === 'confirmed' ? { received: '29100000' } : null,
  feeReservedWei: null,
  nonceGoneSinceBlock: null,
  cancelRequestedAt: null,
  cancelRequestedBy: null,
});

beforeAll(async () => {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'exec-e2e-')), 'data');
  server = await startTestServer({ DATA_DIR: dataDir });
  // Another connection to the app's database, as a second process would have.
  db = new Database(join(dataDir, 'wallet-ops.sqlite'));
  db.pragma('busy_timeout = 5000');
  store = new SqliteExecutionStore({ database: db });
  for (let i = 0; i < 25; i++) await store.insert(record(i, i % 5 === 0 ? 'blocked' : 'confirmed'));
});
afterAll(async () => {
  db?.close();
  await server?.close();
});

describe('GET /executions', () => {
  it('lists newest first, pages with an opaque cursor without gaps or duplicates, and filters by status', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await server.call(
        `/executions?limit=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const page = (await res.json()) as ExecutionPageDto;
      seen.push(...page.items.map((e) => e.id));
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => `exec-${String(24 - i).padStart(3, '0')}`));
    const blocked = (await (
      await server.call('/executions?status=blocked&limit=100')
    ).json()) as ExecutionPageDto;
    expect(blocked.items.map((e) => e.id)).toEqual([
      'exec-020',
      'exec-015',
      'exec-010',
      'exec-005',
      'exec-000',
    ]);
    expect(blocked.items[0]).toMatchObject({ status: 'blocked', code: 'DAILY_LIMIT_EXCEEDED' });
  });

  it.each(['limit=0', 'limit=101', 'limit=abc', 'status=done'])('rejects %s with 422', async (query) => {
    const res = await server.call(`/executions?${query}`);
    expect(res.status).toBe(422);
    expect(((await res.json()) as { code: string }).code).toBe('VALIDATION_FAILED');
  });
});

describe('GET /executions/{id}', () => {
  it('answers one execution with decimal amounts and ISO times', async () => {
    const res = await server.call('/executions/exec-001');
    expect(res.status).toBe(200);
    const body = (await res.json()) as ExecutionDto;
    expect(body).toMatchObject({
      id: 'exec-001',
      chain: { id: 31337, name: 'devnet' },
      status: 'confirmed',
      description: 'swap #1',
      nativeValue: { eth: '0.01', wei: '10000000000000000' },
      charged: { eth: '0.012', wei: '12000000000000000' },
      fee: { eth: '0.000021', wei: '21000000000000' },
      acquires: [{ symbol: 'USDC', amount: '29000000', decimals: 6 }],
      result: { received: '29100000' },
      createdAt: new Date(1_700_000_000_001).toISOString(),
    });
  });

  it('an unknown id → 404 EXECUTION_NOT_FOUND problem+json', async () => {
    const res = await server.call('/executions/nope');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(((await res.json()) as { code: string }).code).toBe('EXECUTION_NOT_FOUND');
  });
});
