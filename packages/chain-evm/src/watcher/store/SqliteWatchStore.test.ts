import { tempDatabases } from '../../gateway/store/testing/tempDatabases.js';
import { describe, expect, it } from 'vitest';
import { SqliteWatchStore } from './SqliteWatchStore.js';
import { alertFixture, THRESHOLDS, WALLET, watchStoreContract } from './testing/watchStoreContract.js';

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
        baseline: { block: 1, native: 0n, tokens: {} },
        alerts: [alertFixture()],
        at: 2,
      }),
    ).rejects.toMatchObject({ code: 'STORE_FAILURE' });
    db.exec('ROLLBACK');
    expect((await store.get({ chainId: 31337, address: WALLET }))?.baseline).toBeNull();
    expect((await store.listAlerts({ limit: 5 })).items).toEqual([]);
  });
});
