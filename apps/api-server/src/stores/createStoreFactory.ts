import { MemoryStoreFactory } from './MemoryStoreFactory.js';
import { PostgresStoreFactory } from './PostgresStoreFactory.js';
import { SqliteStoreFactory } from './SqliteStoreFactory.js';
import type { StoreFactory } from './StoreFactory.js';

/**
 * The store factory of `STORE_BACKEND`: `sqlite` (default; the database under `DATA_DIR`), `postgres` (chosen by
 * `DATABASE_URL`) or `memory`. A new backend is a new {@link StoreFactory} implementation and one line here.
 *
 * @example
 * ```ts
 * const stores = createStoreFactory({ backend: config.storeBackend, dataDir: config.dataDir });
 * ```
 */
export function createStoreFactory({
  backend,
  dataDir,
  databaseUrl,
  onPoolError,
}: {
  backend: 'sqlite' | 'memory' | 'postgres';
  dataDir: string;
  databaseUrl?: string | undefined;
  /** PostgreSQL: an idle pooled connection failed (logged by the caller, without the URL). */
  onPoolError?: (error: Error) => void;
}): StoreFactory {
  if (backend === 'memory') return new MemoryStoreFactory();
  if (backend === 'postgres') {
    if (!databaseUrl) throw new Error('STORE_BACKEND=postgres needs DATABASE_URL.');
    return new PostgresStoreFactory({ databaseUrl, ...(onPoolError ? { onPoolError } : {}) });
  }
  return new SqliteStoreFactory({ dataDir });
}
