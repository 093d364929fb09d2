import { describe, expect, it } from 'vitest';
import { MemoryExecutionStore } from './MemoryExecutionStore.js';
import { testPreparingRecord } from './testing/executionFixtures.js';
import { describeExecutionStoreContract } from './testing/executionStoreContract.js';

describeExecutionStoreContract('MemoryExecutionStore', () => new MemoryExecutionStore());

describe('MemoryExecutionStore', () => {
  it('keeps stores apart (no shared global state)', async () => {
    const a = new MemoryExecutionStore();
    const b = new MemoryExecutionStore();
    await a.insert(testPreparingRecord());
    expect(await b.get(testPreparingRecord().id)).toBeNull();
  });
});
