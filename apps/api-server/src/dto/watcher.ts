import type { EthAmountDto } from './governor.js';
import type { ChainRefDto } from './wallet.js';

/** Thresholds of a watched wallet, in ETH-equivalent. */
export interface WatchThresholdsDto {
  /** A balance change worth at least this alerts (an unpriceable change always does). */
  minChange: EthAmountDto;
  /** An outgoing transfer worth at least this is a `large-outgoing` alert (severity high). */
  largeOutgoing: EthAmountDto;
  /** Alert on every new approval the wallet grants. */
  alertOnApproval: boolean;
}

/** Body of `POST /watcher/add` thresholds (ETH decimal strings); absent fields take the configured defaults. */
export interface WatchThresholdsInputDto {
  /** @maxLength 100 */
  minChange?: string;
  /** @maxLength 100 */
  largeOutgoing?: string;
  alertOnApproval?: boolean;
}

/** Body of `POST /watcher/add`. Adding a wallet again updates its label and thresholds. */
export interface WatchAddRequestDto {
  /**
   * Chain name, alias or id; optional when the server has a default chain.
   * @maxLength 64
   */
  chain?: string;
  /** @maxLength 64 */
  address: string;
  /**
   * ≤ 200 characters.
   * @maxLength 200
   */
  label?: string;
  thresholds?: WatchThresholdsInputDto;
}

/** A balance as the watcher last saw it. */
export interface WatchBalanceDto {
  /** `native` or the token address. */
  asset: string;
  symbol: string | null;
  /** Whole units (decimal string); null when the decimals are unknown. */
  amount: string | null;
  amountBase: string;
}

/** A watched wallet. */
export interface WatchedWalletDto {
  chain: ChainRefDto;
  address: string;
  label: string | null;
  thresholds: WatchThresholdsDto;
  createdAt: string;
  /** The last successful check (null before the first). */
  lastCheckAt: string | null;
  /** What the wallet held at its last check (null before the first). */
  baseline: {
    /** @isLong */
    block: number;
    balances: WatchBalanceDto[];
  } | null;
  /** The last check failed (e.g. the chain's node did not answer): nothing was alerted, the baseline did not move. */
  error: { message: string; at: string } | null;
}

/** Answer of `POST /watcher/add`. */
export interface WatchAddResponseDto {
  created: boolean;
  wallet: WatchedWalletDto;
}

/** One alert. */
export interface WatchAlertDto {
  id: string;
  kind: 'balance-change' | 'large-outgoing' | 'new-approval';
  severity: 'low' | 'medium' | 'high';
  chain: ChainRefDto;
  address: string;
  /** Amounts (base-unit decimal strings), asset or token, spender, direction, value in wei… */
  details: Record<string, unknown>;
  txHash: string | null;
  /** @isLong */
  block: number | null;
  createdAt: string;
}

/** A page of alerts, newest first. */
export interface WatchAlertPageDto {
  items: WatchAlertDto[];
  nextCursor: string | null;
}

/** What one check cycle found. */
export interface WatchCycleDto {
  startedAt: string;
  finishedAt: string;
  /** @isInt */
  durationMs: number;
  /**
   * Wallets checked.
   * @isInt
   */
  checked: number;
  /** Alerts raised by this cycle. */
  alerts: WatchAlertDto[];
  /** Wallets whose check failed (no alert, baseline unchanged). */
  failures: { chain: ChainRefDto; address: string; error: string }[];
}

/** `GET /watcher/summary`. */
export interface WatcherSummaryDto {
  /** @isInt */
  wallets: number;
  /** @isInt */
  walletsInError: number;
  alertsBySeverity: {
    /** @isInt */
    low: number;
    /** @isInt */
    medium: number;
    /** @isInt */
    high: number;
  };
  alertsByKind: {
    /** @isInt */
    'balance-change': number;
    /** @isInt */
    'large-outgoing': number;
    /** @isInt */
    'new-approval': number;
  };
  lastCycle: {
    startedAt: string;
    finishedAt: string;
    /** @isInt */
    durationMs: number;
  } | null;
  /** When the background cycle runs next; null when it is off (`WATCHER_INTERVAL_SECONDS=0`). */
  nextCycleAt: string | null;
  /** @isInt */
  intervalSeconds: number;
}
