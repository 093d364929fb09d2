import { YieldError } from './YieldError.js';

/** Default highest shortfall of `previewDeposit` below `convertToShares`: 50 bps (0.5%). */
export const DEFAULT_DEPOSIT_TOLERANCE_BPS = 50;

/**
 * Default smallest vault supply (in share base units, per 10^shareDecimals) a deposit goes into: a vault whose
 * `totalSupply` is under one whole share is near-empty, where a donation can inflate the share price and steal the
 * deposit (the ERC-4626 inflation attack).
 */
export const DEFAULT_MIN_VAULT_SUPPLY_SHARES = 1n;

/** On-chain reads a deposit is checked against (see `readDepositPreflight`). */
export interface DepositPreflightReads {
  /** `maxDeposit(receiver)`. */
  readonly maxDeposit: bigint;
  /** `previewDeposit(amount)`: shares the deposit mints, fees included. */
  readonly previewShares: bigint;
  /** `convertToShares(amount)`: the ideal shares, without fees or slippage. */
  readonly convertShares: bigint;
  /** `totalSupply()` of the vault's shares. */
  readonly totalSupply: bigint;
  /** `decimals()` of the vault's shares. */
  readonly shareDecimals: number;
}

/** Parameters of {@link checkDepositPreflight}. */
export interface CheckDepositPreflightParameters {
  /** Assets to deposit, base units (> 0). */
  readonly amount: bigint;
  readonly reads: DepositPreflightReads;
  /** Highest shortfall of `previewShares` below `convertShares`, in bps (0–10,000; default 50). */
  readonly toleranceBps?: number;
  /** Smallest acceptable `totalSupply` in whole shares (default 1). */
  readonly minSupplyShares?: bigint;
}

/** Why a deposit is refused before anything is signed; stable codes. */
export type DepositPreflightRefusalCode =
  /** `maxDeposit(receiver) < amount`: the vault is capped, paused or full. */
  | 'DEPOSIT_ABOVE_MAX'
  /** `previewDeposit` is more than the tolerance below `convertToShares` (fees or slippage). */
  | 'DEPOSIT_PREVIEW_UNFAVOURABLE'
  /** The vault's supply is under the minimum: a near-empty vault (share inflation risk). */
  | 'VAULT_SUPPLY_TOO_SMALL'
  /** `previewDeposit` is 0: the deposit would mint nothing. */
  | 'DEPOSIT_MINTS_NOTHING';

/** Result of {@link checkDepositPreflight}. */
export type CheckDepositPreflightReturnType =
  | {
      readonly ok: true;
      /** The least shares to accept after the receipt: `previewShares` (ERC-4626: preview ≤ actual). */
      readonly minShares: bigint;
      /** Shortfall of the preview below the ideal, bps rounded up (0 when the preview is not below it). */
      readonly shortfallBps: number;
    }
  | {
      readonly ok: false;
      readonly code: DepositPreflightRefusalCode;
      readonly reason: string;
      readonly shortfallBps: number | null;
    };

/**
 * The deposit pre-flight (pure, over on-chain reads): refuses a deposit when the vault's supply is tiny (under
 * `minSupplyShares` whole shares: an empty vault's first depositor can be front-run by a donation), when
 * `maxDeposit < amount`, when `previewDeposit` mints nothing, or when `previewDeposit` is more than `toleranceBps`
 * below `convertToShares` (ERC-4626: the preview includes fees; `convertToShares` does not — an "unfavourable
 * discrepancy"). Exact bigint maths; the shortfall is rounded up so 50.01 bps is not read as 50. On success it
 * returns the shares to require after the receipt (the preview).
 *
 * @example
 * ```ts
 * const check = checkDepositPreflight({ amount: 1_000_000n, reads, toleranceBps: 50 });
 * if (!check.ok) throw new Error(check.code);
 * ```
 */
export function checkDepositPreflight({
  amount,
  reads,
  toleranceBps = DEFAULT_DEPOSIT_TOLERANCE_BPS,
  minSupplyShares = DEFAULT_MIN_VAULT_SUPPLY_SHARES,
}: CheckDepositPreflightParameters): CheckDepositPreflightReturnType {
  if (amount <= 0n) throw new YieldError('INVALID_YIELD_PARAMETER', 'amount must be positive');
  if (!Number.isInteger(toleranceBps) || toleranceBps < 0 || toleranceBps > 10_000) {
    throw new YieldError('INVALID_YIELD_PARAMETER', 'toleranceBps must be an integer from 0 to 10000');
  }
  if (minSupplyShares < 0n) {
    throw new YieldError('INVALID_YIELD_PARAMETER', 'minSupplyShares must not be negative');
  }
  const { maxDeposit, previewShares, convertShares, totalSupply, shareDecimals } = reads;
  const shortfallBps =
    convertShares === 0n || previewShares >= convertShares
      ? 0
      : Number(((convertShares - previewShares) * 10_000n + convertShares - 1n) / convertShares);
  const minimumSupply = minSupplyShares * 10n ** BigInt(shareDecimals);
  if (totalSupply < minimumSupply) {
    return {
      ok: false,
      code: 'VAULT_SUPPLY_TOO_SMALL',
      reason: `the vault has ${totalSupply} share units, under ${minimumSupply}: a near-empty vault (share inflation risk)`,
      shortfallBps,
    };
  }
  if (maxDeposit < amount) {
    return {
      ok: false,
      code: 'DEPOSIT_ABOVE_MAX',
      reason: `the vault accepts at most ${maxDeposit} base units now (maxDeposit), under ${amount}`,
      shortfallBps,
    };
  }
  if (previewShares === 0n) {
    return { ok: false, code: 'DEPOSIT_MINTS_NOTHING', reason: 'previewDeposit is 0', shortfallBps };
  }
  if (shortfallBps > toleranceBps) {
    return {
      ok: false,
      code: 'DEPOSIT_PREVIEW_UNFAVOURABLE',
      reason: `previewDeposit is ${shortfallBps} bps below convertToShares (fees or slippage), over the ${toleranceBps} bps allowed`,
      shortfallBps,
    };
  }
  return { ok: true, minShares: previewShares, shortfallBps };
}
