import type {
  ApprovalScanStore,
  ConfirmationStore,
  ExecutionStore,
  IdempotencyStore,
  NonceStore,
  OutstandingApprovalStore,
  SharePriceStore,
  WatchStore,
} from '@org/chain-evm';
import type { DcaStore } from '@org/dca';
import type { SpendLedger } from '@org/governor';
import type { ChainIdentityStore } from '../chain/ChainIdentityStore.js';
import type { ExecutionKeyIndex } from '../services/dca/ExecutionKeyIndex.js';
import type { Logger } from 'pino';
import type { SharedEventLog } from '../events/SharedEventLog.js';
import type { JobLease } from '../jobs/JobLease.js';
import type { OperatorLimitsStore } from '../services/OperatorLimitsStore.js';

/**
 * The one place a capability gets its stores from. Each method returns the same instance on every call (one store
 * per kind per server). A backend (memory, SQLite, PostgreSQL) is one implementation of this interface, chosen
 * once by `createStoreFactory` from `STORE_BACKEND`; no capability knows which one it got.
 */
export interface StoreFactory {
  /** The backend, for logs. */
  readonly kind: 'memory' | 'sqlite' | 'postgres';
  /** Execution records of the gateway. */
  executions(): ExecutionStore;
  /** `dca:<order>:<slot>` → execution id, entered before the record. */
  executionKeys(): ExecutionKeyIndex;
  /** Held actions waiting for an operator. */
  confirmations(): ConfirmationStore;
  /** Idempotency keys of fund-moving requests. */
  idempotency(): IdempotencyStore;
  /** Vault share-price samples. */
  sharePrices(): SharePriceStore;
  /** Watched wallets and their last readings. */
  watches(): WatchStore;
  /** Approval-scan progress per owner and chain. */
  approvalScans(): ApprovalScanStore;
  /** Approvals the gateway granted for a bridge or a deposit, until reset to zero (G3). */
  outstandingApprovals(): OutstandingApprovalStore;
  /** DCA orders, fills and leases. */
  dca(): DcaStore;
  /** The governor's spend ledger, reservations and kill switch. */
  spendLedger(): SpendLedger;
  /** Caps an operator set over HTTP or from the CLI. */
  operatorLimits(): OperatorLimitsStore;
  /**
   * The durable nonce rows and signed-transaction outbox every instance on the backend shares; `null` when the
   * backend is one process's (memory, SQLite: the gateway keeps its per-process nonce manager).
   */
  nonces(): NonceStore | null;
  /**
   * Where `checkChainIdentity` keeps each chain's genesis hash and reads the data's block positions from (at start:
   * data made on another instance of a chain is refused); `null` when nothing persists.
   */
  chainIdentity(): ChainIdentityStore | null;
  /** Leases of the jobs that run on one instance at a time (always granted on a backend one process owns). */
  jobLeases(): JobLease;
  /**
   * The event stream the instances on this backend share (`GET /events` on any of them carries every instance's
   * events); undefined when the backend is one process's (the hub stays in memory).
   */
  sharedEvents(log: Logger): SharedEventLog | undefined;
  /** `/health`: the backend answers a read. */
  ping(): boolean | Promise<boolean>;
  /** Releases the backend (after every job has stopped). */
  close(): void | Promise<void>;
}
