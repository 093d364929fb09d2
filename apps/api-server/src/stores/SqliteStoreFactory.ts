import {
  SqliteApprovalScanStore,
  SqliteConfirmationStore,
  SqliteExecutionStore,
  SqliteIdempotencyStore,
  SqliteOutstandingApprovalStore,
  SqliteSharePriceStore,
  SqliteWatchStore,
} from '@org/chain-evm/sqlite';
import { SqliteDcaStore } from '@org/dca/sqlite';
import { SqliteSpendLedger } from '@org/governor/sqlite';
import type Database from 'better-sqlite3';
import { SqliteChainIdentityStore } from '../chain/SqliteChainIdentityStore.js';
import { openDatabase } from '../openDatabase.js';
import { SqliteExecutionKeyIndex } from '../services/dca/SqliteExecutionKeyIndex.js';
import { SqliteOperatorLimitsStore } from '../services/OperatorLimitsStore.js';
import { LocalJobLease } from '../jobs/LocalJobLease.js';
import { memoize } from './memoize.js';
import { probeSqliteWrite } from './probeSqliteWrite.js';
import type { StoreFactory } from './StoreFactory.js';

/**
 * Every store on the app's one SQLite database under `DATA_DIR` (WAL, `synchronous=FULL`): what survives restarts
 * and is shared with the operator CLI on the same file. Each package's store owns its tables and migrations.
 */
export class SqliteStoreFactory implements StoreFactory {
  readonly kind = 'sqlite';
  readonly #database: Database.Database;
  readonly executions;
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
  readonly jobLeases = memoize(() => new LocalJobLease());
  readonly #dataDir: string;
  #chainIdentity: SqliteChainIdentityStore | undefined;
  /** One process signs: the gateway's per-process nonce manager, as before. */
  nonces(): null {
    return null;
  }

  constructor({ dataDir }: { dataDir: string }) {
    const database = openDatabase({ dataDir });
    this.#database = database;
    this.#dataDir = dataDir;
    this.executions = memoize(() => new SqliteExecutionStore({ database }));
    this.executionKeys = memoize(() => new SqliteExecutionKeyIndex({ database }));
    this.confirmations = memoize(() => new SqliteConfirmationStore({ database }));
    this.idempotency = memoize(() => new SqliteIdempotencyStore({ database }));
    this.sharePrices = memoize(() => new SqliteSharePriceStore({ database }));
    this.watches = memoize(() => new SqliteWatchStore({ database }));
    this.approvalScans = memoize(() => new SqliteApprovalScanStore({ database }));
    this.outstandingApprovals = memoize(() => new SqliteOutstandingApprovalStore({ database }));
    this.dca = memoize(() => new SqliteDcaStore({ database }));
    this.spendLedger = memoize(() => new SqliteSpendLedger({ database }));
    this.operatorLimits = memoize(() => new SqliteOperatorLimitsStore({ database }));
  }

  chainIdentity(): SqliteChainIdentityStore {
    this.#chainIdentity ??= new SqliteChainIdentityStore({
      database: this.#database,
      dataDir: this.#dataDir,
    });
    return this.#chainIdentity;
  }

  sharedEvents(): undefined {
    return undefined;
  }

  /** The database reads and records: a full disk or a read-only file is down (nothing could record spend). */
  ping(): boolean {
    return probeSqliteWrite(this.#database);
  }

  close(): void {
    this.#database.close();
  }
}
