import { describe, expect, it } from 'vitest';
import { MemoryExecutionStore } from '../gateway/store/MemoryExecutionStore.js';
import { testExecutionRecord } from '../gateway/store/testing/executionFixtures.js';
import type {
  ExecutionPage,
  ExecutionRecord,
  ExecutionStore,
  ListExecutionsParameters,
} from '../gateway/types.js';
import { listDepositJournal } from './listDepositJournal.js';
import { readDepositJournalEntry } from './readDepositJournalEntry.js';
import { summarizeVaultCostBasis } from './summarizeVaultCostBasis.js';

const WALLET = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const OTHER_WALLET = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';
const VAULT = '0x0DCd1Bf9A1b36cE34237eEaFef220932846BCD82';
const FEE_VAULT = '0x2B0d36FACD61B71CC05ab8F3D2355ec3631C0dd5';
const USDC = '0x2279B7A0a67DB372996a5FaB50D91eAA73d2eBe6';

/**
 * A deposit execution as the compound step records it. `deposit` is not yet an action the gateway's stores accept,
 * so these records are served by `journalOf` below (the store's `list` contract: newest first, cursor pages).
 */
const deposit = (
  n: number,
  o: Partial<ExecutionRecord> & { assets?: string; shares?: string } = {},
): ExecutionRecord => {
  const { assets = '1000000000', shares = '952380952', ...rest } = o;
  return testExecutionRecord({
    id: `exe_${n}`,
    createdAt: n * 1000,
    updatedAt: n * 1000 + 500,
    chainId: 31337,
    action: 'deposit' as ExecutionRecord['action'],
    from: WALLET,
    to: VAULT,
    status: 'confirmed',
    code: null,
    reason: null,
    result: { deposit: { vault: VAULT, asset: USDC, assets, shares } },
    ...rest,
  });
};

function journalOf(records: readonly ExecutionRecord[]): Pick<ExecutionStore, 'list'> & { pages: number } {
  const source = {
    pages: 0,
    async list({ limit, status, cursor }: ListExecutionsParameters): Promise<ExecutionPage> {
      source.pages++;
      const sorted = [...records]
        .filter((r) => status === undefined || r.status === status)
        .sort((a, b) => b.createdAt - a.createdAt);
      const start = cursor === undefined ? 0 : Number(cursor);
      const items = sorted.slice(start, start + limit);
      return { items, nextCursor: start + limit < sorted.length ? String(start + limit) : null };
    },
  };
  return source;
}

describe('readDepositJournalEntry', () => {
  it('reads a confirmed deposit; a confirmed deposit without amounts is unreadable; anything else is other', () => {
    expect(readDepositJournalEntry(deposit(1))).toEqual({
      kind: 'deposit',
      entry: {
        executionId: 'exe_1',
        chainId: 31337,
        owner: WALLET,
        vault: VAULT,
        asset: USDC,
        assets: 1_000_000_000n,
        shares: 952_380_952n,
        confirmedAt: 1500,
        txHash: deposit(1).minedHash,
      },
    });
    for (const result of [
      null,
      {},
      { deposit: { vault: VAULT, asset: USDC, assets: '-1', shares: '1' } },
      { deposit: { vault: VAULT, asset: USDC, assets: '1', shares: 1 } },
      { deposit: { vault: FEE_VAULT, asset: USDC, assets: '1', shares: '1' } }, // names another vault than `to`
    ]) {
      expect(readDepositJournalEntry(deposit(2, { result }))).toEqual({
        kind: 'unreadable',
        executionId: 'exe_2',
        chainId: 31337,
        vault: VAULT,
      });
    }
    expect(readDepositJournalEntry(deposit(3, { status: 'reverted' }))).toEqual({ kind: 'other' });
    expect(readDepositJournalEntry(deposit(4, { status: 'pending' }))).toEqual({ kind: 'other' });
    expect(readDepositJournalEntry(testExecutionRecord({ status: 'confirmed' }))).toEqual({ kind: 'other' });
  });
});

describe('listDepositJournal + summarizeVaultCostBasis', () => {
  it('reads every page, keeps the wallet and chain, oldest first; the cost basis is the sum and earned = exit − basis', async () => {
    const records = [
      ...Array.from({ length: 150 }, (_, i) =>
        testExecutionRecord({ id: `swap_${i}`, createdAt: 10_000 + i, status: 'confirmed', from: WALLET }),
      ),
      deposit(3, { assets: '2000000000', shares: '1904761904' }),
      deposit(1),
      deposit(5, { from: OTHER_WALLET }),
      deposit(6, { chainId: 1 }),
      deposit(7, { status: 'reverted' }),
    ];
    const store = journalOf(records);
    const journal = await listDepositJournal({ store, owner: WALLET, chainId: 31337 });
    expect(store.pages).toBe(2);
    expect(journal.deposits.map((d) => d.executionId)).toEqual(['exe_1', 'exe_3']);
    expect(journal.truncated).toBe(false);
    const shares = 952_380_952n + 1_904_761_904n;
    expect(
      summarizeVaultCostBasis({ journal, chainId: 31337, vault: VAULT, shares, exitAssets: 3_030_000_000n }),
    ).toEqual({
      deposits: 2,
      costBasis: 3_000_000_000n,
      sharesDeposited: shares,
      firstDepositAt: 1500,
      earned: 30_000_000n,
      reason: null,
    });
    // Fees can make it negative; an unknown exit value leaves earned unknown.
    expect(
      summarizeVaultCostBasis({ journal, chainId: 31337, vault: VAULT, shares, exitAssets: 2_990_000_000n })
        .earned,
    ).toBe(-10_000_000n);
    expect(
      summarizeVaultCostBasis({ journal, chainId: 31337, vault: VAULT, shares, exitAssets: null }),
    ).toMatchObject({
      costBasis: 3_000_000_000n,
      earned: null,
    });
  });

  it('never presents a partial sum: shares moved elsewhere, an unreadable deposit, no deposit, a truncated read', async () => {
    const journal = await listDepositJournal({ store: journalOf([deposit(1), deposit(2)]), owner: WALLET });
    const twoDeposits = 2n * 952_380_952n;
    const at = (shares: bigint) =>
      summarizeVaultCostBasis({ journal, chainId: 31337, vault: VAULT, shares, exitAssets: 1n });
    expect(at(twoDeposits - 1n)).toMatchObject({
      costBasis: null,
      earned: null,
      reason: expect.stringContaining('fewer'),
    });
    expect(at(twoDeposits + 1n)).toMatchObject({
      costBasis: null,
      reason: expect.stringContaining('elsewhere'),
    });
    expect(at(twoDeposits)).toMatchObject({ costBasis: 2_000_000_000n });
    expect(
      summarizeVaultCostBasis({ journal, chainId: 31337, vault: FEE_VAULT, shares: 5n, exitAssets: 5n }),
    ).toMatchObject({
      deposits: 0,
      costBasis: null,
      firstDepositAt: null,
      reason: expect.stringContaining('no deposit'),
    });

    const withUnreadable = await listDepositJournal({
      store: journalOf([deposit(1), deposit(2, { result: null })]),
      owner: WALLET,
    });
    expect(withUnreadable.unreadable).toEqual([{ executionId: 'exe_2', chainId: 31337, vault: VAULT }]);
    expect(
      summarizeVaultCostBasis({
        journal: withUnreadable,
        chainId: 31337,
        vault: VAULT,
        shares: 952_380_952n,
        exitAssets: 1n,
      }),
    ).toMatchObject({ costBasis: null, reason: expect.stringContaining('without its amounts') });

    const many = Array.from({ length: 250 }, (_, i) => deposit(i + 1));
    const truncated = await listDepositJournal({ store: journalOf(many), owner: WALLET, maxRecords: 100 });
    expect(truncated.truncated).toBe(true);
    expect(
      summarizeVaultCostBasis({
        journal: truncated,
        chainId: 31337,
        vault: VAULT,
        shares: 1n,
        exitAssets: 1n,
      }),
    ).toMatchObject({ costBasis: null, reason: expect.stringContaining('read bound') });
  });

  it('reads the real memory execution store through its cursor pages (no deposits there yet: an empty journal)', async () => {
    const store = new MemoryExecutionStore();
    for (let i = 0; i < 130; i++) {
      await store.insert(
        testExecutionRecord({
          id: `exe_${String(i).padStart(4, '0')}`,
          createdAt: 1_000 + i,
          status: 'confirmed',
          from: WALLET,
        }),
      );
    }
    const journal = await listDepositJournal({ store, owner: WALLET });
    expect(journal).toEqual({ deposits: [], unreadable: [], truncated: false });
  });
});
