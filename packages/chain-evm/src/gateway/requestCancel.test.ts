import { describe, expect, it } from 'vitest';
import { requestCancel } from './requestCancel.js';
import { MemoryExecutionStore } from './store/MemoryExecutionStore.js';
import { testPreparingRecord } from './store/testing/executionFixtures.js';

describe('requestCancel', () => {
  it('writes who asked and when on a signed or pending execution; refuses any other and an unknown id', async () => {
    const store = new MemoryExecutionStore();
    await store.insert(testPreparingRecord({ id: 'p', status: 'pending' }));
    await store.insert(testPreparingRecord({ id: 'c', status: 'confirmed' }));
    expect(await requestCancel({ executions: store, id: 'p', by: 'cli', at: 5 })).toMatchObject({
      cancelRequestedAt: 5,
      cancelRequestedBy: 'cli',
      status: 'pending',
      version: 1,
    });
    await expect(requestCancel({ executions: store, id: 'c', by: 'cli', at: 5 })).rejects.toMatchObject({
      code: 'EXECUTION_NOT_CANCELLABLE',
    });
    await expect(requestCancel({ executions: store, id: 'x', by: 'cli', at: 5 })).rejects.toMatchObject({
      code: 'EXECUTION_NOT_FOUND',
    });
  });
});
