import { tempDatabases } from '../../gateway/store/testing/tempDatabases.js';
import { describe, expect, it } from 'vitest';
import { SqliteWatchStore, WATCHER_MIGRATIONS } from './SqliteWatchStore.js';
import {
  alertFixture,
  hashOf,
  THRESHOLDS,
  WALLET,
  watchStoreContract,
} from './testing/watchStoreContract.js';

const { connect: connectFile, path } = tempDatabases('watcher-store-');
const connect = (name: string) => connectFile(name);

let n = 0;
watchStoreContract('SqliteWatchStore', () => new SqliteWatchStore({ database: connect(`w${n++}.db`) }));

describe('SqliteWatchStore', () => {
  it('survives a restart: list, baseline and alerts read back from a new connection', async () => {
    const file = path('restart.db');
    const first = new SqliteWatchStore({ database: connect(file) });
    await first.upsert({ chainId: 31337, address: WALLET, label: 'ops', thresholds: THRESHOLDS, at: 1 });
    const baseline = {
      block: 7,
      blockHash: hashOf(7),
      native: 2n ** 100n,
      tokens: { '0x5fbdb2315678afecb367f032d93f642f64180aa3': 5n },
    };
    await first.recordCheck({
      chainId: 31337,
      address: WALLET,
      previousBlock: null,
      baseline,
      alerts: [alertFixture()],
      at: 2,
    });
    const again = new SqliteWatchStore({ database: connect(file) });
    expect(await again.get({ chainId: 31337, address: WALLET })).toMatchObject({
      label: 'ops',
      baseline,
      thresholds: THRESHOLDS,
    });
    expect((await again.listAlerts({ limit: 5 })).items).toEqual([alertFixture()]);
  });

  it('never joins a caller transaction: a check inside one is refused and leaves nothing behind', async () => {
    const db = connect('foreign.db');
    const store = new SqliteWatchStore({ database: db });
    await store.upsert({ chainId: 31337, address: WALLET, label: null, thresholds: THRESHOLDS, at: 1 });
    db.exec('BEGIN');
    await expect(
      store.recordCheck({
        chainId: 31337,
        address: WALLET,
        previousBlock: null,
        baseline: { block: 1, blockHash: hashOf(1), native: 0n, tokens: {} },
        alerts: [alertFixture()],
        at: 2,
      }),
    ).rejects.toMatchObject({ code: 'STORE_FAILURE' });
    db.exec('ROLLBACK');
    expect((await store.get({ chainId: 31337, address: WALLET }))?.baseline).toBeNull();
    expect((await store.listAlerts({ limit: 5 })).items).toEqual([]);
  });

  it('upgrades a version-1 database: a baseline stored without its hash reads blockHash null (taken as is), not deferred', async () => {
    const db = connect('v1.db');
    db.exec('CREATE TABLE watcher_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)');
    db.exec(WATCHER_MIGRATIONS[0] as string);
    db.prepare('INSERT INTO watcher_migrations (version, applied_at) VALUES (1, 0)').run();
    db.prepare(
      `INSERT INTO watcher_wallets (chain_id, address, address_key, label, min_change_wei, large_outgoing_wei,
       alert_on_approval, created_at, updated_at, baseline_block, baseline_native, baseline_tokens, last_check_at)
       VALUES (31337, ?, ?, NULL, '1', '2', 1, 1, 1, 7, '5', '{}', 1)`,
    ).run(WALLET, `31337:${WALLET.toLowerCase()}`);
    const store = new SqliteWatchStore({ database: db });
    expect(await store.get({ chainId: 31337, address: WALLET })).toMatchObject({
      baseline: { block: 7, blockHash: null, native: 5n, tokens: {} },
      deferred: null,
    });
    expect(db.prepare('SELECT MAX(version) AS v FROM watcher_migrations').get()).toEqual({ v: 2 });
    expect(
      await store.recordCheck({
        chainId: 31337,
        address: WALLET,
        previousBlock: 7,
        baseline: { block: 8, blockHash: hashOf(8), native: 5n, tokens: {} },
        alerts: [],
        at: 2,
      }),
    ).toBe(true);
    expect((await store.get({ chainId: 31337, address: WALLET }))?.baseline?.blockHash).toBe(hashOf(8));
  });
});
