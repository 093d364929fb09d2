import type { ExecutionRecord, ExecutionStore } from '@org/chain-evm';
import type { ExecutionKeyIndex } from './ExecutionKeyIndex.js';

/** Parameters of {@link indexExecutionKeys}. */
export interface IndexExecutionKeysParameters {
  /** The gateway's execution store. */
  readonly store: ExecutionStore;
  readonly index: ExecutionKeyIndex;
  /** Which idempotency keys are indexed (and may start one execution only). */
  readonly indexed: (key: string) => boolean;
  readonly clock?: () => number;
}

/** The error an insert under a key already in use rejects with: nothing was inserted. */
export class ExecutionKeyTakenError extends Error {
  override name = 'ExecutionKeyTakenError';
  readonly code = 'EXECUTION_KEY_TAKEN';
  readonly executionId: string;
  constructor(key: string, executionId: string) {
    super(`The idempotency key ${key} already started execution ${executionId}.`);
    this.executionId = executionId;
  }
}

/**
 * The gateway's execution store, with every record whose idempotency key is `indexed` entered in `index` BEFORE
 * the record itself is inserted (the gateway inserts a record before it checks, signs or sends anything). A key
 * that already names a stored record refuses the insert (`EXECUTION_KEY_TAKEN`), so the gateway's `execute` rejects
 * before doing anything: one key, one execution, whoever calls. A key whose record never got stored (a crash
 * between the two writes) is taken over by compare-and-set. Everything else is the store's own (the wrapper
 * forwards every other method untouched), so the store's interface may grow without this file changing.
 *
 * @example
 * ```ts
 * const store = indexExecutionKeys({ store: new SqliteExecutionStore({ database }), index, indexed: (k) => k.startsWith('dca:') });
 * const gateway = new ExecutionGateway({ ...rest, store });
 * ```
 */
export function indexExecutionKeys({
  store,
  index,
  indexed,
  clock = Date.now,
}: IndexExecutionKeysParameters): ExecutionStore {
  /** Keys being inserted by this process: a concurrent insert of the same key waits for nothing, it is refused. */
  const inserting = new Set<string>();
  const insert = async (record: ExecutionRecord): Promise<void> => {
    const key = record.idempotencyKey;
    if (key === null || !indexed(key)) return store.insert(record);
    if (inserting.has(key)) throw new ExecutionKeyTakenError(key, 'in progress');
    inserting.add(key);
    try {
      if (!(await index.insert({ key, executionId: record.id, at: clock() }))) {
        const existing = await index.get(key);
        if (existing !== null && existing !== record.id) {
          if ((await store.get(existing)) !== null) throw new ExecutionKeyTakenError(key, existing);
          // Entered, but its record was never stored: nothing ran under the key. Take it over (compare-and-set).
          const taken = await index.replace({ key, from: existing, to: record.id, at: clock() });
          if (!taken) throw new ExecutionKeyTakenError(key, (await index.get(key)) ?? 'unknown');
        }
      }
      await store.insert(record);
    } finally {
      inserting.delete(key);
    }
  };
  return new Proxy(store, {
    get(target, property) {
      if (property === 'insert') return insert;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
