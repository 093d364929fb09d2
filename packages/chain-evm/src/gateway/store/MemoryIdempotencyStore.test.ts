import { describe, expect, it } from 'vitest';
import { MemoryIdempotencyStore } from './MemoryIdempotencyStore.js';
import { describeIdempotencyStoreContract } from './testing/idempotencyStoreContract.js';

describeIdempotencyStoreContract('MemoryIdempotencyStore', () => new MemoryIdempotencyStore());

describe('MemoryIdempotencyStore', () => {
  it('keeps stores apart (no shared global state)', async () => {
    const a = new MemoryIdempotencyStore();
    const b = new MemoryIdempotencyStore();
    await a.claim({ key: 'k', requestHash: 'h', at: 1 });
    expect(await b.claim({ key: 'k', requestHash: 'h', at: 1 })).toEqual({ state: 'claimed' });
  });
});
