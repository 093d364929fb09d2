import type { Address } from '../../chains/chains.js';
import { StoreError } from '../../errors/StoreError.js';
import { encodeExecutionCursor } from '../../gateway/store/executionCursor.js';
import type { SqliteDatabaseLike, SqliteStatementLike } from '../../gateway/store/SqliteDatabaseLike.js';
import { SqliteGatewayConnection } from '../../gateway/store/SqliteGatewayConnection.js';
import type { Hex } from '../../gateway/types.js';
import type {
  AlertKind,
  AlertSeverity,
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

/**
 * Ordered migrations of the watcher tables (`watcher_migrations`). Amounts are decimal TEXT. Exported for the
 * store's own upgrade test only (not from the package).
 */
export const WATCHER_MIGRATIONS: readonly string[] = [
  `CREATE TABLE watcher_wallets (
     chain_id INTEGER NOT NULL,
     address TEXT NOT NULL,
     address_key TEXT NOT NULL,
     label TEXT,
     min_change_wei TEXT NOT NULL,
     large_outgoing_wei TEXT NOT NULL,
     alert_on_approval INTEGER NOT NULL,
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL,
     baseline_block INTEGER,
     baseline_native TEXT,
     baseline_tokens TEXT,
     last_check_at INTEGER,
     last_error TEXT,
     last_error_at INTEGER,
     PRIMARY KEY (chain_id, address_key)
   );
   CREATE TABLE watcher_alerts (
     id TEXT PRIMARY KEY,
     created_at INTEGER NOT NULL,
     chain_id INTEGER NOT NULL,
     address TEXT NOT NULL,
     address_key TEXT NOT NULL,
     kind TEXT NOT NULL,
     severity TEXT NOT NULL,
     details TEXT NOT NULL,
     tx_hash TEXT,
     block INTEGER
   );
   CREATE INDEX watcher_alerts_created ON watcher_alerts (created_at, id);
   CREATE INDEX watcher_alerts_address ON watcher_alerts (address_key, created_at, id);`,
  // 2: the baseline block's hash (NULL for baselines stored before: not verifiable), and a deferred check.
  `ALTER TABLE watcher_wallets ADD COLUMN baseline_hash TEXT;
   ALTER TABLE watcher_wallets ADD COLUMN deferred_reason TEXT;
   ALTER TABLE watcher_wallets ADD COLUMN deferred_head_block INTEGER;
   ALTER TABLE watcher_wallets ADD COLUMN deferred_baseline_block INTEGER;
   ALTER TABLE watcher_wallets ADD COLUMN deferred_since INTEGER;
   ALTER TABLE watcher_wallets ADD COLUMN deferred_at INTEGER;`,
];

interface WalletRow {
  chain_id: number;
  address: string;
  label: string | null;
  min_change_wei: string;
  large_outgoing_wei: string;
  alert_on_approval: number;
  created_at: number;
  updated_at: number;
  baseline_block: number | null;
  baseline_native: string | null;
  baseline_tokens: string | null;
  baseline_hash: string | null;
  last_check_at: number | null;
  last_error: string | null;
  last_error_at: number | null;
  deferred_reason: string | null;
  deferred_head_block: number | null;
  deferred_baseline_block: number | null;
  deferred_since: number | null;
  deferred_at: number | null;
}

interface AlertRow {
  id: string;
  created_at: number;
  chain_id: number;
  address: string;
  kind: string;
  severity: string;
  details: string;
  tx_hash: string | null;
  block: number | null;
}

/** Parameters of the {@link SqliteWatchStore} constructor. */
export interface SqliteWatchStoreParameters {
  /** An open better-sqlite3 database shared by the app (the store never closes it). */
  readonly database: SqliteDatabaseLike;
}

/**
 * Persistent {@link WatchStore} on SQLite (`@org/chain-evm/sqlite`): the watch list, baselines and alerts survive
 * restarts. `recordCheck` inserts the alerts and moves the baseline in one `BEGIN IMMEDIATE` transaction, only when
 * the stored baseline block is still the cycle's starting one. Owns the `watcher_*` tables (`watcher_migrations`)
 * and follows the project's connection rule (never inside a caller's transaction, durable before it returns).
 *
 * @example
 * ```ts
 * import { SqliteWatchStore } from '@org/chain-evm/sqlite';
 * const watch = new SqliteWatchStore({ database });
 * ```
 */
export class SqliteWatchStore implements WatchStore {
  readonly #c: SqliteGatewayConnection;
  readonly #s: Record<
    | 'get'
    | 'insert'
    | 'update'
    | 'remove'
    | 'list'
    | 'baseline'
    | 'failure'
    | 'deferral'
    | 'alert'
    | 'bySeverity'
    | 'byKind',
    SqliteStatementLike
  >;

  constructor({ database }: SqliteWatchStoreParameters) {
    const c = new SqliteGatewayConnection({
      database,
      owner: 'SqliteWatchStore',
      schema: { migrationsTable: 'watcher_migrations', migrations: WATCHER_MIGRATIONS, label: 'watcher' },
    });
    this.#c = c;
    this.#s = {
      get: c.prepare('SELECT * FROM watcher_wallets WHERE chain_id = ? AND address_key = ?'),
      insert: c.prepare(
        `INSERT INTO watcher_wallets (chain_id, address, address_key, label, min_change_wei, large_outgoing_wei,
         alert_on_approval, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      update: c.prepare(
        `UPDATE watcher_wallets SET label = ?, min_change_wei = ?, large_outgoing_wei = ?, alert_on_approval = ?,
         updated_at = ? WHERE chain_id = ? AND address_key = ?`,
      ),
      remove: c.prepare('DELETE FROM watcher_wallets WHERE chain_id = ? AND address_key = ?'),
      list: c.prepare('SELECT * FROM watcher_wallets ORDER BY created_at, chain_id, address_key'),
      baseline: c.prepare(
        `UPDATE watcher_wallets SET baseline_block = ?, baseline_hash = ?, baseline_native = ?, baseline_tokens = ?,
         last_check_at = ?, last_error = NULL, last_error_at = NULL, deferred_reason = NULL, deferred_head_block = NULL,
         deferred_baseline_block = NULL, deferred_since = NULL, deferred_at = NULL
         WHERE chain_id = ? AND address_key = ? AND baseline_block IS ?`,
      ),
      deferral: c.prepare(
        `UPDATE watcher_wallets SET deferred_reason = ?, deferred_head_block = ?, deferred_baseline_block = ?,
         deferred_since = COALESCE(deferred_since, ?), deferred_at = ?, last_error = NULL, last_error_at = NULL
         WHERE chain_id = ? AND address_key = ? AND baseline_block = ?`,
      ),
      failure: c.prepare(
        'UPDATE watcher_wallets SET last_error = ?, last_error_at = ? WHERE chain_id = ? AND address_key = ?',
      ),
      alert: c.prepare(
        `INSERT INTO watcher_alerts (id, created_at, chain_id, address, address_key, kind, severity, details, tx_hash,
         block) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      bySeverity: c.prepare('SELECT severity, COUNT(*) AS n FROM watcher_alerts GROUP BY severity'),
      byKind: c.prepare('SELECT kind, COUNT(*) AS n FROM watcher_alerts GROUP BY kind'),
    };
  }

  async upsert(p: {
    chainId: number;
    address: Address;
    label: string | null;
    thresholds: WatchThresholds;
    at: number;
  }) {
    const { chainId, address, key } = walletKey(p.chainId, p.address);
    const label = checkLabel(p.label);
    const t = checkThresholds(p.thresholds);
    return this.#c.write(() => {
      const existing = this.#s.get.get(chainId, key) as WalletRow | undefined;
      if (existing) {
        this.#s.update.run(
          label,
          `${t.minChangeWei}`,
          `${t.largeOutgoingWei}`,
          t.alertOnApproval ? 1 : 0,
          p.at,
          chainId,
          key,
        );
      } else {
        this.#s.insert.run(
          chainId,
          address,
          key,
          label,
          `${t.minChangeWei}`,
          `${t.largeOutgoingWei}`,
          t.alertOnApproval ? 1 : 0,
          p.at,
          p.at,
        );
      }
      return {
        wallet: toWallet(this.#s.get.get(chainId, key) as WalletRow),
        created: existing === undefined,
      };
    });
  }

  async remove(p: { chainId: number; address: Address }): Promise<boolean> {
    const { chainId, key } = walletKey(p.chainId, p.address);
    return this.#c.write(() => this.#s.remove.run(chainId, key).changes > 0);
  }

  async get(p: { chainId: number; address: Address }): Promise<WatchedWallet | null> {
    const { chainId, key } = walletKey(p.chainId, p.address);
    const row = this.#c.read(() => this.#s.get.get(chainId, key) as WalletRow | undefined);
    return row ? toWallet(row) : null;
  }

  async list(): Promise<readonly WatchedWallet[]> {
    return this.#c.read(() => (this.#s.list.all() as WalletRow[]).map(toWallet));
  }

  async recordCheck(p: {
    chainId: number;
    address: Address;
    previousBlock: number | null;
    baseline: WatchBaseline;
    alerts: readonly WatchAlert[];
    at: number;
  }): Promise<boolean> {
    const { chainId, key } = walletKey(p.chainId, p.address);
    const b = checkBaseline(p.baseline);
    const alerts = p.alerts.map(checkAlert);
    const tokens = JSON.stringify(
      Object.fromEntries(Object.entries(b.tokens).map(([t, v]) => [t, v.toString()])),
    );
    return this.#c.write(() => {
      const moved = this.#s.baseline.run(
        b.block,
        b.blockHash,
        b.native.toString(),
        tokens,
        p.at,
        chainId,
        key,
        p.previousBlock,
      );
      if (moved.changes === 0) return false; // another cycle moved it first (or the wallet is gone): nothing written
      for (const a of alerts) {
        this.#s.alert.run(
          a.id,
          a.createdAt,
          a.chainId,
          a.address,
          a.address.toLowerCase(),
          a.kind,
          a.severity,
          JSON.stringify(a.details),
          a.txHash,
          a.block,
        );
      }
      return true;
    });
  }

  async recordFailure(p: { chainId: number; address: Address; error: string; at: number }): Promise<void> {
    const { chainId, key } = walletKey(p.chainId, p.address);
    this.#c.write(() => this.#s.failure.run(p.error.slice(0, 500), p.at, chainId, key));
  }

  async recordDeferral(p: {
    chainId: number;
    address: Address;
    previousBlock: number;
    reason: WatchDeferral['reason'];
    headBlock: number;
    at: number;
  }): Promise<boolean> {
    const { chainId, key } = walletKey(p.chainId, p.address);
    const d = checkDeferral(p);
    return this.#c.write(
      () =>
        this.#s.deferral.run(
          d.reason,
          d.headBlock,
          d.previousBlock,
          d.at,
          d.at,
          chainId,
          key,
          d.previousBlock,
        ).changes > 0,
    );
  }

  async listAlerts(parameters: ListAlertsParameters) {
    const { limit, after, since, severity, address } = checkAlertList(parameters);
    // Fixed fragments only; every value is a bound parameter.
    const where: string[] = [];
    const values: unknown[] = [];
    if (since !== null) {
      where.push('created_at >= ?');
      values.push(since);
    }
    if (severity !== null) {
      where.push('severity = ?');
      values.push(severity);
    }
    if (address !== null) {
      where.push('address_key = ?');
      values.push(address);
    }
    if (after !== null) {
      where.push('(created_at, id) < (?, ?)');
      values.push(after.createdAt, after.id);
    }
    const sql = `SELECT * FROM watcher_alerts ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY created_at DESC, id DESC LIMIT ?`;
    const rows = this.#c.read(() => this.#c.prepare(sql).all(...values, limit + 1) as AlertRow[]);
    const items = rows.slice(0, limit).map(toAlert);
    const last = items.at(-1);
    return { items, nextCursor: rows.length > limit && last ? encodeExecutionCursor(last) : null };
  }

  async summary(): Promise<WatchSummary> {
    return this.#c.read(() => {
      const wallets = (this.#s.list.all() as WalletRow[]).map(toWallet);
      const bySeverity = Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as Record<AlertSeverity, number>;
      for (const r of this.#s.bySeverity.all() as { severity: AlertSeverity; n: number }[])
        bySeverity[r.severity] = r.n;
      const byKind = Object.fromEntries(ALERT_KINDS.map((k) => [k, 0])) as Record<AlertKind, number>;
      for (const r of this.#s.byKind.all() as { kind: AlertKind; n: number }[]) byKind[r.kind] = r.n;
      return {
        wallets: wallets.length,
        walletsInError: wallets.filter((w) => w.lastError !== null).length,
        walletsDeferred: wallets.filter((w) => w.deferred !== null).length,
        alertsBySeverity: bySeverity,
        alertsByKind: byKind,
      };
    });
  }
}

function big(value: string, what: string): bigint {
  if (!/^[0-9]+$/.test(value)) throw new StoreError('STORE_FAILURE', `Corrupt ${what} in watcher_wallets.`);
  return BigInt(value);
}

function toWallet(row: WalletRow): WatchedWallet {
  const tokens: Record<string, bigint> = {};
  if (row.baseline_tokens !== null) {
    for (const [t, v] of Object.entries(JSON.parse(row.baseline_tokens) as Record<string, string>)) {
      tokens[t] = big(v, 'baseline balance');
    }
  }
  return {
    chainId: row.chain_id,
    address: row.address as Address,
    label: row.label,
    thresholds: {
      minChangeWei: big(row.min_change_wei, 'threshold'),
      largeOutgoingWei: big(row.large_outgoing_wei, 'threshold'),
      alertOnApproval: row.alert_on_approval === 1,
    },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    baseline:
      row.baseline_block === null || row.baseline_native === null
        ? null
        : {
            block: row.baseline_block,
            blockHash: row.baseline_hash as Hex | null,
            native: big(row.baseline_native, 'baseline'),
            tokens,
          },
    lastCheckAt: row.last_check_at,
    lastError: row.last_error,
    lastErrorAt: row.last_error_at,
    deferred:
      row.deferred_reason === null
        ? null
        : {
            reason: row.deferred_reason as WatchDeferral['reason'],
            headBlock: row.deferred_head_block ?? 0,
            baselineBlock: row.deferred_baseline_block ?? 0,
            since: row.deferred_since ?? 0,
            at: row.deferred_at ?? 0,
          },
  };
}

function toAlert(row: AlertRow): WatchAlert {
  return {
    id: row.id,
    createdAt: row.created_at,
    chainId: row.chain_id,
    address: row.address as Address,
    kind: row.kind as AlertKind,
    severity: row.severity as AlertSeverity,
    details: JSON.parse(row.details) as Record<string, unknown>,
    txHash: row.tx_hash as Hex | null,
    block: row.block,
  };
}
