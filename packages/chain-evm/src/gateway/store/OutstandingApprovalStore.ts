import type { Address } from '../../chains/chains.js';

/** Where an approval the gateway granted stands: still to be reset, or back at zero on chain. */
export type OutstandingApprovalStatus = 'outstanding' | 'reset';

/**
 * An approval the gateway granted for one action (a bridge, a deposit): it lives until its action is settled,
 * denied, expired or refused, then the reconciler resets it to zero (`reconcileOutstandingApprovals`).
 */
export interface OutstandingApproval {
  /** The approval's own execution id (one row per approval sent). */
  readonly id: string;
  /** The chain the approval lives on. */
  readonly chainId: number;
  /** The wallet that granted it. */
  readonly owner: Address;
  /** The ERC-20 approved. */
  readonly token: Address;
  /** Who may spend it (the bridge's spender, the vault). */
  readonly spender: Address;
  /** Base units approved. */
  readonly amount: bigint;
  /** The execution of the action it serves; `null` until that execution exists (or when it never came to be). */
  readonly actionExecutionId: string | null;
  /** `outstanding` until the allowance has read 0 on chain after its action ended; then `reset`. */
  readonly status: OutstandingApprovalStatus;
  /** Resets sent (or refused) so far. */
  readonly attempts: number;
  /** The last reset's execution id. */
  readonly resetExecutionId: string | null;
  /** Why the last attempt did not bring it to zero (a refusal code and reason, a node error). */
  readonly lastError: string | null;
  /** When the approval was recorded (Unix ms). */
  readonly createdAt: number;
  /** The last write (Unix ms). */
  readonly updatedAt: number;
  /** Compare-and-set version: every update names the version it read. */
  readonly version: number;
}

/** What {@link OutstandingApprovalStore.insert} takes: a new row is `outstanding`, version 0, no attempts. */
export type NewOutstandingApproval = Pick<
  OutstandingApproval,
  'id' | 'chainId' | 'owner' | 'token' | 'spender' | 'amount' | 'actionExecutionId' | 'createdAt'
>;

/** The fields an update may change; `at` is the update's time. */
export interface OutstandingApprovalPatch {
  /** The action's execution, once it exists. */
  readonly actionExecutionId?: string | null;
  /** `reset` once the allowance reads 0. */
  readonly status?: OutstandingApprovalStatus;
  /** Resets claimed so far. */
  readonly attempts?: number;
  /** The last reset's execution. */
  readonly resetExecutionId?: string | null;
  /** Why the last attempt did not close it (`null` to clear). */
  readonly lastError?: string | null;
  /** The update's time (Unix ms). */
  readonly at: number;
}

/**
 * The gateway's outstanding approvals (`MemoryOutstandingApprovalStore`, `SqliteOutstandingApprovalStore`; one
 * contract suite). No store assumes it is the only writer: every update is a compare-and-set on the version read.
 */
export interface OutstandingApprovalStore {
  /** Adds a row; `EXECUTION_EXISTS` when the id is taken; `STORE_INPUT_INVALID` on a malformed row. */
  insert(row: NewOutstandingApproval): Promise<OutstandingApproval>;
  /** The row of an approval execution id; `null` when there is none. */
  get(id: string): Promise<OutstandingApproval | null>;
  /** Rows still `outstanding`, oldest first, at most `limit` (1..1,000). */
  listOutstanding(limit: number): Promise<OutstandingApproval[]>;
  /** Applies `patch` if the row is still at `expectedVersion` (then version + 1); `null` when it is not (or absent). */
  update(
    id: string,
    expectedVersion: number,
    patch: OutstandingApprovalPatch,
  ): Promise<OutstandingApproval | null>;
  /** Whether the gateway ever granted `owner`'s approval on `token` on this chain (any spender, any status). */
  approvedThrough(chainId: number, owner: Address, token: Address): Promise<boolean>;
}
