import { tempDatabases } from './testing/tempDatabases.js';
import { describe, expect, it } from 'vitest';
import { SqliteConfirmationStore } from './SqliteConfirmationStore.js';
import { SqliteExecutionStore } from './SqliteExecutionStore.js';
import { confirmationFixture, confirmationStoreContract } from './testing/confirmationStoreContract.js';

const { connect: connectFile, path } = tempDatabases('gateway-confirmations-');
const connect = (name: string) => connectFile(name);

let n = 0;
confirmationStoreContract(
  'SqliteConfirmationStore',
  () => new SqliteConfirmationStore({ database: connect(`c${n++}.db`) }),
);

describe('SqliteConfirmationStore', () => {
  it('survives a reopen (a restart): pending stays pending, bound to its intent and expiry', async () => {
    const file = path('reopen.db');
    const first = connect(file);
    await new SqliteConfirmationStore({ database: first }).insert(confirmationFixture());
    first.close();
    const again = new SqliteConfirmationStore({ database: connect(file) });
    expect(await again.get('c-1')).toEqual(confirmationFixture());
  });

  it('a decision made through one connection (the CLI) is seen by another (the server); only one wins', async () => {
    const file = path('two.db');
    const server = new SqliteConfirmationStore({ database: connect(file) });
    const cli = new SqliteConfirmationStore({ database: connect(file) });
    await server.insert(confirmationFixture());
    expect(await cli.transition({ id: 'c-1', from: ['pending'], to: 'approved', at: 2 })).not.toBeNull();
    expect(await server.transition({ id: 'c-1', from: ['pending'], to: 'denied', at: 3 })).toBeNull();
    expect((await server.get('c-1'))?.status).toBe('approved');
  });

  it('shares the gateway schema with the execution store and never joins a caller transaction', async () => {
    const db = connect('shared.db');
    new SqliteExecutionStore({ database: db });
    const store = new SqliteConfirmationStore({ database: db });
    db.exec('BEGIN');
    await expect(store.insert(confirmationFixture())).rejects.toMatchObject({ code: 'STORE_FAILURE' });
    db.exec('ROLLBACK');
    expect(await store.get('c-1')).toBeNull();
    const versions = db.prepare('SELECT version FROM gateway_migrations ORDER BY version').all();
    expect(versions).toEqual([{ version: 1 }, { version: 2 }, { version: 3 }, { version: 4 }]);
  });

  it('a held action stored before buy taxes were recorded reads its buy tax as unknown (null), never 0', async () => {
    const db = connect('legacy-safety.db');
    const store = new SqliteConfirmationStore({ database: db });
    await store.insert(confirmationFixture());
    db.prepare('UPDATE gateway_confirmations SET safety = ? WHERE id = ?').run(
      JSON.stringify([{ token: confirmationFixture().safety[0]?.token, isHoneypot: false, sellTax: 0 }]),
      'c-1',
    );
    expect((await store.get('c-1'))?.safety).toEqual([
      { token: confirmationFixture().safety[0]?.token, isHoneypot: false, buyTax: null, sellTax: 0 },
    ]);
  });
});
