import { MemoryStoreFactory } from './MemoryStoreFactory.js';
import { SqliteStoreFactory } from './SqliteStoreFactory.js';
import type { StoreFactory } from './StoreFactory.js';

/**
 * The store factory of `STORE_BACKEND`: `sqlite` (default; the database under `DATA_DIR`) or `memory`. A new backend
 * is a new {@link StoreFactory} implementation and one line here.
 *
 * @example
 * ```ts
 * const stores = createStoreFactory({ backend: config.storeBackend, dataDir: config.dataDir });
 * ```
 */
export function createStoreFactory({
  backend,
  dataDir,
}: {
  backend: 'sqlite' | 'memory';
  dataDir: string;
}): StoreFactory {
  return backend === 'memory' ? new MemoryStoreFactory() : new SqliteStoreFactory({ dataDir });
}
