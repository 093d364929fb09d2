import { describe, expect, it } from 'vitest';
import type { OperatorLimitsStore } from './OperatorLimitsStore.js';

/**
 * The contract every {@link OperatorLimitsStore} passes (memory, SQLite, PostgreSQL): empty until written, exact wei
 * round trip (2^256 − 1 included), nulls kept, the last write wins. Test-only.
 */
export function describeOperatorLimitsStoreContract(name: string, create: () => OperatorLimitsStore): void {
  describe(`${name}: operator limits contract`, () => {
    it('reads null until written, then the exact values written (2^256 − 1 and nulls kept)', async () => {
      const store = create();
      expect(await store.read()).toBeNull();
      const limits = {
        maxPerTx: 2n ** 256n - 1n,
        dailyLimit: null,
        sessionLimit: 1n,
        updatedAt: 1_700_000_000_123,
        updatedBy: 'operator',
      };
      await store.write(limits);
      expect(await store.read()).toEqual(limits);
    });

    it('the last write wins, every field replaced', async () => {
      const store = create();
      await store.write({ maxPerTx: 5n, dailyLimit: 6n, sessionLimit: 7n, updatedAt: 1, updatedBy: 'a' });
      await store.write({
        maxPerTx: null,
        dailyLimit: 9n,
        sessionLimit: null,
        updatedAt: 2,
        updatedBy: 'cli',
      });
      expect(await store.read()).toEqual({
        maxPerTx: null,
        dailyLimit: 9n,
        sessionLimit: null,
        updatedAt: 2,
        updatedBy: 'cli',
      });
    });
  });
}
