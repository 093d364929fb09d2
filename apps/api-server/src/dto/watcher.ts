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

/**
 * Why a wallet's checks are put off: `head-behind-baseline` — the node's head is below the block the wallet was last
 * checked at (a node that lags, a chain reset, a reorg deeper than the baseline). Nothing is alerted and the baseline
 * stays until the chain is back past it (a different block there then raises a `chain-reorg` alert).
 */
export interface WatchDeferralDto {
  reason: 'head-behind-baseline';
  /**
   * The head the node answered.
   * @isLong
   */
  headBlock: number;
  /**
   * The wallet's baseline block.
   * @isLong
   */
  baselineBlock: number;
  /** First deferral of this run. */
  since: string;
  /** Last deferral. */
  at: string;
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
  /**
   * `new` (never checked), `ok`, `deferred` (checks put off: see `deferred`), `error` (the last check failed: see
   * `error`).
   */
  status: 'new' | 'ok' | 'deferred' | 'error';
  /** Set while the wallet's checks are deferred; null otherwise. */
  deferred: WatchDeferralDto | null;
  /**
   * What the wallet held at its last check (null before the first), at which block (and its hash: null for a
   * baseline recorded before hashes were).
   */
  baseline: {
    /** @isLong */
    block: number;
    blockHash: string | null;
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
  /**
   * `chain-reorg`: the block the wallet was last checked at is no longer on the chain; the wallet was re-baselined at
   * the head and `details.changes` lists every balance that differs across it.
   */
  kind: 'balance-change' | 'large-outgoing' | 'new-approval' | 'chain-reorg';
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

/** A wallet whose check a cycle deferred. */
export interface WatchCycleDeferralDto {
  chain: ChainRefDto;
  address: string;
  /** @isLong */
  headBlock: number;
  /** @isLong */
  baselineBlock: number;
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
  /** Wallets whose check was deferred: the node's head is below their baseline block (no alert, baseline kept). */
  deferred: WatchCycleDeferralDto[];
}

/** `GET /watcher/summary`. */
export interface WatcherSummaryDto {
  /** @isInt */
  wallets: number;
  /** @isInt */
  walletsInError: number;
  /**
   * Wallets whose checks are deferred (listed in `deferred`).
   * @isInt
   */
  walletsDeferred: number;
  deferred: ({ chain: ChainRefDto; address: string } & WatchDeferralDto)[];
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
    /** @isInt */
    'chain-reorg': number;
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
