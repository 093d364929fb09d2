import { getAddress } from 'ethers';
import type { Address } from '../chains/chains.js';
import type { ExecutionRecord, Hex } from '../gateway/types.js';

/**
 * What a confirmed `deposit` execution records in `result.deposit` (the compound step writes it from the receipt's
 * ERC-4626 `Deposit` event): the vault, its asset, the assets deposited and the shares received, as base-unit
 * decimal strings.
 */
export interface DepositExecutionResult {
  readonly vault: Address;
  readonly asset: Address;
  /** Assets deposited, base units (decimal string). */
  readonly assets: string;
  /** Shares received, base units (decimal string), from the receipt's `Deposit` event. */
  readonly shares: string;
}

/** One deposit the service made, read from the execution journal. */
export interface DepositJournalEntry {
  readonly executionId: string;
  readonly chainId: number;
  /** The wallet that deposited (the record's `from`; shares went to it). */
  readonly owner: Address;
  readonly vault: Address;
  readonly asset: Address;
  readonly assets: bigint;
  readonly shares: bigint;
  /** When the execution was confirmed (epoch ms; the record's last update). */
  readonly confirmedAt: number;
  readonly txHash: Hex | null;
}

/** Result of {@link readDepositJournalEntry}. */
export type ReadDepositJournalEntryReturnType =
  | { readonly kind: 'deposit'; readonly entry: DepositJournalEntry }
  /** A confirmed deposit whose `result.deposit` is missing or malformed: its cost basis is unknown. */
  | {
      readonly kind: 'unreadable';
      readonly executionId: string;
      readonly chainId: number;
      readonly vault: Address;
    }
  /** Not a confirmed deposit. */
  | { readonly kind: 'other' };

const amount = (value: unknown): bigint | null =>
  typeof value === 'string' && /^[0-9]{1,78}$/.test(value) ? BigInt(value) : null;
const address = (value: unknown): Address | null =>
  typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value)
    ? (getAddress(value.toLowerCase()) as Address)
    : null;

/**
 * Reads one execution record as a deposit of the journal: a `confirmed` record of action `deposit` whose
 * `result.deposit` ({@link DepositExecutionResult}) names the record's own target as the vault. Anything else
 * confirmed as a deposit is `unreadable` (its cost basis cannot be known); other records are `other`.
 *
 * @example
 * ```ts
 * const read = readDepositJournalEntry(record);
 * if (read.kind === 'deposit') costBasis += read.entry.assets;
 * ```
 */
export function readDepositJournalEntry(record: ExecutionRecord): ReadDepositJournalEntryReturnType {
  // `deposit` joins ExecutionAction with the gateway's deposit module; compare as text until then.
  if (String(record.action) !== 'deposit' || record.status !== 'confirmed') return { kind: 'other' };
  const vault = address(record.to) ?? (record.to as Address);
  const raw = (record.result as { deposit?: Record<string, unknown> } | null)?.deposit;
  const unreadable = { kind: 'unreadable', executionId: record.id, chainId: record.chainId, vault } as const;
  if (typeof raw !== 'object' || raw === null) return unreadable;
  const depositVault = address(raw['vault']);
  const asset = address(raw['asset']);
  const assets = amount(raw['assets']);
  const shares = amount(raw['shares']);
  const owner = address(record.from);
  if (
    depositVault === null ||
    depositVault !== vault ||
    asset === null ||
    assets === null ||
    shares === null ||
    owner === null
  ) {
    return unreadable;
  }
  return {
    kind: 'deposit',
    entry: {
      executionId: record.id,
      chainId: record.chainId,
      owner,
      vault,
      asset,
      assets,
      shares,
      confirmedAt: record.updatedAt,
      txHash: record.minedHash,
    },
  };
}
