import type { ConfirmationDto } from './confirmation.js';
import type { ExecutionDto } from './execution.js';
import type { EthAmountDto } from './governor.js';
import type { TokenAmountDto } from './swap.js';
import type { ChainRefDto } from './wallet.js';

/** Body of `POST /yield/compound`. */
export interface YieldCompoundRequestDto {
  /**
   * Chain name, alias or id; optional when the server has a default chain.
   * @maxLength 64
   */
  chain?: string;
  /**
   * The ERC-4626 vault (0x address): one of `YIELD_VAULTS_<CHAIN>`.
   * @maxLength 64
   */
  vault: string;
  /**
   * Human units of the vault's underlying asset (`"250.5"`); default the wallet's whole idle balance of it.
   * @maxLength 100
   */
  amount?: string;
  /**
   * The fewest shares to accept, base units (decimal string): refused before signing when the preview is below it,
   * and checked again on the shares minted.
   * @maxLength 78
   */
  minShares?: string;
}

/** Whether compounding pays: the expected gain over the horizon against the worst-case gas, in ETH-equivalent. */
export interface YieldCompoundEconomicsDto {
  /**
   * The yield rate used, parts per billion per year (the vault's measured APY as a continuous rate, the lower of the
   * last day's and the 30-day mean's): 50,000,000 = 5%.
   */
  ratePpb: string;
  /** The horizon the gain is counted over, seconds (`YIELD_COMPOUND_HORIZON_DAYS`). */
  horizonSeconds: string;
  /** The gain expected from depositing `amount` over the horizon (simple interest, rounded down). */
  gain: EthAmountDto;
  /** Worst-case gas of the approval and the deposit: `YIELD_COMPOUND_GAS_LIMIT` × the highest fee the gateway may sign. */
  gas: EthAmountDto;
  /**
   * The vault's entry and exit fees on the amount, measured on chain (`amount` less `previewRedeem(previewDeposit(
   * amount))`), priced at the deposit's rate: paid at once, counted with the gas.
   */
  vaultFees: EthAmountDto;
  /**
   * The same in basis points of the amount (rounded up).
   * @isInt
   */
  vaultFeeBps: number;
  /** `(gas + vaultFees) × minGainFactor`: what the gain must reach. */
  requiredGain: EthAmountDto;
  /**
   * `YIELD_COMPOUND_MIN_GAIN_FACTOR` in basis points (30,000 = 3×).
   * @isInt
   */
  minGainFactorBps: number;
  /** Whether the gain reaches `requiredGain`. */
  pays: boolean;
  /** The shortest horizon over which the gain would reach `requiredGain`, seconds; null at a zero rate. */
  paysAfterSeconds: string | null;
  /** The best interval between compounds for a wallet that pays its own gas (τ* = √(2G / (P·r²))), seconds. */
  optimalIntervalSeconds: string | null;
  /** Gas units counted (`YIELD_COMPOUND_GAS_LIMIT`). */
  gasLimit: string;
  /** The fee per gas the worst case assumes (after every allowed replacement, capped at the ceiling), wei. */
  maxFeePerGas: string;
}

/** The deposit pre-flight as read on chain (base units). */
export interface YieldCompoundPreflightDto {
  /** `maxDeposit(wallet)`. */
  maxDeposit: string;
  /** `previewDeposit(amount)`: shares the deposit mints, fees included. */
  previewShares: string;
  /** `convertToShares(amount)`: the ideal shares, without fees. */
  convertShares: string;
  /** `totalSupply()` of the vault's shares. */
  totalSupply: string;
  /**
   * How far the preview is below the ideal, bps (rounded up).
   * @isInt
   */
  shortfallBps: number;
  /**
   * The tolerance (`YIELD_DEPOSIT_TOLERANCE_BPS`).
   * @isInt
   */
  toleranceBps: number;
  /** The fewest shares accepted after the receipt: the larger of the preview and the request's `minShares`. */
  minShares: string;
}

/** The answer of `POST /yield/compound`. */
export interface YieldCompoundDto {
  /**
   * `skipped` (nothing signed: see `skipReason` and `economics`), else the deposit's execution status: `confirmed`,
   * `pending` (follow `/executions/{id}`) or `awaiting_confirmation` (held for an operator).
   */
  status: 'skipped' | 'confirmed' | 'pending' | 'awaiting_confirmation';
  /** Why nothing was signed: `NO_IDLE_BALANCE` (no amount given, none idle) or `GAIN_BELOW_GAS`; null otherwise. */
  skipReason: 'NO_IDLE_BALANCE' | 'GAIN_BELOW_GAS' | null;
  chain: ChainRefDto;
  /** The vault (checksummed). */
  vault: string;
  /** What is (or would be) deposited, in the vault's underlying asset. */
  amount: TokenAmountDto;
  /** `amount` priced on chain by the execution gateway (what the governor is charged before gas); null when skipped idle. */
  value: EthAmountDto | null;
  economics: YieldCompoundEconomicsDto | null;
  preflight: YieldCompoundPreflightDto | null;
  /** The exact approval of the asset to the vault, when the allowance was short. */
  approval: ExecutionDto | null;
  /** The deposit's execution. */
  execution: ExecutionDto | null;
  /** Shares minted to the wallet, base units, from the receipt's ERC-4626 `Deposit` event; null until mined. */
  sharesReceived: string | null;
  confirmation: ConfirmationDto | null;
}
