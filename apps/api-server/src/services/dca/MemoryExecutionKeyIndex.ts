import type { ExecutionKeyIndex } from './ExecutionKeyIndex.js';

/**
 * {@link ExecutionKeyIndex} in memory (tests, a server without a database).
 *
 * @example
 * ```ts
 * const index = new MemoryExecutionKeyIndex();
 * await index.insert({ key: 'dca:o:0', executionId: 'e1', at: Date.now() }); // true
 * ```
 */
export class MemoryExecutionKeyIndex implements ExecutionKeyIndex {
  readonly #keys = new Map<string, string>();

  async insert({ key, executionId }: { key: string; executionId: string; at: number }): Promise<boolean> {
    if (this.#keys.has(key)) return false;
    this.#keys.set(key, executionId);
    return true;
  }

  async get(key: string): Promise<string | null> {
    return this.#keys.get(key) ?? null;
  }

  async replace({ key, from, to }: { key: string; from: string; to: string; at: number }): Promise<boolean> {
    if (this.#keys.get(key) !== from) return false;
    this.#keys.set(key, to);
    return true;
  }
}
