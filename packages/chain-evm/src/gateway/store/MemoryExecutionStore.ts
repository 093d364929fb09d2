import { StoreError } from '../../errors/StoreError.js';
import type {
  AddTransactionParameters,
  ExecutionPage,
  ExecutionRecord,
  ExecutionStore,
  ListExecutionsParameters,
  UpdateExecutionParameters,
} from '../types.js';
import { applyExecutionPatch } from './applyExecutionPatch.js';
import { assertCanSign } from './assertCanSign.js';
import { checkBroadcastTransaction } from './checkBroadcastTransaction.js';
import { checkExecutionRecord } from './checkExecutionRecord.js';
import { checkExpectedState, isInExpectedState } from './checkExpectedState.js';
import { checkListParameters } from './checkListParameters.js';
import { type ExecutionCursorPosition, encodeExecutionCursor } from './executionCursor.js';
import { nonNegativeInteger, text, UNSETTLED_STATUSES } from './storeInput.js';

/** Newest first: `createdAt` descending, then `id` descending (code-unit order, like SQLite's BINARY). */
function newestFirst(a: ExecutionCursorPosition, b: ExecutionCursorPosition): number {
  if (a.createdAt !== b.createdAt) return b.createdAt - a.createdAt;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/**
 * {@link ExecutionStore} in process memory, for tests and single-process tools (lost on exit). It validates and
 * orders exactly like the SQLite store, and hands out copies: mutating a returned record changes nothing stored.
 *
 * @example
 * ```ts
 * import { MemoryExecutionStore } from '@org/chain-evm';
 *
 * const store = new MemoryExecutionStore();
 * const page = await store.list({ limit: 20 });
 * ```
 */
export class MemoryExecutionStore implements ExecutionStore {
  readonly #records = new Map<string, ExecutionRecord>();

  async insert(record: ExecutionRecord): Promise<void> {
    const checked = checkExecutionRecord(record);
    if (this.#records.has(checked.id)) {
      throw new StoreError('EXECUTION_EXISTS', `Execution ${checked.id} already exists.`);
    }
    this.#records.set(checked.id, checked);
  }

  async update({ id, expected, patch, at }: UpdateExecutionParameters): Promise<ExecutionRecord | null> {
    const record = this.#existing(id);
    const state = checkExpectedState(expected);
    const next = applyExecutionPatch({ record, patch, at });
    if (!isInExpectedState(record, state)) return null;
    this.#records.set(next.id, next);
    return structuredClone(next);
  }

  async addTransaction({
    id,
    expected,
    transaction,
    at,
  }: AddTransactionParameters): Promise<ExecutionRecord | null> {
    const record = this.#existing(id);
    const state = checkExpectedState(expected);
    const checked = checkBroadcastTransaction(transaction);
    const updatedAt = nonNegativeInteger(at, 'update time');
    if (!isInExpectedState(record, state)) return null;
    assertCanSign(record, checked);
    const next: ExecutionRecord = {
      ...record,
      transactions: [...record.transactions, checked],
      nonce: checked.nonce,
      status: 'signed',
      updatedAt,
      version: record.version + 1,
    };
    this.#records.set(id, next);
    return structuredClone(next);
  }

  async get(id: string): Promise<ExecutionRecord | null> {
    const record = this.#records.get(text(id, 'execution id'));
    return record === undefined ? null : structuredClone(record);
  }

  async list(parameters: ListExecutionsParameters): Promise<ExecutionPage> {
    const { limit, status, after } = checkListParameters(parameters);
    const matching = [...this.#records.values()]
      .filter(
        (r) => (status === null || r.status === status) && (after === null || newestFirst(after, r) < 0),
      )
      .sort(newestFirst);
    const items = matching.slice(0, limit).map((r) => structuredClone(r));
    const last = items[items.length - 1];
    return { items, nextCursor: matching.length > limit && last ? encodeExecutionCursor(last) : null };
  }

  async listUnsettled(): Promise<readonly ExecutionRecord[]> {
    return [...this.#records.values()]
      .filter((r) => UNSETTLED_STATUSES.includes(r.status))
      .sort((a, b) => newestFirst(b, a))
      .map((r) => structuredClone(r));
  }

  #existing(id: string): ExecutionRecord {
    const record = this.#records.get(text(id, 'execution id'));
    if (record === undefined) throw new StoreError('EXECUTION_NOT_FOUND', `Execution ${id} not found.`);
    return record;
  }
}
