/** What {@link checkDepositShares} decided. */
export type CheckDepositSharesReturnType =
  | { readonly ok: true; readonly shares: bigint }
  | {
      readonly ok: false;
      /** `DEPOSIT_SHARES_UNVERIFIED`: the receipt shows no `Deposit` to the wallet; `DEPOSIT_SHARES_SHORT`: too few. */
      readonly code: 'DEPOSIT_SHARES_UNVERIFIED' | 'DEPOSIT_SHARES_SHORT';
      readonly reason: string;
      readonly shares: bigint | null;
    };

/**
 * The check after a confirmed deposit (pure): the shares minted to the wallet — `result.deposit.shares`, written from
 * the receipt's ERC-4626 `Deposit` event — must be at least `minShares` (the pre-flight's `previewDeposit`, or the
 * request's `minShares` when higher: ERC-4626 promises a deposit mints no fewer shares than its preview in the same
 * block). A record without them cannot be verified.
 *
 * @example
 * ```ts
 * const check = checkDepositShares({ result: record.result, minShares: 990_099n });
 * if (!check.ok) throw new ApiProblem(502, check.code, 'The deposit minted too few shares', check.reason);
 * ```
 */
export function checkDepositShares({
  result,
  minShares,
}: {
  result: Record<string, unknown> | null;
  minShares: bigint;
}): CheckDepositSharesReturnType {
  const raw = (result?.['deposit'] as { shares?: unknown } | undefined)?.shares;
  if (typeof raw !== 'string' || !/^[0-9]{1,78}$/.test(raw)) {
    return {
      ok: false,
      code: 'DEPOSIT_SHARES_UNVERIFIED',
      reason: 'the receipt shows no Deposit event of the vault for the wallet',
      shares: null,
    };
  }
  const shares = BigInt(raw);
  if (shares < minShares) {
    return {
      ok: false,
      code: 'DEPOSIT_SHARES_SHORT',
      reason: `the vault minted ${shares} shares, fewer than the ${minShares} previewed or required`,
      shares,
    };
  }
  return { ok: true, shares };
}
