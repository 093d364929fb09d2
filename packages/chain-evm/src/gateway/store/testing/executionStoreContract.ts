import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ExecutionAction, ExecutionRecord, ExecutionStatus, ExecutionStore } from '../../types.js';
import { testExecutionRecord, testHash, testPreparingRecord, testTransaction } from './executionFixtures.js';

const STATUSES: ExecutionStatus[] = [
  'preparing',
  'blocked',
  'signed',
  'pending',
  'confirmed',
  'reverted',
  'failed',
  'cancelled',
];

/** Reads every page of `list` (optionally inserting between pages) and returns the ids in order. */
async function readAllPages(
  store: ExecutionStore,
  parameters: { limit: number; status?: ExecutionStatus },
  between?: (page: number) => Promise<void>,
): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 1000; page++) {
    const result = await store.list(cursor === undefined ? parameters : { ...parameters, cursor });
    expect(result.items.length).toBeLessThanOrEqual(parameters.limit);
    ids.push(...result.items.map((r) => r.id));
    if (result.nextCursor === null) return ids;
    expect(result.items).toHaveLength(parameters.limit);
    cursor = result.nextCursor;
    await between?.(page);
  }
  throw new Error('pagination did not end');
}

/** Newest first, like the stores: createdAt descending, then id descending. */
function sortNewestFirst(records: readonly Pick<ExecutionRecord, 'id' | 'createdAt'>[]): string[] {
  return [...records]
    .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .map((r) => r.id);
}

/**
 * The behaviour every {@link ExecutionStore} must have. Called from each store's test file with a factory for a
 * fresh, empty store.
 *
 * @example
 * ```ts
 * describeExecutionStoreContract('MemoryExecutionStore', () => new MemoryExecutionStore());
 * ```
 */
export function describeExecutionStoreContract(name: string, createStore: () => ExecutionStore): void {
  describe(`${name}: execution store contract`, () => {
    it('round-trips every field: bigints up to 2^256-1, JSON intent and result, transactions, and all-null fields', async () => {
      const store = createStore();
      const full = testExecutionRecord({
        transactions: [
          testTransaction({ hash: testHash(1), nonce: 7 }),
          testTransaction({ hash: testHash(2), nonce: 7, maxPriorityFeePerGas: null, gasLimit: 0n }),
        ],
      });
      const empty = testPreparingRecord({ id: 'exe_0002', valueWei: 0n, feeWei: 0n });
      await store.insert(full);
      await store.insert(empty);
      expect(await store.get(full.id)).toEqual(full);
      expect(await store.get(empty.id)).toEqual(empty);
      const read = (await store.get(full.id)) as ExecutionRecord;
      expect(typeof read.valueWei).toBe('bigint');
      expect(read.transactions[1]?.maxPriorityFeePerGas).toBeNull();
      expect(await store.get('exe_unknown')).toBeNull();
    });

    it('stores every action kind, the ones without a built-in module included (dca-fill, deposit, bridge)', async () => {
      const store = createStore();
      const actions: ExecutionAction[] = [
        'swap',
        'approve',
        'wrap',
        'unwrap',
        'revoke',
        'dca-fill',
        'deposit',
        'bridge',
      ];
      for (const [i, action] of actions.entries()) {
        const record = testPreparingRecord({ id: `exe_action_${i}`, action });
        await store.insert(record);
        expect((await store.get(record.id))?.action).toBe(action);
      }
    });

    it('refuses a duplicate id and keeps the first record', async () => {
      const store = createStore();
      const first = testExecutionRecord();
      await store.insert(first);
      await expect(store.insert(testPreparingRecord({ id: first.id }))).rejects.toMatchObject({
        code: 'EXECUTION_EXISTS',
      });
      expect(await store.get(first.id)).toEqual(first);
    });

    it.each([
      ['empty id', { id: '' }],
      ['id with a space', { id: 'a b' }],
      ['non-ASCII id', { id: 'exé' }],
      ['fractional createdAt', { createdAt: 1.5 }],
      ['negative updatedAt', { updatedAt: -1 }],
      ['chain 0', { chainId: 0 }],
      ['unknown action', { action: 'teleport' }],
      ['unknown status', { status: 'done' }],
      ['negative version', { version: -1 }],
      ['version missing', { version: undefined }],
      ['fee budget as a number', { feeReservedWei: 5 }],
      ['fractional nonceGoneSinceBlock', { nonceGoneSinceBlock: 2.5 }],
      ['short address', { from: '0x1234' }],
      ['valueWei as number', { valueWei: 5 }],
      ['negative feeWei', { feeWei: -1n }],
      ['nonce as bigint', { nonce: 1n }],
      ['minedHash of 20 bytes', { minedHash: '0x1111111111111111111111111111111111111111' }],
      ['blockHash of 20 bytes', { blockHash: '0x1111111111111111111111111111111111111111' }],
      ['blockHash as a number', { blockHash: 5 }],
      ['result as array', { result: [1, 2] }],
      ['result holding a bigint', { result: { amount: 1n } }],
      ['intent null', { intent: null }],
      ['transactions missing', { transactions: undefined }],
      ['transaction with a bad hash', { transactions: [testTransaction({ hash: '0x12' })] }],
      ['transaction with a numeric gas limit', { transactions: [{ ...testTransaction(), gasLimit: 21000 }] }],
    ])('refuses a record with %s (STORE_INPUT_INVALID, nothing stored)', async (_, override) => {
      const store = createStore();
      const record = { ...testExecutionRecord({ id: 'exe_bad' }), ...override } as unknown as ExecutionRecord;
      await expect(store.insert(record)).rejects.toMatchObject({ code: 'STORE_INPUT_INVALID' });
      expect(await store.get('exe_bad')).toBeNull();
      expect((await store.list({ limit: 100 })).items).toEqual([]);
    });

    it('update applies the patch, updatedAt and version + 1, leaves other fields, and returns what get reads', async () => {
      const store = createStore();
      const record = testPreparingRecord();
      await store.insert(record);
      const patched = await store.update({
        id: record.id,
        expected: { status: 'preparing', version: 0 },
        patch: {
          status: 'pending',
          code: 'RECEIPT_TIMEOUT',
          reason: 'no receipt yet',
          valueWei: 10n ** 30n,
          reservationId: 'res_1',
          nonce: 12,
          minedHash: testHash(5),
          blockNumber: 99,
          blockHash: testHash(99),
          feeWei: 21_000n * 10n ** 9n,
          result: { amountOut: '7', nested: { list: [1, 'two', null] } },
          feeReservedWei: 10n ** 29n,
          nonceGoneSinceBlock: 98,
          cancelRequestedAt: record.createdAt + 5,
          cancelRequestedBy: 'operator-key',
        },
        at: record.createdAt + 10,
      });
      const expected: ExecutionRecord = {
        ...record,
        version: 1,
        updatedAt: record.createdAt + 10,
        status: 'pending',
        code: 'RECEIPT_TIMEOUT',
        reason: 'no receipt yet',
        valueWei: 10n ** 30n,
        reservationId: 'res_1',
        nonce: 12,
        minedHash: testHash(5),
        blockNumber: 99,
        blockHash: testHash(99),
        feeWei: 21_000n * 10n ** 9n,
        result: { amountOut: '7', nested: { list: [1, 'two', null] } },
        feeReservedWei: 10n ** 29n,
        nonceGoneSinceBlock: 98,
        cancelRequestedAt: record.createdAt + 5,
        cancelRequestedBy: 'operator-key',
      };
      expect(patched).toEqual(expected);
      expect(await store.get(record.id)).toEqual(expected);

      // Back to null, and an undefined field leaves the value alone.
      const cleared = await store.update({
        id: record.id,
        expected: { status: 'pending', version: 1 },
        patch: {
          code: null,
          result: null,
          valueWei: null,
          nonceGoneSinceBlock: null,
          blockHash: null,
          reason: undefined,
        } as never,
        at: record.createdAt + 20,
      });
      expect(cleared).toEqual({
        ...expected,
        version: 2,
        code: null,
        result: null,
        valueWei: null,
        nonceGoneSinceBlock: null,
        blockHash: null,
        updatedAt: record.createdAt + 20,
      });
      expect(await store.get(record.id)).toEqual(cleared);
    });

    it('update is a compare-and-set: a record no longer in the status or version it was read in is left alone (null)', async () => {
      const store = createStore();
      const record = testPreparingRecord();
      await store.insert(record);
      const moved = await store.update({
        id: record.id,
        expected: { status: 'preparing', version: 0 },
        patch: { status: 'pending' },
        at: 10,
      });
      expect(moved).toMatchObject({ status: 'pending', version: 1 });
      for (const expected of [
        { status: 'preparing', version: 0 }, // the read before the move
        { status: 'pending', version: 0 }, // right status, stale version
        { status: 'preparing', version: 1 }, // right version, wrong status
        { status: 'pending', version: 2 }, // a version from the future
      ] as const) {
        expect(
          await store.update({ id: record.id, expected, patch: { status: 'failed', code: 'X' }, at: 11 }),
        ).toBeNull();
        expect(
          await store.addTransaction({ id: record.id, expected, transaction: testTransaction(), at: 11 }),
        ).toBeNull();
      }
      expect(await store.get(record.id)).toEqual(moved);
    });

    it('two writers with the same read cannot both win (update against update, update against addTransaction)', async () => {
      for (let round = 0; round < 10; round++) {
        const store = createStore();
        const record = testPreparingRecord({ id: `exe_race_${round}` });
        await store.insert(record);
        const read = (await store.get(record.id)) as ExecutionRecord;
        const expected = { status: read.status, version: read.version };
        // A reconciler marking it failed, a signer adding its transaction, a settler writing pending: one wins.
        const outcomes = await Promise.all([
          store.update({
            id: record.id,
            expected,
            patch: { status: 'failed', code: 'INTERRUPTED' },
            at: 100,
          }),
          store.addTransaction({
            id: record.id,
            expected,
            transaction: testTransaction({ hash: testHash(round + 1) }),
            at: 101,
          }),
          store.update({ id: record.id, expected, patch: { status: 'pending' }, at: 102 }),
        ]);
        const winners = outcomes.filter((o) => o !== null);
        expect(winners).toHaveLength(1);
        const stored = (await store.get(record.id)) as ExecutionRecord;
        expect(stored).toEqual(winners[0]);
        expect(stored.version).toBe(1);
        // The loser of a transaction write left no transaction behind.
        if (stored.status !== 'signed') expect(stored.transactions).toEqual([]);
      }
    });

    it('update of an unknown id rejects with EXECUTION_NOT_FOUND', async () => {
      const store = createStore();
      await expect(
        store.update({
          id: 'exe_missing',
          expected: { status: 'preparing', version: 0 },
          patch: { status: 'failed' },
          at: 1,
        }),
      ).rejects.toMatchObject({ code: 'EXECUTION_NOT_FOUND' });
      expect(await store.get('exe_missing')).toBeNull();
    });

    it.each([
      ['a field outside the patch (id)', { id: 'other' }, 5],
      ['a field outside the patch (transactions)', { transactions: [] }, 5],
      ['a field outside the patch (createdAt)', { createdAt: 0 }, 5],
      ['a field outside the patch (version)', { version: 9 }, 5],
      ['an unknown status', { status: 'done' }, 5],
      ['a bigint field as a string', { feeWei: '100' }, 5],
      ['a negative fee budget', { feeReservedWei: -1n }, 5],
      ['a fractional block', { nonceGoneSinceBlock: 1.5 }, 5],
      ['an empty canceller', { cancelRequestedBy: '' }, 5],
      ['a non-JSON result', { result: { x: 1n } }, 5],
      ['a fractional time', { status: 'failed' }, 5.5],
      ['a patch that is not an object', null, 5],
    ])('update refuses %s and changes nothing', async (_, patch, at) => {
      const store = createStore();
      const record = testPreparingRecord();
      await store.insert(record);
      await expect(
        store.update({
          id: record.id,
          expected: { status: 'preparing', version: 0 },
          patch: patch as never,
          at,
        }),
      ).rejects.toMatchObject({ code: 'STORE_INPUT_INVALID' });
      expect(await store.get(record.id)).toEqual(record);
    });

    it.each([
      ['no expected state', undefined],
      ['an unknown expected status', { status: 'done', version: 0 }],
      ['a negative expected version', { status: 'preparing', version: -1 }],
      ['a fractional expected version', { status: 'preparing', version: 0.5 }],
    ])('update and addTransaction refuse %s (STORE_INPUT_INVALID)', async (_, expected) => {
      const store = createStore();
      const record = testPreparingRecord();
      await store.insert(record);
      await expect(
        store.update({ id: record.id, expected: expected as never, patch: { status: 'failed' }, at: 5 }),
      ).rejects.toMatchObject({ code: 'STORE_INPUT_INVALID' });
      await expect(
        store.addTransaction({
          id: record.id,
          expected: expected as never,
          transaction: testTransaction(),
          at: 5,
        }),
      ).rejects.toMatchObject({ code: 'STORE_INPUT_INVALID' });
      expect(await store.get(record.id)).toEqual(record);
    });

    it('addTransaction appends, sets nonce, status signed, updatedAt and version + 1; a replacement keeps the order', async () => {
      const store = createStore();
      const record = testPreparingRecord();
      await store.insert(record);
      const first = testTransaction({ hash: testHash(10), nonce: 4 });
      const afterFirst = await store.addTransaction({
        id: record.id,
        expected: { status: 'preparing', version: 0 },
        transaction: first,
        at: record.createdAt + 1,
      });
      expect(afterFirst).toEqual({
        ...record,
        transactions: [first],
        nonce: 4,
        status: 'signed',
        updatedAt: record.createdAt + 1,
        version: 1,
      });
      await store.update({
        id: record.id,
        expected: { status: 'signed', version: 1 },
        patch: { status: 'pending' },
        at: record.createdAt + 2,
      });
      const replacement = testTransaction({
        hash: testHash(11),
        nonce: 4,
        maxFeePerGas: 10n ** 11n,
        maxPriorityFeePerGas: null,
      });
      const afterSecond = (await store.addTransaction({
        id: record.id,
        expected: { status: 'pending', version: 2 },
        transaction: replacement,
        at: record.createdAt + 3,
      })) as ExecutionRecord;
      expect(afterSecond.transactions).toEqual([first, replacement]);
      expect(afterSecond).toMatchObject({
        status: 'signed',
        nonce: 4,
        updatedAt: record.createdAt + 3,
        version: 3,
      });
      expect(await store.get(record.id)).toEqual(afterSecond);
    });

    it('addTransaction: unknown id, malformed or repeated transaction, settled execution are refused and change nothing', async () => {
      const store = createStore();
      const at0 = { status: 'preparing', version: 0 } as const;
      await expect(
        store.addTransaction({ id: 'exe_missing', expected: at0, transaction: testTransaction(), at: 1 }),
      ).rejects.toMatchObject({ code: 'EXECUTION_NOT_FOUND' });
      const record = testPreparingRecord();
      await store.insert(record);
      await expect(
        store.addTransaction({
          id: record.id,
          expected: at0,
          transaction: { ...testTransaction(), nonce: -1 },
          at: 1,
        }),
      ).rejects.toMatchObject({ code: 'STORE_INPUT_INVALID' });
      await expect(
        store.addTransaction({
          id: record.id,
          expected: at0,
          transaction: { ...testTransaction(), raw: 'f86c' as never },
          at: 1,
        }),
      ).rejects.toMatchObject({ code: 'STORE_INPUT_INVALID' });
      await expect(
        store.addTransaction({ id: record.id, expected: at0, transaction: testTransaction(), at: -5 }),
      ).rejects.toMatchObject({ code: 'STORE_INPUT_INVALID' });
      expect(await store.get(record.id)).toEqual(record);

      const signed = (await store.addTransaction({
        id: record.id,
        expected: at0,
        transaction: testTransaction({ hash: testHash(20) }),
        at: 2,
      })) as ExecutionRecord;
      await expect(
        store.addTransaction({
          id: record.id,
          expected: { status: 'signed', version: signed.version },
          transaction: testTransaction({ hash: testHash(20) }),
          at: 3,
        }),
      ).rejects.toMatchObject({ code: 'STORE_INPUT_INVALID' });
      expect(await store.get(record.id)).toEqual(signed);

      let current = signed;
      for (const status of ['blocked', 'confirmed', 'reverted', 'failed', 'cancelled'] as const) {
        const settled = (await store.update({
          id: record.id,
          expected: { status: current.status, version: current.version },
          patch: { status },
          at: 4,
        })) as ExecutionRecord;
        await expect(
          store.addTransaction({
            id: record.id,
            expected: { status, version: settled.version },
            transaction: testTransaction({ hash: testHash(21) }),
            at: 5,
          }),
        ).rejects.toMatchObject({ code: 'EXECUTION_SETTLED' });
        expect(await store.get(record.id)).toEqual(settled);
        current = settled;
      }
    });

    it('concurrent writers that re-read and retry after losing lose nothing', async () => {
      const store = createStore();
      const record = testPreparingRecord();
      await store.insert(record);
      const write = async (i: number): Promise<number> => {
        for (let attempt = 1; ; attempt++) {
          const read = (await store.get(record.id)) as ExecutionRecord;
          const expected = { status: read.status, version: read.version };
          const done =
            i % 3 === 0
              ? await store.update({
                  id: record.id,
                  expected,
                  patch: { reservationId: `res_${i}` },
                  at: 100 + i,
                })
              : await store.addTransaction({
                  id: record.id,
                  expected,
                  transaction: testTransaction({ hash: testHash(1000 + i), nonce: 9 }),
                  at: 100 + i,
                });
          if (done) return attempt;
        }
      };
      const attempts = await Promise.all(Array.from({ length: 30 }, (_, i) => write(i)));
      const read = (await store.get(record.id)) as ExecutionRecord;
      expect(read.transactions.map((t) => t.hash).sort()).toEqual(
        Array.from({ length: 30 }, (_, i) => i)
          .filter((i) => i % 3 !== 0)
          .map((i) => testHash(1000 + i))
          .sort(),
      );
      expect(read.version).toBe(30);
      expect(read.status).toBe('signed');
      // Some writer lost at least once (they all read version 0 first), and nobody was lost.
      expect(Math.max(...attempts)).toBeGreaterThan(1);
    });

    it('hands out detached copies: mutating a returned record changes nothing stored', async () => {
      const store = createStore();
      const record = testExecutionRecord();
      await store.insert(record);
      const read = (await store.get(record.id)) as unknown as Record<string, unknown> & {
        result: Record<string, unknown>;
        transactions: unknown[];
        intent: { spends: unknown[] };
      };
      read.result.amountOut = 'tampered';
      read.transactions.push(testTransaction({ hash: testHash(3) }));
      read.intent.spends.length = 0;
      read.status = 'failed';
      const listed = (await store.list({ limit: 1 })).items[0] as unknown as {
        result: Record<string, unknown>;
      };
      listed.result.amountOut = 'tampered too';
      (record.result as Record<string, unknown>).amountOut = 'caller mutated its input';
      expect(await store.get(record.id)).toEqual(testExecutionRecord());
    });

    it('list: newest first, ties on createdAt ordered by id, status filter, last page has no cursor', async () => {
      const store = createStore();
      const specs: [string, number, ExecutionStatus][] = [
        ['exe_a', 100, 'confirmed'],
        ['exe_b', 300, 'pending'],
        ['exe_c', 200, 'confirmed'],
        ['exe_d', 300, 'confirmed'],
        ['exe_e', 300, 'blocked'],
        ['exe_f', 50, 'pending'],
      ];
      for (const [id, createdAt, status] of specs)
        await store.insert(testPreparingRecord({ id, createdAt, status }));
      const all = await store.list({ limit: 100 });
      expect(all.items.map((r) => r.id)).toEqual(['exe_e', 'exe_d', 'exe_b', 'exe_c', 'exe_a', 'exe_f']);
      expect(all.nextCursor).toBeNull();
      expect(all.items[0]).toEqual(testPreparingRecord({ id: 'exe_e', createdAt: 300, status: 'blocked' }));
      const pages = [await store.list({ limit: 3 })];
      expect(pages[0]?.items.map((r) => r.id)).toEqual(['exe_e', 'exe_d', 'exe_b']);
      pages.push(await store.list({ limit: 3, cursor: pages[0]?.nextCursor as string }));
      expect(pages[1]?.items.map((r) => r.id)).toEqual(['exe_c', 'exe_a', 'exe_f']);
      // Exactly two full pages: the second ends the list (no empty third page).
      expect(pages[1]?.nextCursor).toBeNull();
      const confirmed = await readAllPages(store, { limit: 1, status: 'confirmed' });
      expect(confirmed).toEqual(['exe_d', 'exe_c', 'exe_a']);
      expect((await store.list({ limit: 5, status: 'signed' })).items).toEqual([]);
      expect(await createStore().list({ limit: 10 })).toEqual({ items: [], nextCursor: null });
    });

    it.each([
      ['limit 0', { limit: 0 }],
      ['limit 101', { limit: 101 }],
      ['fractional limit', { limit: 2.5 }],
      ['NaN limit', { limit: Number.NaN }],
      ['limit as a string', { limit: '10' }],
      ['missing limit', {}],
      ['unknown status', { limit: 10, status: 'done' }],
      ['a garbage cursor', { limit: 10, cursor: 'not a cursor!' }],
      [
        'a base64 cursor of something else',
        { limit: 10, cursor: Buffer.from('{"a":1}').toString('base64url') },
      ],
      [
        'a cursor with a fractional time',
        { limit: 10, cursor: Buffer.from('["e1",1.5,"x"]').toString('base64url') },
      ],
    ])('list refuses %s with STORE_INPUT_INVALID', async (_, parameters) => {
      const store = createStore();
      await store.insert(testPreparingRecord());
      await expect(store.list(parameters as never)).rejects.toMatchObject({ code: 'STORE_INPUT_INVALID' });
    });

    it('list accepts limits 1 and 100', async () => {
      const store = createStore();
      for (let i = 0; i < 101; i++) {
        await store.insert(
          testPreparingRecord({ id: `exe_${String(i).padStart(3, '0')}`, createdAt: 1000 + i }),
        );
      }
      const big = await store.list({ limit: 100 });
      expect(big.items).toHaveLength(100);
      expect(big.items[0]?.id).toBe('exe_100');
      const rest = await store.list({ limit: 1, cursor: big.nextCursor as string });
      expect(rest).toEqual({ items: [expect.objectContaining({ id: 'exe_000' })], nextCursor: null });
    });

    it('pages have no duplicates and no gaps while new records are inserted between pages', async () => {
      const store = createStore();
      const originals: ExecutionRecord[] = [];
      // Many records share a createdAt, so the order within a millisecond matters.
      for (let i = 0; i < 45; i++) {
        const record = testPreparingRecord({
          id: `exe_${String((i * 17) % 45).padStart(2, '0')}`,
          createdAt: 1_000 + Math.floor(i / 6),
          status: i % 4 === 0 ? 'pending' : 'confirmed',
        });
        originals.push(record);
        await store.insert(record);
      }
      let added = 0;
      const insertBetween = async (page: number) => {
        // Newer records, and records in the very millisecond the cursor stands on (ids above and below it).
        for (const id of [`new_${added}`, `exe_${page}_z${added}`, `exa_${added}`]) {
          await store.insert(
            testPreparingRecord({ id, createdAt: page % 2 === 0 ? 5_000 + page : 1_003, status: 'pending' }),
          );
          added++;
        }
      };
      const ids = await readAllPages(store, { limit: 7 }, insertBetween);
      expect(new Set(ids).size).toBe(ids.length);
      const originalIds = new Set(originals.map((r) => r.id));
      expect(ids.filter((id) => originalIds.has(id))).toEqual(sortNewestFirst(originals));
      expect(added).toBeGreaterThan(0);

      const pendingIds = await readAllPages(store, { limit: 2, status: 'pending' }, insertBetween);
      expect(new Set(pendingIds).size).toBe(pendingIds.length);
      expect(pendingIds.filter((id) => originalIds.has(id))).toEqual(
        sortNewestFirst(originals.filter((r) => r.status === 'pending')),
      );
    });

    it('pagination is the sorted, filtered list cut into pages (random ties, limits and filters)', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.uniqueArray(
            fc.record({
              id: fc.stringMatching(/^[a-z0-9_]{1,6}$/),
              createdAt: fc.integer({ min: 0, max: 4 }),
              status: fc.constantFrom(...STATUSES),
            }),
            { selector: (r) => r.id, maxLength: 25 },
          ),
          fc.integer({ min: 1, max: 6 }),
          fc.option(fc.constantFrom(...STATUSES), { nil: undefined }),
          async (specs, limit, status) => {
            const store = createStore();
            for (const spec of specs) await store.insert(testPreparingRecord(spec));
            const ids = await readAllPages(store, status === undefined ? { limit } : { limit, status });
            expect(ids).toEqual(
              sortNewestFirst(specs.filter((s) => status === undefined || s.status === status)),
            );
          },
        ),
        { numRuns: 40 },
      );
    });

    it('listUnsettled returns preparing, signed and pending records, oldest first', async () => {
      const store = createStore();
      expect(await store.listUnsettled()).toEqual([]);
      const specs: [string, number, ExecutionStatus][] = [
        ['exe_1', 500, 'pending'],
        ['exe_2', 100, 'confirmed'],
        ['exe_3', 200, 'signed'],
        ['exe_4', 200, 'preparing'],
        ['exe_5', 50, 'blocked'],
        ['exe_6', 600, 'reverted'],
        ['exe_7', 10, 'failed'],
        ['exe_0', 200, 'pending'],
      ];
      for (const [id, createdAt, status] of specs)
        await store.insert(testPreparingRecord({ id, createdAt, status }));
      const unsettled = await store.listUnsettled();
      expect(unsettled.map((r) => r.id)).toEqual(['exe_0', 'exe_3', 'exe_4', 'exe_1']);
      expect(unsettled[1]).toEqual(testPreparingRecord({ id: 'exe_3', createdAt: 200, status: 'signed' }));
      await store.update({
        id: 'exe_1',
        expected: { status: 'pending', version: 0 },
        patch: { status: 'confirmed' },
        at: 700,
      });
      await store.addTransaction({
        id: 'exe_4',
        expected: { status: 'preparing', version: 0 },
        transaction: testTransaction(),
        at: 701,
      });
      expect((await store.listUnsettled()).map((r) => [r.id, r.status])).toEqual([
        ['exe_0', 'pending'],
        ['exe_3', 'signed'],
        ['exe_4', 'signed'],
      ]);
    });
  });
}
