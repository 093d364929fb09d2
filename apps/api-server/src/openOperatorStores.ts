import { pino } from 'pino';
import type { Config } from './config/Config.js';
import { createStoreFactory } from './stores/createStoreFactory.js';
import type { StoreFactory } from './stores/StoreFactory.js';

/** What {@link openOperatorStores} opened for one CLI command. */
export interface OperatorStores {
  readonly stores: StoreFactory;
  /** Announces a kill-switch change on the servers' shared stream (PostgreSQL); nothing on SQLite. */
  announceKillSwitch(engaged: boolean): Promise<void>;
  /** Closes the stores (and the pool). */
  close(): Promise<void>;
}

/**
 * The operator CLI's stores: the server's own backend, chosen the same way (`DATABASE_URL` → PostgreSQL, else the
 * SQLite database under the data directory). On PostgreSQL the servers share one event stream: the CLI appends a
 * kill-switch change to it itself (`by: 'cli'`), one event however many instances run, and they only refresh
 * their state. On SQLite the one server announces the change its sync finds (`by: 'elsewhere'`).
 *
 * @example
 * ```ts
 * const { stores, announceKillSwitch, close } = openOperatorStores(config);
 * ```
 */
export function openOperatorStores(
  config: Pick<Config, 'dataDir' | 'storeBackend' | 'databaseUrl'>,
): OperatorStores {
  if (config.storeBackend === 'memory') {
    throw new Error(
      'STORE_BACKEND=memory keeps nothing the CLI could act on: use SQLite (DATA_DIR) or DATABASE_URL',
    );
  }
  const stores = createStoreFactory({
    backend: config.storeBackend,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
  });
  return {
    stores,
    announceKillSwitch: async (engaged) => {
      const log = stores.sharedEvents(pino({ level: 'silent' }));
      if (log === undefined) return;
      const hub = await log.open({ retain: 1 });
      hub.publish('governor.kill-switch', { engaged, by: 'cli' });
      // Closing waits for the append to be written.
      await log.close();
    },
    close: async () => {
      await stores.close();
    },
  };
}
