import type { Config } from '../config/Config.js';

/**
 * How old an unsigned (`preparing`) execution must be before the reconciler interrupts it: with PostgreSQL several
 * instances may share the store, and one instance's reconciler must not interrupt what another instance is still
 * preparing (`PREPARING_STALE_MS`); with SQLite or memory one process owns the store, so at once (0).
 *
 * @example
 * ```ts
 * preparingInterruptDelay({ storeBackend: 'postgres', gateway: { preparingStaleMs: 300_000 } }); // 300000
 * ```
 */
export function preparingInterruptDelay(
  config: Pick<Config, 'storeBackend'> & { gateway: Pick<Config['gateway'], 'preparingStaleMs'> },
): number {
  return config.storeBackend === 'postgres' ? config.gateway.preparingStaleMs : 0;
}
