/**
 * Types of the wallet watcher: a persisted watch list with thresholds, the baseline each wallet was last seen at,
 * and the alerts a check cycle raised. Amounts are bigint base units (wei for native, token base units).
 */
import type { Address } from '../chains/chains.js';
import type { Hex } from '../gateway/types.js';

/** When a watched wallet raises an alert. */
export interface WatchThresholds {
  /** A balance change worth at least this (ETH-equivalent wei) alerts; an unpriceable change always does. */
  readonly minChangeWei: bigint;
  /** An outgoing transfer worth at least this (ETH-equivalent wei) is a `large-outgoing` alert (severity high). */
  readonly largeOutgoingWei: bigint;
  /** Alert on every new approval (ERC-20 allowance or NFT operator) granted by the wallet. */
  readonly alertOnApproval: boolean;
}

/** What a wallet held when it was last checked. */
export interface WatchBaseline {
  /** The block the balances were read at; logs after it belong to the next check. */
  readonly block: number;
  /**
   * The hash of that block, to tell a chain that went back under the baseline (a reset, a reorg as deep) from one
   * that still has it; null for a baseline stored before hashes were recorded (not verifiable: taken as is).
   */
  readonly blockHash: Hex | null;
  /** Native balance (wei). */
  readonly native: bigint;
  /** Token balances by lowercase token address (base units); tokens the chain's list and the configuration name. */
  readonly tokens: Readonly<Record<string, bigint>>;
}

/** One watched (chain, address). */
export interface WatchedWallet {
  readonly chainId: number;
  readonly address: Address;
  readonly label: string | null;
  readonly thresholds: WatchThresholds;
  readonly createdAt: number;
  readonly updatedAt: number;
  /** Null until the first successful check. */
  readonly baseline: WatchBaseline | null;
  readonly lastCheckAt: number | null;
  /** The error of the last failed check (cleared by a successful one). */
  readonly lastError: string | null;
  readonly lastErrorAt: number | null;
  /** Set while checks are deferred (the node's head is below the baseline block); cleared by the next check. */
  readonly deferred: WatchDeferral | null;
}

/** Why a wallet's check was put off, and since when. Nothing was alerted and the baseline did not move. */
export interface WatchDeferral {
  /** `head-behind-baseline`: the node's head is below the baseline block (a node that lags, or a chain that went back). */
  readonly reason: 'head-behind-baseline';
  /** The head the node answered at the last deferral. */
  readonly headBlock: number;
  /** The wallet's baseline block (unchanged). */
  readonly baselineBlock: number;
  /** The first deferral of this run (epoch ms). */
  readonly since: number;
  /** The last deferral (epoch ms). */
  readonly at: number;
}

/**
 * `chain-reorg`: the block the wallet's baseline was read at is no longer on the chain (another hash at its height):
 * the watcher re-baselined at the head, and changes between the two could not be attributed.
 */
export type AlertKind = 'balance-change' | 'large-outgoing' | 'new-approval' | 'chain-reorg';
export type AlertSeverity = 'low' | 'medium' | 'high';

/** An alert a check raised (stored once, with the baseline it moved). */
export interface WatchAlert {
  readonly id: string;
  readonly createdAt: number;
  readonly chainId: number;
  readonly address: Address;
  readonly kind: AlertKind;
  readonly severity: AlertSeverity;
  /** Amounts (decimal strings), token, spender, direction… */
  readonly details: Readonly<Record<string, unknown>>;
  readonly txHash: Hex | null;
  readonly block: number | null;
}

/** Parameters of {@link WatchStore.listAlerts}. */
export interface ListAlertsParameters {
  /** 1–100. */
  readonly limit: number;
  readonly cursor?: string;
  /** Only alerts created at or after this (epoch ms). */
  readonly since?: number;
  readonly severity?: AlertSeverity;
  /** Only alerts of this wallet (any chain). */
  readonly address?: Address;
}

/** Counts for `/watcher/summary`. */
export interface WatchSummary {
  readonly wallets: number;
  readonly walletsInError: number;
  /** Wallets whose checks are deferred (see {@link WatchedWallet.deferred}). */
  readonly walletsDeferred: number;
  readonly alertsBySeverity: Readonly<Record<AlertSeverity, number>>;
  readonly alertsByKind: Readonly<Record<AlertKind, number>>;
}

/**
 * Persistence of the watcher. `recordCheck` stores a cycle's alerts and moves the wallet's baseline (and clears a
 * deferral) in ONE atomic write, and only if the baseline is still the one the cycle started from — so the same change never alerts twice,
 * and a crash before the write loses nothing and duplicates nothing (the next cycle reads the same range again).
 */
export interface WatchStore {
  /** Adds a wallet, or updates label and thresholds of one already watched (baseline kept). */
  upsert(parameters: {
    chainId: number;
    address: Address;
    label: string | null;
    thresholds: WatchThresholds;
    at: number;
  }): Promise<{ wallet: WatchedWallet; created: boolean }>;
  /** False when it was not watched. Its alerts stay. */
  remove(parameters: { chainId: number; address: Address }): Promise<boolean>;
  get(parameters: { chainId: number; address: Address }): Promise<WatchedWallet | null>;
  /** Every watched wallet, oldest first. */
  list(): Promise<readonly WatchedWallet[]>;
  /** See the interface: atomic alerts + baseline, only from `previousBlock` (null = first check). */
  recordCheck(parameters: {
    chainId: number;
    address: Address;
    previousBlock: number | null;
    baseline: WatchBaseline;
    alerts: readonly WatchAlert[];
    at: number;
  }): Promise<boolean>;
  /** A failed check: the error is recorded, the baseline does not move. */
  recordFailure(parameters: { chainId: number; address: Address; error: string; at: number }): Promise<void>;
  /**
   * A deferred check: `deferred` is set (its `since` kept while the wallet stays deferred), the last error cleared (the
   * node answered), the baseline unchanged — only if the baseline is still at `previousBlock`. False otherwise.
   */
  recordDeferral(parameters: {
    chainId: number;
    address: Address;
    previousBlock: number;
    reason: WatchDeferral['reason'];
    headBlock: number;
    at: number;
  }): Promise<boolean>;
  /** Newest first, opaque cursor. */
  listAlerts(
    parameters: ListAlertsParameters,
  ): Promise<{ readonly items: readonly WatchAlert[]; readonly nextCursor: string | null }>;
  summary(): Promise<WatchSummary>;
}
