import type { Address } from '../chains/chains.js';
import { StoreError } from '../errors/StoreError.js';
import { encodeExecutionCursor } from '../gateway/store/executionCursor.js';
import type { Hex } from '../gateway/types.js';
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
} from '../watcher/types.js';
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
} from '../watcher/store/watchRows.js';
import { integerColumns } from './integerColumns.js';
import { PostgresConnection } from './PostgresConnection.js';
import type { PostgresPoolLike } from './PostgresPoolLike.js';

/** Parameters of the {@link PostgresWatchStore} constructor. */
export interface PostgresWatchStoreParameters {
  /** A node-postgres (pg 8.x) `Pool`, owned by the caller. */
  readonly pool: PostgresPoolLike;
  /** Schema of the `watcher_*` tables. Default `public`. */
  readonly schema?: string;
}

const MIGRATIONS = {
  label: 'watcher',
  migrations: [
    `CREATE TABLE watcher_wallets (
       chain_id bigint NOT NULL,
       address text NOT NULL,
       address_key text NOT NULL,
       label text,
       min_change_wei text NOT NULL,
       large_outgoing_wei text NOT NULL,
       alert_on_approval integer NOT NULL,
       created_at bigint NOT NULL,
       updated_at bigint NOT NULL,
       baseline_block bigint,
       baseline_native text,
       baseline_tokens text,
       last_check_at bigint,
       last_error text,
       last_error_at bigint,
       baseline_hash text,
       deferred_reason text,
       deferred_head_block bigint,
       deferred_baseline_block bigint,
       deferred_since bigint,
       deferred_at bigint,
       PRIMARY KEY (chain_id, address_key)
     );
     CREATE TABLE watcher_alerts (
       id text COLLATE "C" PRIMARY KEY,
       created_at bigint NOT NULL,
       chain_id bigint NOT NULL,
       address text NOT NULL,
       address_key text NOT NULL,
       kind text NOT NULL,
       severity text NOT NULL,
       details text NOT NULL,
       tx_hash text,
       block bigint
     );
     CREATE INDEX watcher_alerts_created ON watcher_alerts (created_at, id);
     CREATE INDEX watcher_alerts_address ON watcher_alerts (address_key, created_at, id);`,
  ],
};

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

const WALLET_INTEGERS = [
  'chain_id',
  'created_at',
  'updated_at',
  'baseline_block',
  'last_check_at',
  'last_error_at',
  'deferred_head_block',
  'deferred_baseline_block',
  'deferred_since',
  'deferred_at',
];
const ALERT_INTEGERS = ['created_at', 'chain_id', 'block'];
const wallet = (row: Record<string, unknown>) => toWallet(integerColumns<WalletRow>(row, WALLET_INTEGERS));
const alert = (row: Record<string, unknown>) => toAlert(integerColumns<AlertRow>(row, ALERT_INTEGERS));

/**
 * Persistent {@link WatchStore} on PostgreSQL; import it from `@org/chain-evm/postgres`. `recordCheck` inserts the
 * alerts and moves the baseline in one transaction, only when the stored baseline block is still the cycle's starting
 * one (a compare-and-set: two instances checking the same wallet cannot both record a cycle).
 *
 * @example
 * ```ts
 * const watch = new PostgresWatchStore({ pool });
 * ```
 */
export class PostgresWatchStore implements WatchStore {
  readonly #c: PostgresConnection;

  constructor({ pool, schema }: PostgresWatchStoreParameters) {
    this.#c = new PostgresConnection({ pool, schema, owner: 'PostgresWatchStore', migrations: MIGRATIONS });
  }

  get #wallets(): string {
    return this.#c.t('watcher_wallets');
  }

  get #alerts(): string {
    return this.#c.t('watcher_alerts');
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
    return this.#c.transaction(async (client) => {
      const inserted = await client.query(
        `INSERT INTO ${this.#wallets} (chain_id, address, address_key, label, min_change_wei, large_outgoing_wei,
           alert_on_approval, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
         ON CONFLICT (chain_id, address_key) DO NOTHING`,
        [
          chainId,
          address,
          key,
          label,
          `${t.minChangeWei}`,
          `${t.largeOutgoingWei}`,
          t.alertOnApproval ? 1 : 0,
          p.at,
        ],
      );
      const created = inserted.rowCount === 1;
      if (!created) {
        await client.query(
          `UPDATE ${this.#wallets} SET label = $1, min_change_wei = $2, large_outgoing_wei = $3,
             alert_on_approval = $4, updated_at = $5 WHERE chain_id = $6 AND address_key = $7`,
          [
            label,
            `${t.minChangeWei}`,
            `${t.largeOutgoingWei}`,
            t.alertOnApproval ? 1 : 0,
            p.at,
            chainId,
            key,
          ],
        );
      }
      const { rows } = await client.query(
        `SELECT * FROM ${this.#wallets} WHERE chain_id = $1 AND address_key = $2`,
        [chainId, key],
      );
      return { wallet: wallet(rows[0] as Record<string, unknown>), created };
    });
  }

  async remove(p: { chainId: number; address: Address }): Promise<boolean> {
    const { chainId, key } = walletKey(p.chainId, p.address);
    return this.#c.transaction(
      async (client) =>
        ((
          await client.query(`DELETE FROM ${this.#wallets} WHERE chain_id = $1 AND address_key = $2`, [
            chainId,
            key,
          ])
        ).rowCount ?? 0) > 0,
    );
  }

  async get(p: { chainId: number; address: Address }): Promise<WatchedWallet | null> {
    const { chainId, key } = walletKey(p.chainId, p.address);
    const rows = await this.#c.transaction(
      async (client) =>
        (
          await client.query(`SELECT * FROM ${this.#wallets} WHERE chain_id = $1 AND address_key = $2`, [
            chainId,
            key,
          ])
        ).rows,
    );
    return rows[0] ? wallet(rows[0]) : null;
  }

  async list(): Promise<readonly WatchedWallet[]> {
    const rows = await this.#c.transaction(
      async (client) =>
        (
          await client.query(
            `SELECT * FROM ${this.#wallets} ORDER BY created_at, chain_id, address_key COLLATE "C"`,
          )
        ).rows,
    );
    return rows.map(wallet);
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
    return this.#c.transaction(async (client) => {
      const moved = await client.query(
        `UPDATE ${this.#wallets} SET baseline_block = $1, baseline_hash = $2, baseline_native = $3,
           baseline_tokens = $4, last_check_at = $5, last_error = NULL, last_error_at = NULL, deferred_reason = NULL,
           deferred_head_block = NULL, deferred_baseline_block = NULL, deferred_since = NULL, deferred_at = NULL
         WHERE chain_id = $6 AND address_key = $7 AND baseline_block IS NOT DISTINCT FROM $8::bigint`,
        [b.block, b.blockHash, b.native.toString(), tokens, p.at, chainId, key, p.previousBlock],
      );
      if (moved.rowCount === 0) return false; // another cycle moved it first (or the wallet is gone)
      for (const a of alerts) {
        await client.query(
          `INSERT INTO ${this.#alerts} (id, created_at, chain_id, address, address_key, kind, severity, details,
             tx_hash, block) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
          [
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
          ],
        );
      }
      return true;
    });
  }

  async recordFailure(p: { chainId: number; address: Address; error: string; at: number }): Promise<void> {
    const { chainId, key } = walletKey(p.chainId, p.address);
    await this.#c.transaction((client) =>
      client.query(
        `UPDATE ${this.#wallets} SET last_error = $1, last_error_at = $2 WHERE chain_id = $3 AND address_key = $4`,
        [p.error.slice(0, 500), p.at, chainId, key],
      ),
    );
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
    return this.#c.transaction(
      async (client) =>
        ((
          await client.query(
            `UPDATE ${this.#wallets} SET deferred_reason = $1, deferred_head_block = $2, deferred_baseline_block = $3,
               deferred_since = COALESCE(deferred_since, $4), deferred_at = $5, last_error = NULL, last_error_at = NULL
             WHERE chain_id = $6 AND address_key = $7 AND baseline_block = $8`,
            [d.reason, d.headBlock, d.previousBlock, d.at, d.at, chainId, key, d.previousBlock],
          )
        ).rowCount ?? 0) > 0,
    );
  }

  async listAlerts(parameters: ListAlertsParameters) {
    const { limit, after, since, severity, address } = checkAlertList(parameters);
    const where: string[] = [];
    const values: unknown[] = [];
    const bind = (value: unknown) => {
      values.push(value);
      return `$${values.length}`;
    };
    if (since !== null) where.push(`created_at >= ${bind(since)}`);
    if (severity !== null) where.push(`severity = ${bind(severity)}`);
    if (address !== null) where.push(`address_key = ${bind(address)}`);
    if (after !== null) where.push(`(created_at, id) < (${bind(after.createdAt)}, ${bind(after.id)})`);
    const sql = `SELECT * FROM ${this.#alerts} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY created_at DESC, id DESC LIMIT ${bind(limit + 1)}`;
    const rows = await this.#c.transaction(async (client) => (await client.query(sql, values)).rows);
    const items = rows.slice(0, limit).map(alert);
    const last = items.at(-1);
    return { items, nextCursor: rows.length > limit && last ? encodeExecutionCursor(last) : null };
  }

  async summary(): Promise<WatchSummary> {
    return this.#c.transaction(async (client) => {
      const wallets = (await client.query(`SELECT * FROM ${this.#wallets}`)).rows.map(wallet);
      const bySeverity = Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as Record<AlertSeverity, number>;
      for (const r of (
        await client.query(`SELECT severity, COUNT(*)::int AS n FROM ${this.#alerts} GROUP BY severity`)
      ).rows as { severity: AlertSeverity; n: number }[])
        bySeverity[r.severity] = r.n;
      const byKind = Object.fromEntries(ALERT_KINDS.map((k) => [k, 0])) as Record<AlertKind, number>;
      for (const r of (
        await client.query(`SELECT kind, COUNT(*)::int AS n FROM ${this.#alerts} GROUP BY kind`)
      ).rows as { kind: AlertKind; n: number }[])
        byKind[r.kind] = r.n;
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
