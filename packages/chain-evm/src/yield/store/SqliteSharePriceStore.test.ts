import { describe, expect, it } from 'vitest';
import { SqliteIdempotencyStore } from '../../gateway/store/SqliteIdempotencyStore.js';
import { tempDatabases } from '../../gateway/store/testing/tempDatabases.js';
import { SqliteSharePriceStore } from './SqliteSharePriceStore.js';
import { describeSharePriceStoreContract } from './testing/sharePriceStoreContract.js';

const VAULT = '0x0DCd1Bf9A1b36cE34237eEaFef220932846BCD82';
const { connect, path } = tempDatabases('share-price-store-');
const sample = {
  chainId: 31337,
  vault: VAULT,
  blockNumber: 7,
  blockHash: null,
  at: 86_400_000,
  assetsPerShare: 1_050_000n,
  shareDecimals: 6,
  totalAssets: 10n ** 12n,
  totalSupply: 10n ** 12n,
} as const;

let n = 0;
describeSharePriceStoreContract(
  'SqliteSharePriceStore',
  () => new SqliteSharePriceStore({ database: connect(`c${n++}.db`) }),
);

describe('SqliteSharePriceStore', () => {
  it('survives a reopen and shares one handle with the gateway stores (own table and migrations)', async () => {
    const file = path('reopen.db');
    let db = connect(file);
    new SqliteIdempotencyStore({ database: db });
    expect(await new SqliteSharePriceStore({ database: db }).record(sample)).toBe(true);
    expect(db.prepare('SELECT version FROM yield_migrations').all()).toEqual([
      { version: 1 },
      { version: 2 },
    ]);
    db.close();
    db = connect(file);
    const store = new SqliteSharePriceStore({ database: db });
    expect(await store.list({ chainId: 31337, vault: VAULT })).toEqual([sample]);
    // Two stores (two processes) on the same file record the same block once.
    expect(await new SqliteSharePriceStore({ database: connect(file) }).record(sample)).toBe(false);
  });

  it('never joins a caller transaction: record refuses, neither ROLLBACK nor COMMIT leaks anything', async () => {
    const db = connect('foreign.db');
    const store = new SqliteSharePriceStore({ database: db });
    for (const end of ['ROLLBACK', 'COMMIT']) {
      db.exec('BEGIN');
      await expect(store.record(sample)).rejects.toMatchObject({
        code: 'STORE_FAILURE',
        shortMessage: expect.stringContaining('did not open'),
      });
      db.exec(end);
      expect(await store.list({ chainId: 31337, vault: VAULT })).toEqual([]);
    }
  });

  it('reports corrupt rows and a newer schema as STORE_FAILURE; raises synchronous to FULL', async () => {
    const file = path('schema.db');
    const db = connect(file);
    db.pragma('synchronous = OFF');
    const store = new SqliteSharePriceStore({ database: db });
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    await store.record(sample);
    db.prepare("UPDATE yield_share_prices SET total_assets = '-5'").run();
    await expect(store.list({ chainId: 31337, vault: VAULT })).rejects.toMatchObject({
      code: 'STORE_FAILURE',
    });
    db.prepare('INSERT INTO yield_migrations (version, applied_at) VALUES (9, 0)').run();
    expect(() => new SqliteSharePriceStore({ database: connect(file) })).toThrow(
      expect.objectContaining({ code: 'STORE_FAILURE' }),
    );
  });
});
