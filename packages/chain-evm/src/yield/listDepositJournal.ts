import type { Address } from '../chains/chains.js';
import type { ExecutionStore } from '../gateway/types.js';
import { type DepositJournalEntry, readDepositJournalEntry } from './readDepositJournalEntry.js';

/** Parameters of {@link listDepositJournal}. */
export interface ListDepositJournalParameters {
  /** The gateway's execution store (read only). */
  readonly store: Pick<ExecutionStore, 'list'>;
  /** Only deposits made by this wallet. */
  readonly owner: Address;
  /** Only this chain; default every chain. */
  readonly chainId?: number;
  /** Stop after this many confirmed records (a bound on the read; default 100,000). */
  readonly maxRecords?: number;
}

/** Result of {@link listDepositJournal}. */
export interface ListDepositJournalReturnType {
  /** Oldest first. */
  readonly deposits: readonly DepositJournalEntry[];
  /** Confirmed deposits whose result is missing or malformed: their vaults' cost basis is unknown. */
  readonly unreadable: readonly {
    readonly executionId: string;
    readonly chainId: number;
    readonly vault: Address;
  }[];
  /** True when `maxRecords` stopped the read before the journal's end (the sums may be incomplete). */
  readonly truncated: boolean;
}

/**
 * The deposits this service made from `owner`, read from the execution journal: every `confirmed` execution of
 * action `deposit` (pages of 100, newest first, then returned oldest first), parsed with `readDepositJournalEntry`.
 * The compound step only has to record `result.deposit` on its executions.
 *
 * @example
 * ```ts
 * const { deposits } = await listDepositJournal({ store: executionStore, owner: wallet, chainId: 1 });
 * const costBasis = deposits.filter((d) => d.vault === vault).reduce((s, d) => s + d.assets, 0n);
 * ```
 */
export async function listDepositJournal({
  store,
  owner,
  chainId,
  maxRecords = 100_000,
}: ListDepositJournalParameters): Promise<ListDepositJournalReturnType> {
  const deposits: DepositJournalEntry[] = [];
  const unreadable: { executionId: string; chainId: number; vault: Address }[] = [];
  const me = owner.toLowerCase();
  let cursor: string | undefined;
  let read = 0;
  let truncated = false;
  do {
    const page = await store.list({
      limit: 100,
      status: 'confirmed',
      ...(cursor === undefined ? {} : { cursor }),
    });
    for (const record of page.items) {
      read++;
      if (record.from.toLowerCase() !== me) continue;
      if (chainId !== undefined && record.chainId !== chainId) continue;
      const entry = readDepositJournalEntry(record);
      if (entry.kind === 'deposit') deposits.push(entry.entry);
      else if (entry.kind === 'unreadable') unreadable.push(entry);
    }
    cursor = page.nextCursor ?? undefined;
    if (cursor !== undefined && read >= maxRecords) {
      truncated = true;
      break;
    }
  } while (cursor !== undefined);
  deposits.sort((a, b) => a.confirmedAt - b.confirmedAt);
  return {
    deposits,
    unreadable: unreadable.map(({ executionId, chainId: c, vault }) => ({ executionId, chainId: c, vault })),
    truncated,
  };
}
