import {
  MemoryOutstandingApprovalStore,
  MemoryApprovalScanStore,
  MemoryConfirmationStore,
  MemoryExecutionStore,
  MemoryIdempotencyStore,
  MemorySharePriceStore,
  MemoryWatchStore,
} from '@org/chain-evm';
import { MemoryDcaStore } from '@org/dca';
import { MemorySpendLedger } from '@org/governor';
import { MemoryExecutionKeyIndex } from '../services/dca/MemoryExecutionKeyIndex.js';
import { MemoryOperatorLimitsStore } from '../services/OperatorLimitsStore.js';
import { LocalJobLease } from '../jobs/LocalJobLease.js';
import { memoize } from './memoize.js';
import type { StoreFactory } from './StoreFactory.js';

/**
 * Every store in this process's memory: nothing survives a restart (spend, the kill switch and records included)
 * and the operator CLI cannot reach them. For tests and throw-away runs; the server warns at startup.
 */
export class MemoryStoreFactory implements StoreFactory {
  readonly kind = 'memory';
  readonly executions = memoize(() => new MemoryExecutionStore());
  readonly executionKeys = memoize(() => new MemoryExecutionKeyIndex());
  readonly confirmations = memoize(() => new MemoryConfirmationStore());
  readonly idempotency = memoize(() => new MemoryIdempotencyStore());
  readonly sharePrices = memoize(() => new MemorySharePriceStore());
  readonly watches = memoize(() => new MemoryWatchStore());
  readonly approvalScans = memoize(() => new MemoryApprovalScanStore());
  readonly outstandingApprovals = memoize(() => new MemoryOutstandingApprovalStore());
  readonly dca = memoize(() => new MemoryDcaStore());
  readonly jobLeases = memoize(() => new LocalJobLease());
  /** One process signs: the gateway's per-process nonce manager, as before. */
  nonces(): null {
    return null;
  }
  readonly spendLedger = memoize(() => new MemorySpendLedger());
  readonly operatorLimits = memoize(() => new MemoryOperatorLimitsStore());
  #open = true;

  chainIdentity(): null {
    return null;
  }

  sharedEvents(): undefined {
    return undefined;
  }

  ping(): boolean {
    return this.#open;
  }

  close(): void {
    this.#open = false;
  }
}
