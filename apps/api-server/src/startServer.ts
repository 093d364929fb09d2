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
import { settleWithin } from './settleWithin.js';
import type { Services } from './services/Services.js';
import { createStoreFactory } from './stores/createStoreFactory.js';

/** A running server. */
export interface RunningServer {
  url: string;
  app: Express;
  services: Services;
  /** The names of the background jobs it runs (every one is stopped by `close`). */
  jobs: readonly string[];
  /**
   * Stops accepting (503 `SHUTTING_DOWN`), stops the jobs (last row's first) and waits for requests in flight, at
   * most `SHUTDOWN_DRAIN_MS`; then releases providers and stores (past the bound: the stores first). Idempotent.
   */
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
  const drainMs = config.shutdownDrainMs;
  const shutDown = async () => {
    log.info(
      { drainMs, requestsInFlight: gate.inFlight() },
      'shutting down: new requests get 503 SHUTTING_DOWN; what is in flight has SHUTDOWN_DRAIN_MS to finish',
    );
    // No new connections; kept-alive ones that are idle go now, the others after their answer (the gate says close).
    const listenerClosed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    if (await settleWithin(Promise.all([capabilities.stopJobs(), listenerClosed]), drainMs)) {
      await capabilities.release();
      await closeStores();
      return;
    }
    // The bound came first: what still runs is stopped where it is. The stores close FIRST, so that nothing still
    // running can record or release anything from here on (a broadcast whose answer is lost must keep its
    // reservation): an execution already signed stays `signed`/`pending` and the next start settles it from the
    // chain; one not yet signed stays `preparing` and the next start marks it `INTERRUPTED`.
    log.warn(
      { drainMs, requestsInFlight: gate.inFlight() },
      'SHUTDOWN_DRAIN_MS reached: stopping what is still in flight; recorded executions are settled at the next start',
    );
    server.closeAllConnections();
    await closeStores();
    await capabilities.release();
  };
  return {
    url: `http://${host}:${port}`,
    app,
    services,
    jobs: capabilities.jobs.map((job) => job.name),
    close() {
      gate.close();
      closing ??= shutDown();
      return closing;
    },
  };
}
