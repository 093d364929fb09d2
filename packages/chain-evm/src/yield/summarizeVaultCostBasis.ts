import type { Address } from '../chains/chains.js';
import type { ListDepositJournalReturnType } from './listDepositJournal.js';

/** Parameters of {@link summarizeVaultCostBasis}. */
export interface SummarizeVaultCostBasisParameters {
  readonly journal: ListDepositJournalReturnType;
  readonly chainId: number;
  readonly vault: Address;
  /** Shares held now (`balanceOf`). */
  readonly shares: bigint;
  /** What they redeem for now (`previewRedeem(shares)`, fees included); `null` if unknown. */
  readonly exitAssets: bigint | null;
}

/** Result of {@link summarizeVaultCostBasis}. */
export interface SummarizeVaultCostBasisReturnType {
  /** Deposits the service made into this vault. */
  readonly deposits: number;
  /** Assets deposited (base units); `null` when the cost basis cannot be known (see `reason`). */
  readonly costBasis: bigint | null;
  /** Shares those deposits received. */
  readonly sharesDeposited: bigint;
  /** First deposit (epoch ms); `null` without deposits. */
  readonly firstDepositAt: number | null;
  /** `exitAssets − costBasis` (base units; negative after fees or a loss); `null` when either is unknown. */
  readonly earned: bigint | null;
  /** Why `costBasis` is `null`; `null` when known. */
  readonly reason: string | null;
}

/**
 * Cost basis and yield of one vault position from the deposit journal (pure): known only when every share held came
 * from deposits this service recorded — the journal's shares equal the shares held, no deposit of the vault is
 * unreadable and the journal was read to its end. Otherwise `costBasis` and `earned` are `null` with the reason
 * (never a partial sum presented as the whole).
 *
 * @example
 * ```ts
 * const basis = summarizeVaultCostBasis({ journal, chainId: 1, vault, shares, exitAssets });
 * basis.earned; // exit value minus what was deposited, in the asset's base units
 * ```
 */
export function summarizeVaultCostBasis({
  journal,
  chainId,
  vault,
  shares,
  exitAssets,
}: SummarizeVaultCostBasisParameters): SummarizeVaultCostBasisReturnType {
  const v = vault.toLowerCase();
  const mine = journal.deposits.filter((d) => d.chainId === chainId && d.vault.toLowerCase() === v);
  const sharesDeposited = mine.reduce((s, d) => s + d.shares, 0n);
  const assets = mine.reduce((s, d) => s + d.assets, 0n);
  const base = { deposits: mine.length, sharesDeposited, firstDepositAt: mine[0]?.confirmedAt ?? null };
  const unknown = (reason: string) => ({ ...base, costBasis: null, earned: null, reason });
  if (journal.unreadable.some((u) => u.chainId === chainId && u.vault.toLowerCase() === v)) {
    return unknown('a deposit into this vault was recorded without its amounts');
  }
  if (journal.truncated) return unknown('the execution journal is longer than the read bound');
  if (mine.length === 0) return unknown('no deposit into this vault was made by this service');
  if (sharesDeposited !== shares) {
    return unknown(
      shares < sharesDeposited
        ? 'fewer shares are held than our deposits received (redeemed or transferred elsewhere)'
        : 'more shares are held than our deposits received (shares came from elsewhere)',
    );
  }
  return {
    ...base,
    costBasis: assets,
    earned: exitAssets === null ? null : exitAssets - assets,
    reason: null,
  };
}
