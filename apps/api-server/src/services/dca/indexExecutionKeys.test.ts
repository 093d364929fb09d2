import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ExecutionRecord, MemoryExecutionStore } from '@org/chain-evm';
import { SqliteExecutionStore } from '@org/chain-evm/sqlite';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { ExecutionKeyIndex } from './ExecutionKeyIndex.js';
import { indexExecutionKeys } from './indexExecutionKeys.js';
import { MemoryExecutionKeyIndex } from './MemoryExecutionKeyIndex.js';
import { SqliteExecutionKeyIndex } from './SqliteExecutionKeyIndex.js';

const databases: Database.Database[] = [];
afterAll(() => {
  for (const db of databases) db.close();
});
function openTemp(): Database.Database {
  const db = new Database(join(mkdtempSync(join(tmpdir(), 'key-index-')), 'test.sqlite'));
  db.pragma('journal_mode = WAL');
  databases.push(db);
  return db;
}

const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const ROUTER = '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D';
function record(id: string, idempotencyKey: string | null): ExecutionRecord {
  return {
    id,
    version: 0,
    createdAt: 1_000,
    updatedAt: 1_000,
    chainId: 31337,
    action: 'dca-fill',
    from: WALLET,
    to: ROUTER,
    intent: { description: 'fill', value: '0', spends: [], acquires: [] },
    status: 'preparing',
    code: null,
    reason: null,
    valueWei: null,
    feeReservedWei: null,
    reservationId: null,
    nonce: null,
    transactions: [],
    minedHash: null,
    blockNumber: null,
    blockHash: null,
    feeWei: null,
    idempotencyKey,
    result: null,
    nonceGoneSinceBlock: null,
    cancelRequestedAt: null,
    cancelRequestedBy: null,
  };
}

const indexes: [string, () => ExecutionKeyIndex][] = [
  ['memory', () => new MemoryExecutionKeyIndex()],
  ['SQLite', () => new SqliteExecutionKeyIndex({ database: openTemp() })],
];

describe.each(indexes)('ExecutionKeyIndex contract (%s)', (_name, make) => {
  it('insert once per key; get; replace is a compare-and-set on the execution it names', async () => {
    const index = make();
    expect(await index.get('dca:a:0')).toBeNull();
    expect(await index.insert({ key: 'dca:a:0', executionId: 'e1', at: 1 })).toBe(true);
    expect(await index.insert({ key: 'dca:a:0', executionId: 'e2', at: 2 })).toBe(false);
    expect(await index.get('dca:a:0')).toBe('e1');
    expect(await index.replace({ key: 'dca:a:0', from: 'e2', to: 'e3', at: 3 })).toBe(false);
    expect(await index.get('dca:a:0')).toBe('e1');
    expect(await index.replace({ key: 'dca:a:0', from: 'e1', to: 'e3', at: 3 })).toBe(true);
    expect(await index.get('dca:a:0')).toBe('e3');
  });
});

describe('the SQLite index never writes inside a transaction it did not open', () => {
  it('refuses, and a foreign rollback cannot erase a key it reported', async () => {
    const database = openTemp();
    const index = new SqliteExecutionKeyIndex({ database });
    database.exec('BEGIN');
    await expect(index.insert({ key: 'dca:b:0', executionId: 'e1', at: 1 })).rejects.toThrow(/transaction/);
    database.exec('ROLLBACK');
    expect(await index.insert({ key: 'dca:b:0', executionId: 'e1', at: 1 })).toBe(true);
    expect(await new SqliteExecutionKeyIndex({ database }).get('dca:b:0')).toBe('e1');
  });
});

describe.each([
  ['memory store', () => new MemoryExecutionStore()],
  ['SQLite store', () => new SqliteExecutionStore({ database: openTemp() })],
])('indexExecutionKeys over the %s', (_name, makeStore) => {
  const dca = (key: string) => key.startsWith('dca:');

  it('a second record under an indexed key is refused before it is stored: one key, one execution', async () => {
    const store = indexExecutionKeys({
      store: makeStore(),
      index: new MemoryExecutionKeyIndex(),
      indexed: dca,
    });
    await store.insert(record('e1', 'dca:o:3'));
    await expect(store.insert(record('e2', 'dca:o:3'))).rejects.toMatchObject({
      code: 'EXECUTION_KEY_TAKEN',
    });
    expect(await store.get('e2')).toBeNull();
    expect((await store.get('e1'))?.idempotencyKey).toBe('dca:o:3');
  });

  it('two concurrent inserts under one key: exactly one is stored', async () => {
    const inner = makeStore();
    const store = indexExecutionKeys({ store: inner, index: new MemoryExecutionKeyIndex(), indexed: dca });
    const results = await Promise.allSettled([
      store.insert(record('c1', 'dca:o:4')),
      store.insert(record('c2', 'dca:o:4')),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const stored = [await inner.get('c1'), await inner.get('c2')].filter((r) => r !== null);
    expect(stored).toHaveLength(1);
  });

  it('a key entered whose record never got stored (a crash between the writes) is taken over', async () => {
    const index = new MemoryExecutionKeyIndex();
    await index.insert({ key: 'dca:o:5', executionId: 'lost', at: 1 });
    const store = indexExecutionKeys({ store: makeStore(), index, indexed: dca });
    await store.insert(record('e5', 'dca:o:5'));
    expect(await index.get('dca:o:5')).toBe('e5');
    expect((await store.get('e5'))?.status).toBe('preparing');
  });

  it('keys that are not indexed (and records without a key) go straight to the store; other methods are the store’s', async () => {
    const index = new MemoryExecutionKeyIndex();
    const store = indexExecutionKeys({ store: makeStore(), index, indexed: dca });
    await store.insert(record('s1', 'swap-key'));
    await store.insert(record('s2', 'swap-key'));
    await store.insert(record('s3', null));
    expect(await index.get('swap-key')).toBeNull();
    expect((await store.listUnsettled()).map((r) => r.id).sort()).toEqual(['s1', 's2', 's3']);
  });
});
