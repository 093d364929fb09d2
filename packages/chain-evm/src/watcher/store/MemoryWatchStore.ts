import type { Address } from '../../chains/chains.js';
import { encodeExecutionCursor } from '../../gateway/store/executionCursor.js';
import type {
  ListAlertsParameters,
  WatchAlert,
  WatchBaseline,
  WatchDeferral,
  WatchedWallet,
  WatchStore,
  WatchSummary,
  WatchThresholds,
} from '../types.js';
import {
  ALERT_KINDS,
  checkAlert,
  checkAlertList,
  checkBaseline,
  checkDeferral,
  checkLabel,
  checkThresholds,
  SEVERITIES,
  walletKey,
} from './watchRows.js';

const newestFirst = (a: { createdAt: number; id: string }, b: { createdAt: number; id: string }) =>
  a.createdAt !== b.createdAt ? b.createdAt - a.createdAt : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;

/**
 * {@link WatchStore} in process memory (tests, single-process tools; lost on exit). Validates and orders exactly
 * like the SQLite store and hands out copies.
 *
 * @example
 * ```ts
 * const store = new MemoryWatchStore();
 * ```
 */
export class MemoryWatchStore implements WatchStore {
  readonly #wallets = new Map<string, WatchedWallet>();
  readonly #alerts: WatchAlert[] = [];

  async upsert(p: {
    chainId: number;
    address: Address;
    label: string | null;
    thresholds: WatchThresholds;
    at: number;
  }) {
    const { chainId, address, key } = walletKey(p.chainId, p.address);
    const label = checkLabel(p.label);
    const thresholds = checkThresholds(p.thresholds);
    const existing = this.#wallets.get(key);
    const wallet: WatchedWallet = existing
      ? { ...existing, label, thresholds, updatedAt: p.at }
      : {
          chainId,
          address,
          label,
          thresholds,
          createdAt: p.at,
          updatedAt: p.at,
          baseline: null,
          lastCheckAt: null,
          lastError: null,
          lastErrorAt: null,
          deferred: null,
        };
    this.#wallets.set(key, wallet);
    return { wallet: copy(wallet), created: existing === undefined };
  }

  async remove(p: { chainId: number; address: Address }): Promise<boolean> {
    return this.#wallets.delete(walletKey(p.chainId, p.address).key);
  }

  async get(p: { chainId: number; address: Address }): Promise<WatchedWallet | null> {
    const found = this.#wallets.get(walletKey(p.chainId, p.address).key);
    return found ? copy(found) : null;
  }

  async list(): Promise<readonly WatchedWallet[]> {
    return [...this.#wallets.values()].sort((a, b) => a.createdAt - b.createdAt).map(copy);
  }

  async recordCheck(p: {
    chainId: number;
    address: Address;
    previousBlock: number | null;
    baseline: WatchBaseline;
    alerts: readonly WatchAlert[];
    at: number;
  }): Promise<boolean> {
    const { key } = walletKey(p.chainId, p.address);
    const baseline = checkBaseline(p.baseline);
    const alerts = p.alerts.map(checkAlert);
    const wallet = this.#wallets.get(key);
    if (!wallet || (wallet.baseline?.block ?? null) !== p.previousBlock) return false;
    this.#alerts.push(...alerts);
    this.#wallets.set(key, {
      ...wallet,
      baseline,
      lastCheckAt: p.at,
      lastError: null,
      lastErrorAt: null,
      deferred: null,
    });
    return true;
  }

  async recordDeferral(p: {
    chainId: number;
    address: Address;
    previousBlock: number;
    reason: WatchDeferral['reason'];
    headBlock: number;
    at: number;
  }): Promise<boolean> {
    const { key } = walletKey(p.chainId, p.address);
    const d = checkDeferral(p);
    const wallet = this.#wallets.get(key);
    if (!wallet || wallet.baseline?.block !== d.previousBlock) return false;
    const deferred: WatchDeferral = {
      reason: d.reason,
      headBlock: d.headBlock,
      baselineBlock: d.previousBlock,
      since: wallet.deferred?.since ?? d.at,
      at: d.at,
    };
    this.#wallets.set(key, { ...wallet, deferred, lastError: null, lastErrorAt: null });
    return true;
  }

  async recordFailure(p: { chainId: number; address: Address; error: string; at: number }): Promise<void> {
    const { key } = walletKey(p.chainId, p.address);
    const wallet = this.#wallets.get(key);
    if (wallet) this.#wallets.set(key, { ...wallet, lastError: p.error.slice(0, 500), lastErrorAt: p.at });
  }

  async listAlerts(parameters: ListAlertsParameters) {
    const { limit, after, since, severity, address } = checkAlertList(parameters);
    const all = this.#alerts
      .filter((a) => since === null || a.createdAt >= since)
      .filter((a) => severity === null || a.severity === severity)
      .filter((a) => address === null || a.address.toLowerCase() === address)
      .filter((a) => after === null || newestFirst(a, after) > 0)
      .sort(newestFirst);
    const items = all.slice(0, limit).map((a) => checkAlert(a));
    const last = items.at(-1);
    return { items, nextCursor: all.length > limit && last ? encodeExecutionCursor(last) : null };
  }

  async summary(): Promise<WatchSummary> {
    const bySeverity = Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as Record<
      (typeof SEVERITIES)[number],
      number
    >;
    const byKind = Object.fromEntries(ALERT_KINDS.map((k) => [k, 0])) as Record<
      (typeof ALERT_KINDS)[number],
      number
    >;
    for (const a of this.#alerts) {
      bySeverity[a.severity]++;
      byKind[a.kind]++;
    }
    const wallets = [...this.#wallets.values()];
    return {
      wallets: wallets.length,
      walletsInError: wallets.filter((w) => w.lastError !== null).length,
      walletsDeferred: wallets.filter((w) => w.deferred !== null).length,
      alertsBySeverity: bySeverity,
      alertsByKind: byKind,
    };
  }
}

function copy(w: WatchedWallet): WatchedWallet {
  return {
    ...w,
    thresholds: { ...w.thresholds },
    baseline: w.baseline ? { ...w.baseline, tokens: { ...w.baseline.tokens } } : null,
    deferred: w.deferred ? { ...w.deferred } : null,
  };
}
