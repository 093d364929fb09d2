import { describe, expect, it } from 'vitest';
import {
  confirmationFixture,
  confirmationStoreContract,
} from '../gateway/store/testing/confirmationStoreContract.js';
import { PostgresConfirmationStore } from './PostgresConfirmationStore.js';
import { postgresTestPool } from './testing/postgresTestPool.js';

const db = postgresTestPool('chain_confirmations');

confirmationStoreContract(
  'PostgresConfirmationStore',
  () => new PostgresConfirmationStore({ pool: db.pool(), schema: db.schema() }),
);

describe('PostgresConfirmationStore across instances', () => {
  it('an approval on one instance and an expiry on another at once: exactly one wins', async () => {
    const schema = db.schema();
    const a = new PostgresConfirmationStore({ pool: db.newPool(), schema });
    const b = new PostgresConfirmationStore({ pool: db.newPool(), schema });
    const held = confirmationFixture();
    await a.insert(held);
    const [approved, expired] = await Promise.all([
      a.transition({ id: held.id, from: ['pending'], to: 'approved', at: held.createdAt + 1 }),
      b.transition({ id: held.id, from: ['pending'], to: 'expired', at: held.createdAt + 1 }),
    ]);
    expect([approved, expired].filter((r) => r !== null)).toHaveLength(1);
    const final = await b.get(held.id);
    expect(final?.status).toBe((approved ?? expired)?.status);
  });
});
