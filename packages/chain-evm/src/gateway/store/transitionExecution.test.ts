import { describe, expect, it } from 'vitest';
import { MemoryExecutionStore } from './MemoryExecutionStore.js';
import { testPreparingRecord } from './testing/executionFixtures.js';
import { transitionExecution } from './transitionExecution.js';

describe('transitionExecution', () => {
  it('applies while the record is in one of `from` (re-reading after a lost write); null once it moved on', async () => {
    const store = new MemoryExecutionStore();
    const record = testPreparingRecord({ status: 'signed' });
    await store.insert(record);
    // A stale read (another writer bumped the version meanwhile) is retried from a fresh read.
    await store.update({
      id: record.id,
      expected: { status: 'signed', version: 0 },
      patch: { cancelRequestedAt: 1 },
      at: 1,
    });
    const pending = await transitionExecution({
      store,
      id: record.id,
      from: ['signed'],
      patch: { status: 'pending' },
      at: 2,
      read: record,
    });
    expect(pending).toMatchObject({ status: 'pending', version: 2, cancelRequestedAt: 1 });
    expect(
      await transitionExecution({
        store,
        id: record.id,
        from: ['signed'],
        patch: { status: 'failed' },
        at: 3,
      }),
    ).toBeNull();
    await expect(
      transitionExecution({ store, id: 'missing', from: ['signed'], patch: { status: 'failed' }, at: 3 }),
    ).rejects.toMatchObject({ code: 'EXECUTION_NOT_FOUND' });
  });
});
