import type { Address } from '../../chains/chains.js';
import { StoreError } from '../../errors/StoreError.js';
import { checkNewOutstandingApproval, checkOutstandingApprovalPatch } from './checkOutstandingApproval.js';
import type {
  NewOutstandingApproval,
  OutstandingApproval,
  OutstandingApprovalPatch,
  OutstandingApprovalStore,
} from './OutstandingApprovalStore.js';
import { nonNegativeInteger, text } from './storeInput.js';

/**
 * {@link OutstandingApprovalStore} in process memory (tests, single-process tools; lost on exit). Each method
 * reads and writes without an `await` in between: a compare-and-set is atomic.
 *
 * @example
 * ```ts
 * const approvals = new MemoryOutstandingApprovalStore();
 * await approvals.insert({ id: approval.id, chainId: 1, owner, token, spender, amount, actionExecutionId: null, createdAt: Date.now() });
 * ```
 */
export class MemoryOutstandingApprovalStore implements OutstandingApprovalStore {
  readonly #rows = new Map<string, OutstandingApproval>();

  /** {@inheritDoc OutstandingApprovalStore.insert} */
  async insert(input: NewOutstandingApproval): Promise<OutstandingApproval> {
    const row = checkNewOutstandingApproval(input);
    if (this.#rows.has(row.id)) {
      throw new StoreError('EXECUTION_EXISTS', 'An outstanding approval with this id exists.', {
        details: row.id,
      });
    }
    const stored: OutstandingApproval = {
      ...row,
      status: 'outstanding',
      attempts: 0,
      resetExecutionId: null,
      lastError: null,
      updatedAt: row.createdAt,
      version: 0,
    };
    this.#rows.set(row.id, stored);
    return stored;
  }

  /** {@inheritDoc OutstandingApprovalStore.get} */
  async get(id: string): Promise<OutstandingApproval | null> {
    return this.#rows.get(text(id, 'approval execution id')) ?? null;
  }

  /** {@inheritDoc OutstandingApprovalStore.listOutstanding} */
  async listOutstanding(limit: number): Promise<OutstandingApproval[]> {
    const n = checkLimit(limit);
    return [...this.#rows.values()]
      .filter((r) => r.status === 'outstanding')
      .sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1))
      .slice(0, n);
  }

  /** {@inheritDoc OutstandingApprovalStore.update} */
  async update(
    id: string,
    expectedVersion: number,
    patch: OutstandingApprovalPatch,
  ): Promise<OutstandingApproval | null> {
    const key = text(id, 'approval execution id');
    const version = nonNegativeInteger(expectedVersion, 'expected version');
    const { at, ...changes } = checkOutstandingApprovalPatch(patch);
    const row = this.#rows.get(key);
    if (row === undefined || row.version !== version) return null;
    const next: OutstandingApproval = { ...row, ...changes, updatedAt: at, version: version + 1 };
    this.#rows.set(key, next);
    return next;
  }

  /** {@inheritDoc OutstandingApprovalStore.approvedThrough} */
  async approvedThrough(chainId: number, owner: Address, token: Address): Promise<boolean> {
    const [o, t] = [owner.toLowerCase(), token.toLowerCase()];
    for (const r of this.#rows.values()) {
      if (r.chainId === chainId && r.owner.toLowerCase() === o && r.token.toLowerCase() === t) return true;
    }
    return false;
  }
}

/** A list limit: an integer from 1 to 1,000. */
export function checkLimit(limit: number): number {
  if (!Number.isInteger(limit) || limit < 1 || limit > 1_000) {
    throw new StoreError('STORE_INPUT_INVALID', 'Invalid limit.', { details: 'expected an integer 1..1000' });
  }
  return limit;
}
