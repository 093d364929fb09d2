import type { AddressInfo } from 'node:net';
import type { SwapTokenInput } from '@org/chain-evm';
import type { ConfirmFn } from '@org/governor';
import type { Express } from 'express';
import type { Logger } from 'pino';
import { createApp } from './app.js';
import type { Capability } from './capabilities/Capability.js';
import { need } from './capabilities/need.js';
import { startCapabilities } from './capabilities/startCapabilities.js';
import { capabilityTable } from './capabilities/table.js';
import type { Config } from './config.js';
import { createHttpServer } from './http/createHttpServer.js';
import { shutdownGate } from './http/shutdownGate.js';
import { createLogger } from './http/createLogger.js';
import { lockDataDir } from './lockDataDir.js';
import type { Services } from './services/Services.js';
import { createStoreFactory } from './stores/createStoreFactory.js';

/** A running server. */
export interface RunningServer {
  url: string;
  app: Express;
  services: Services;
  /** The names of the background jobs it runs (every one is stopped by `close`). */
  jobs: readonly string[];
  /** Stops the jobs (last row's first), closes connections, then releases providers and stores. Idempotent. */
  close(): Promise<void>;
}

/**
 * The composition root: loads nothing itself but the store factory, then starts the rows of the capability table
 * in order (`capabilities/table.ts`), listens, and starts their jobs; `close` stops them in reverse.
 *
 * @example
 * ```ts
 * const server = await startServer({ config: loadConfig(process.env) });
 * console.log(server.url);
 * ```
 */
export async function startServer({
  config,
  logger,
  confirmFn,
  swapTokens,
  clock,
  table = capabilityTable,
}: {
  config: Config;
  /**
   * The DCA scheduler's clock (Unix ms; default `Date.now`): creation times, slots, ticks and fill deadlines. Tests
   * that move the chain's time inject theirs and drive ticks with `services.dca.tick()`.
   */
  clock?: () => number;
  logger?: Logger;
  /** Tokens added to a chain's swap list (the devnet's deployed tokens; `pnpm demo` passes them). */
  swapTokens?: ReadonlyMap<number, readonly SwapTokenInput[]>;
  /** Operator approval for fund-moving actions; when given, the governor requires it and calls it. */
  confirmFn?: ConfirmFn;
  /** The capabilities to start (default: all of them). */
  table?: readonly Capability[];
}): Promise<RunningServer> {
  const log = logger ?? createLogger({ level: config.logLevel });
  // One server process per data directory (a lock file; a dead holder's is taken over): DATA_DIR_LOCKED otherwise.
  // With PostgreSQL the per-instance stores still live under DATA_DIR: each instance has its own.
  const dataDirLock = config.storeBackend !== 'memory' ? lockDataDir({ dataDir: config.dataDir }) : null;
  const stores = createStoreFactory({
    backend: config.storeBackend,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    // The error's message, never the URL (it holds the password).
    onPoolError: (error) =>
      log.warn({ err: { message: error.message } }, 'PostgreSQL: an idle connection failed'),
  });
  const closeStores = async () => {
    await stores.close();
    dataDirLock?.release();
  };
  if (stores.kind === 'memory') {
    log.warn(
      { stores: 'memory' },
      'STORE_BACKEND=memory: spend, the kill switch and every record are lost when the server stops.',
    );
  }
  const options = {
    ...(confirmFn ? { confirmFn } : {}),
    ...(swapTokens ? { swapTokens } : {}),
    ...(clock ? { clock } : {}),
  };
  const capabilities = await startCapabilities({ table, config, log, stores, options }).catch(
    async (error: unknown) => {
      await closeStores();
      throw error;
    },
  );
  const { services, shared } = capabilities;
  const app = createApp({ config, services, logger: log, spec: need(shared, 'spec') });
  // Closed first by `close`: what arrives while in-flight work finishes is refused with 503 SHUTTING_DOWN.
  const gate = shutdownGate(app);
  const server = createHttpServer({ app: gate, logger: log }).listen(config.port, config.host);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
  } catch (error) {
    // e.g. EADDRINUSE: release what was opened so a caller that retries does not leak handles.
    await capabilities.release();
    await closeStores();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  if (config.networkExposed) {
    log.warn(
      { host: config.host },
      'API_HOST is not a loopback address: the API (which can move funds) is reachable from the network. Put it behind TLS and a firewall.',
    );
  }
  log.info(
    {
      host: config.host,
      port,
      chains: need(shared, 'providers')
        .configured()
        .map((c) => c.name),
      defaultChain: config.defaultChainId ?? null,
      wallet: shared.address ?? null,
      walletCreate: config.enableWalletCreate,
      corsOrigins: config.corsAllowedOrigins,
      dataDir: config.dataDir,
    },
    'api-server listening',
  );
  capabilities.startJobs();
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}`,
    app,
    services,
    jobs: capabilities.jobs.map((job) => job.name),
    close() {
      gate.close();
      closing ??= capabilities
        .stopJobs()
        .then(
          () =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              server.closeIdleConnections();
            }),
        )
        .then(() => capabilities.release())
        .then(closeStores);
      return closing;
    },
  };
}
