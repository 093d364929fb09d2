import { describe, expect, it } from 'vitest';
import { MemoryOutstandingApprovalStore } from './MemoryOutstandingApprovalStore.js';
import { describeOutstandingApprovalStoreContract } from './testing/outstandingApprovalStoreContract.js';

describeOutstandingApprovalStoreContract(
  'MemoryOutstandingApprovalStore',
  () => new MemoryOutstandingApprovalStore(),
);

describe('MemoryOutstandingApprovalStore', () => {
  it('keeps stores apart (no shared global state)', async () => {
    const a = new MemoryOutstandingApprovalStore();
    const b = new MemoryOutstandingApprovalStore();
    await a.insert({
      id: 'x',
      chainId: 1,
      owner: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      token: '0x2279B7A0a67DB372996a5FaB50D91eAA73d2eBe6',
      spender: '0x4631BCAbD6dF18D94796344963cB60d44a4136b6',
      amount: 1n,
      actionExecutionId: null,
      createdAt: 1,
    });
    expect(await b.get('x')).toBeNull();
  });
});
