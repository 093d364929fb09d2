// The behaviour every ConfirmationStore must have; run against each implementation by its own test file.
import { describe, expect, it } from 'vitest';
import type { ConfirmationRecord, ConfirmationStore } from '../../types.js';

const ROUTER = '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

/** A pending confirmation with every field set. */
export function confirmationFixture(overrides: Partial<ConfirmationRecord> = {}): ConfirmationRecord {
  return {
    id: 'c-1',
    executionId: 'e-1',
    createdAt: 1_000,
    updatedAt: 1_000,
    expiresAt: 601_000,
    status: 'pending',
    reason: 'above-threshold',
    detail: 'worth 0.02 ETH, above the 0.01 ETH threshold',
    intent: {
      chainId: 1,
      action: 'swap',
      to: ROUTER,
      data: '0x38ed1739',
      value: 2n ** 200n,
      spends: [{ token: USDC, amount: 100_000_000n, symbol: 'USDC', decimals: 6 }],
      acquires: [{ token: USDC, amount: 1n }],
      maxSellTaxBps: 500,
      maxBuyTaxBps: 300,
      description: 'swap',
    },
    valueWei: 20_000_000_000_000_000n,
    gasLimit: 200_000n,
    safety: [{ token: USDC, isHoneypot: false, buyTax: 2.5, sellTax: 0 }],
    idempotencyKey: 'key-1',
    approvedValueWei: null,
    decidedAt: null,
    decidedBy: null,
    note: null,
    ...overrides,
  };
}

/** Runs the contract against stores made by `create`. */
export function confirmationStoreContract(name: string, create: () => ConfirmationStore): void {
  describe(`${name}: confirmation store contract`, () => {
    it('round-trips every field, bigints and the exact intent included', async () => {
      const store = create();
      const record = confirmationFixture();
      await store.insert(record);
      expect(await store.get('c-1')).toEqual(record);
      expect(await store.getByExecution('e-1')).toEqual(record);
      expect(await store.get('nope')).toBeNull();
      await expect(store.insert(record)).rejects.toMatchObject({ code: 'STORE_INPUT_INVALID' });
    });

    it('transition changes status only from an allowed one; of concurrent decisions exactly one wins', async () => {
      const store = create();
      await store.insert(confirmationFixture());
      const decisions = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          store.transition({
            id: 'c-1',
            from: ['pending'],
            to: i % 2 === 0 ? 'approved' : 'denied',
            patch: { decidedAt: 2_000 + i, decidedBy: `op-${i}`, approvedValueWei: BigInt(i) },
            at: 2_000 + i,
          }),
        ),
      );
      const winners = decisions.filter((d) => d !== null);
      expect(winners).toHaveLength(1);
      const stored = await store.get('c-1');
      expect(stored).toEqual(winners[0]);
      expect(stored?.updatedAt).toBe(stored?.decidedAt);
      expect(await store.transition({ id: 'c-1', from: ['pending'], to: 'expired', at: 9_000 })).toBeNull();
      expect(
        await store.transition({ id: 'missing', from: ['pending'], to: 'denied', at: 9_000 }),
      ).toBeNull();
      expect((await store.get('c-1'))?.status).toBe(stored?.status);
    });

    it('lists newest first with a status filter and cursor pages; getByExecution gives the newest', async () => {
      const store = create();
      for (let i = 0; i < 5; i++) {
        await store.insert(
          confirmationFixture({
            id: `c-${i}`,
            executionId: 'e-same',
            createdAt: 1_000 + i,
            status: i % 2 === 0 ? 'pending' : 'denied',
          }),
        );
      }
      const first = await store.list({ limit: 2 });
      expect(first.items.map((r) => r.id)).toEqual(['c-4', 'c-3']);
      const second = await store.list({ limit: 2, cursor: first.nextCursor as string });
      expect(second.items.map((r) => r.id)).toEqual(['c-2', 'c-1']);
      const last = await store.list({ limit: 2, cursor: second.nextCursor as string });
      expect(last).toEqual({ items: [expect.objectContaining({ id: 'c-0' })], nextCursor: null });
      expect((await store.list({ limit: 10, status: 'pending' })).items.map((r) => r.id)).toEqual([
        'c-4',
        'c-2',
        'c-0',
      ]);
      expect((await store.getByExecution('e-same'))?.id).toBe('c-4');
    });

    it('refuses malformed records and transitions, and changes nothing', async () => {
      const store = create();
      await expect(store.insert(confirmationFixture({ status: 'maybe' as never }))).rejects.toMatchObject({
        code: 'STORE_INPUT_INVALID',
      });
      await expect(
        store.insert(confirmationFixture({ intent: { ...confirmationFixture().intent, value: -1n } })),
      ).rejects.toMatchObject({ code: 'STORE_INPUT_INVALID' });
      await store.insert(confirmationFixture());
      await expect(
        store.transition({ id: 'c-1', from: ['pending'], to: 'gone' as never, at: 1 }),
      ).rejects.toMatchObject({ code: 'STORE_INPUT_INVALID' });
      expect((await store.get('c-1'))?.status).toBe('pending');
    });

    it('hands out detached copies', async () => {
      const store = create();
      await store.insert(confirmationFixture());
      const got = (await store.get('c-1')) as unknown as { intent: { spends: { amount: bigint }[] } };
      (got.intent.spends[0] as { amount: bigint }).amount = 1n;
      expect((await store.get('c-1'))?.intent.spends[0]?.amount).toBe(100_000_000n);
    });
  });
}
