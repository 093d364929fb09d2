import { describe, expect, it } from 'vitest';
import { describeIdempotencyStoreContract } from '../gateway/store/testing/idempotencyStoreContract.js';
import { PostgresIdempotencyStore } from './PostgresIdempotencyStore.js';
import { postgresTestPool } from './testing/postgresTestPool.js';

const db = postgresTestPool('chain_idempotency');

describeIdempotencyStoreContract(
  'PostgresIdempotencyStore',
  () => new PostgresIdempotencyStore({ pool: db.pool(), schema: db.schema() }),
);

describe('PostgresIdempotencyStore across instances', () => {
  it('one key claimed by 12 instances at once: exactly one claims it, the others see it in progress', async () => {
    const schema = db.schema();
    const stores = Array.from(
      { length: 6 },
      () => new PostgresIdempotencyStore({ pool: db.newPool(), schema }),
    );
    const states = await Promise.all(
      Array.from({ length: 12 }, (_, i) => stores[i % 6]?.claim({ key: 'k', requestHash: 'h', at: 1 })),
    );
    expect(states.filter((s) => s?.state === 'claimed')).toHaveLength(1);
    expect(states.filter((s) => s?.state === 'in_progress')).toHaveLength(11);
  });
});
