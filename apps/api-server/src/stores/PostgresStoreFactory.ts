import {
  PostgresApprovalScanStore,
  PostgresConfirmationStore,
  PostgresExecutionStore,
  PostgresIdempotencyStore,
  PostgresNonceStore,
  PostgresOutstandingApprovalStore,
  PostgresSharePriceStore,
  PostgresWatchStore,
} from '@org/chain-evm/postgres';
import { PostgresDcaStore } from '@org/dca/postgres';
import { PostgresSpendLedger } from '@org/governor/postgres';
import pg from 'pg';
import { PostgresChainIdentityStore } from '../chain/PostgresChainIdentityStore.js';
import type { Logger } from 'pino';
import { PostgresEventLog } from '../events/PostgresEventLog.js';
import type { SharedEventLog } from '../events/SharedEventLog.js';
import { PostgresJobLease } from '../jobs/PostgresJobLease.js';
import { PostgresExecutionKeyIndex } from '../services/dca/PostgresExecutionKeyIndex.js';
import { PostgresOperatorLimitsStore } from '../services/PostgresOperatorLimitsStore.js';
import { memoize } from './memoize.js';
import type { StoreFactory } from './StoreFactory.js';

/** Parameters of {@link PostgresStoreFactory}. */
export interface PostgresStoreFactoryParameters {
  /** `DATABASE_URL` (a secret: never logged, never put in an error). */
  readonly databaseUrl: string;
  /** Told when an idle pooled connection fails (the server restarts, the network drops); the pool replaces it. */
  readonly onPoolError?: (error: Error) => void;
  /** Connections of this instance's pool. Default 10. */
  readonly maxConnections?: number;
}

/**
 * The stores of `DATABASE_URL`: one node-postgres pool per instance, every store checking out its own connection per
 * transaction. Several instances on one database share the governor's caps and kill switch (reservations decided
 * under a row lock, on the database's clock); the session cap stays per instance (each process has its own session).
 */
export class PostgresStoreFactory implements StoreFactory {
  readonly kind = 'postgres';
  readonly #pool: pg.Pool;
  #chainIdentity: PostgresChainIdentityStore | undefined;
  readonly executions;
  readonly nonces;
  readonly executionKeys;
  readonly confirmations;
  readonly idempotency;
  readonly sharePrices;
  readonly watches;
  readonly approvalScans;
  readonly outstandingApprovals;
  readonly dca;
  readonly spendLedger;
  readonly operatorLimits;
  readonly jobLeases;

  constructor({ databaseUrl, onPoolError, maxConnections = 10 }: PostgresStoreFactoryParameters) {
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: maxConnections,
      connectionTimeoutMillis: 10_000,
      idleTimeoutMillis: 30_000,
    });
    // Without a listener an idle connection's error would crash the process; the pool drops that connection.
    pool.on('error', (error) => onPoolError?.(error));
    // The pool listens only to idle connections: one checked out (a store between two statements of its
    // transaction, the event log's listener) whose server goes away emits 'error' with nobody listening, and that
    // crashed the process. Every connection gets a listener of its own; its next query fails (the store answers
    // with its code, the transaction rolled back by the server) and the pool drops it when it is released.
    pool.on('connect', (client) => {
      client.on('error', (error) => onPoolError?.(error));
    });
    this.#pool = pool;
    this.executions = memoize(() => new PostgresExecutionStore({ pool }));
    this.executionKeys = memoize(() => new PostgresExecutionKeyIndex({ pool }));
    this.confirmations = memoize(() => new PostgresConfirmationStore({ pool }));
    this.idempotency = memoize(() => new PostgresIdempotencyStore({ pool }));
    this.dca = memoize(() => new PostgresDcaStore({ pool }));
    this.spendLedger = memoize(() => new PostgresSpendLedger({ pool, databaseClock: true }));
    this.operatorLimits = memoize(() => new PostgresOperatorLimitsStore({ pool }));
    this.jobLeases = memoize(() => new PostgresJobLease({ pool }));
    this.nonces = memoize(() => new PostgresNonceStore({ pool }));
    this.sharePrices = memoize(() => new PostgresSharePriceStore({ pool }));
    this.watches = memoize(() => new PostgresWatchStore({ pool }));
    this.approvalScans = memoize(() => new PostgresApprovalScanStore({ pool }));
    this.outstandingApprovals = memoize(() => new PostgresOutstandingApprovalStore({ pool }));
  }

  /** The instance's pool (the event log and job leases use it as well). */
  get pool(): pg.Pool {
    return this.#pool;
  }

  /** The genesis hash of each chain, in the PostgreSQL every instance shares (checked at every instance's start). */
  chainIdentity(): PostgresChainIdentityStore {
    this.#chainIdentity ??= new PostgresChainIdentityStore({ pool: this.#pool });
    return this.#chainIdentity;
  }

  sharedEvents(log: Logger): SharedEventLog {
    return new PostgresEventLog({ pool: this.#pool, log });
  }

  async ping(): Promise<boolean> {
    try {
      const { rows } = await this.#pool.query('SELECT 1 AS one');
      return rows[0]?.one === 1;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await this.#pool.end();
  }
}
