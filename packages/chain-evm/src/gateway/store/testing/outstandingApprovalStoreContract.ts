import { describe, expect, it } from 'vitest';
import type { Address } from '../../../chains/chains.js';
import type { NewOutstandingApproval, OutstandingApprovalStore } from '../OutstandingApprovalStore.js';

const owner = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address;
const token = '0x2279B7A0a67DB372996a5FaB50D91eAA73d2eBe6' as Address;
const spender = '0x4631BCAbD6dF18D94796344963cB60d44a4136b6' as Address;
const row = (over: Partial<NewOutstandingApproval> = {}): NewOutstandingApproval => ({
  id: 'exe_approve_1',
  chainId: 31337,
  owner,
  token,
  spender,
  amount: 100_000_000n,
  actionExecutionId: null,
  createdAt: 10,
  ...over,
});

/**
 * The behaviour every {@link OutstandingApprovalStore} must have, called from each store's test file with a factory
 * for a fresh, empty store.
 *
 * @example
 * ```ts
 * describeOutstandingApprovalStoreContract('MemoryOutstandingApprovalStore', () => new MemoryOutstandingApprovalStore());
 * ```
 */
export function describeOutstandingApprovalStoreContract(
  name: string,
  createStore: () => OutstandingApprovalStore,
): void {
  describe(`${name}: outstanding approval store contract`, () => {
    it('insert → outstanding, version 0, no attempts; get returns it; a second insert of the id is EXECUTION_EXISTS', async () => {
      const store = createStore();
      const inserted = await store.insert(row());
      const expected = {
        ...row(),
        status: 'outstanding',
        attempts: 0,
        resetExecutionId: null,
        lastError: null,
        updatedAt: 10,
        version: 0,
      };
      expect(inserted).toEqual(expected);
      expect(await store.get('exe_approve_1')).toEqual(expected);
      expect(await store.get('missing')).toBeNull();
      await expect(store.insert(row({ amount: 5n }))).rejects.toMatchObject({ code: 'EXECUTION_EXISTS' });
      expect((await store.get('exe_approve_1'))?.amount).toBe(100_000_000n);
    });

    it('update is a compare-and-set on the version: the stale writer gets null and changes nothing', async () => {
      const store = createStore();
      await store.insert(row());
      const first = await store.update('exe_approve_1', 0, { actionExecutionId: 'exe_bridge', at: 20 });
      expect(first).toMatchObject({ actionExecutionId: 'exe_bridge', version: 1, updatedAt: 20 });
      expect(await store.update('exe_approve_1', 0, { status: 'reset', at: 21 })).toBeNull();
      expect((await store.get('exe_approve_1'))?.status).toBe('outstanding');
      const second = await store.update('exe_approve_1', 1, {
        attempts: 1,
        resetExecutionId: 'exe_reset',
        lastError: 'KILL_SWITCH_ENGAGED',
        at: 22,
      });
      expect(second).toMatchObject({
        actionExecutionId: 'exe_bridge',
        attempts: 1,
        resetExecutionId: 'exe_reset',
        lastError: 'KILL_SWITCH_ENGAGED',
        version: 2,
      });
      expect(await store.update('missing', 0, { status: 'reset', at: 23 })).toBeNull();
    });

    it('listOutstanding: only outstanding rows, oldest first, at most the limit', async () => {
      const store = createStore();
      await store.insert(row({ id: 'b', createdAt: 30 }));
      await store.insert(row({ id: 'a', createdAt: 20 }));
      await store.insert(row({ id: 'c', createdAt: 40 }));
      await store.update('b', 0, { status: 'reset', at: 50 });
      expect((await store.listOutstanding(10)).map((r) => r.id)).toEqual(['a', 'c']);
      expect((await store.listOutstanding(1)).map((r) => r.id)).toEqual(['a']);
      await expect(store.listOutstanding(0)).rejects.toMatchObject({ code: 'STORE_INPUT_INVALID' });
      await expect(store.listOutstanding(1_001)).rejects.toMatchObject({ code: 'STORE_INPUT_INVALID' });
    });

    it('approvedThrough: any row of that chain, owner and token (case-insensitive), reset ones too', async () => {
      const store = createStore();
      await store.insert(row());
      await store.update('exe_approve_1', 0, { status: 'reset', at: 11 });
      expect(await store.approvedThrough(31337, owner, token)).toBe(true);
      expect(
        await store.approvedThrough(31337, owner.toLowerCase() as Address, token.toLowerCase() as Address),
      ).toBe(true);
      expect(await store.approvedThrough(1, owner, token)).toBe(false);
      expect(await store.approvedThrough(31337, spender, token)).toBe(false);
      expect(await store.approvedThrough(31337, owner, spender)).toBe(false);
    });

    it('refuses malformed rows and patches (STORE_INPUT_INVALID), storing nothing', async () => {
      const store = createStore();
      for (const bad of [
        row({ amount: -1n }),
        row({ token: '0x1234' as Address }),
        row({ chainId: 0 }),
        row({ id: '' }),
        row({ createdAt: -1 }),
      ]) {
        await expect(store.insert(bad)).rejects.toMatchObject({ code: 'STORE_INPUT_INVALID' });
      }
      expect(await store.listOutstanding(10)).toEqual([]);
      await store.insert(row());
      await expect(
        store.update('exe_approve_1', 0, { status: 'gone' as 'reset', at: 1 }),
      ).rejects.toMatchObject({ code: 'STORE_INPUT_INVALID' });
      await expect(store.update('exe_approve_1', 0, { attempts: -1, at: 1 })).rejects.toMatchObject({
        code: 'STORE_INPUT_INVALID',
      });
      expect((await store.get('exe_approve_1'))?.version).toBe(0);
    });
  });
}
