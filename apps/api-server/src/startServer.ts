import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import {
  getSwapTokenList,
  createGatewaySteps,
  createMemoryNonceManager,
  ExecutionGateway,
  loadKeystore,
  type SwapTokenInput,
  walletFromPrivateKey,
} from '@org/chain-evm';
import {
  SqliteApprovalScanStore,
  SqliteConfirmationStore,
  SqliteExecutionStore,
  SqliteIdempotencyStore,
  SqliteSharePriceStore,
  SqliteWatchStore,
} from '@org/chain-evm/sqlite';
import type { ConfirmFn } from '@org/governor';
import type { Express } from 'express';
import type { Logger } from 'pino';
import { createApp } from './app.js';
import { type Config, ConfigError } from './config.js';
import { createHttpServer } from './http/createHttpServer.js';
import { createLogger } from './http/createLogger.js';
import { loadSpec } from './loadSpec.js';
import { openDatabase } from './openDatabase.js';
import { ChainProviders } from './services/ChainProviders.js';
import { EventHub } from './events/EventHub.js';
import { ConfirmationsService } from './services/ConfirmationsService.js';
import { ExecutionsService } from './services/ExecutionsService.js';
import { GovernorService } from './services/GovernorService.js';
import { HealthService } from './services/HealthService.js';
import { SecurityService } from './services/SecurityService.js';
import { describeSwapResult, SwapService } from './services/SwapService.js';
import type { Services } from './services/Services.js';
import { WalletService } from './services/WalletService.js';
import { WatcherService } from './services/WatcherService.js';
import { ApprovalService } from './services/ApprovalService.js';
import { GasService } from './services/GasService.js';
import { PortfolioService } from './services/PortfolioService.js';
import { YieldPortfolioService } from './services/YieldPortfolioService.js';
import { YieldService } from './services/YieldService.js';
import { YieldVaultSampler } from './services/YieldVaultSampler.js';
import { TokenVerdicts } from './yield/TokenVerdicts.js';
import { packageVersion } from './version.js';

/** A running server. */
export interface RunningServer {
  url: string;
  app: Express;
  services: Services;
  /** Stops accepting connections, closes idle ones and releases providers. Idempotent. */
  close(): Promise<void>;
}

/**
 * The composition root: builds the services from a validated {@link Config}, creates the app and listens.
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
}: {
  config: Config;
  logger?: Logger;
  /** Tokens added to a chain's swap list (the devnet's deployed tokens; `pnpm demo` passes them). */
  swapTokens?: ReadonlyMap<number, readonly SwapTokenInput[]>;
  /** Operator approval for fund-moving actions; when given, the governor requires it and calls it. */
  confirmFn?: ConfirmFn;
}): Promise<RunningServer> {
  const log = logger ?? createLogger({ level: config.logLevel });
  const wallet = await resolveWallet(config);
  const address = wallet?.address;
  const database = openDatabase({ dataDir: config.dataDir });
  const providers = new ChainProviders({
    rpcUrls: config.rpcUrls,
    timeoutMs: config.rpcTimeoutMs,
    registry: config.chains,
    defaultChainId: config.defaultChainId,
  });
  const executionStore = new SqliteExecutionStore({ database });
  const confirmationStore = new SqliteConfirmationStore({ database });
  const sharePrices = new SqliteSharePriceStore({ database });
  const version = packageVersion();
  const security = new SecurityService({ config, providers });
  const hub = new EventHub({ retain: 1_000 });
  const governorService = new GovernorService({
    config,
    database,
    logger: log,
    ...(confirmFn ? { confirmFn } : {}),
    onLimits: (limits) => hub.publish('governor.limits', limits),
  });
  // The live stream: the governor's kill-switch changes and refusals (the gateway's events below).
  let killSwitch: boolean | undefined;
  governorService.governor.subscribe((event) => {
    if (event.type === 'kill-switch') {
      killSwitch = event.engaged;
      hub.publish('governor.kill-switch', { engaged: event.engaged, by: 'api' });
    } else if (event.type === 'decision' && !event.decision.allowed) {
      const { action, code, reason, value } = event.decision;
      hub.publish('governor.blocked', { action, code, reason, value });
    }
  });
  // Caps an operator set earlier (HTTP or CLI) apply before the first request.
  await governorService.syncLimits();
  const audit = log.child({ component: 'gateway' });
  // The one signer. The key goes into the gateway and nowhere else.
  const gateway = wallet
    ? new ExecutionGateway({
        privateKey: wallet.privateKey,
        chains: config.chains,
        provider: async (chainId) => (await providers.get(String(chainId))).provider,
        governor: governorService.governor,
        tokenSafety: { getReport: ({ chain, address: token }) => security.evmReport(chain, token) },
        store: executionStore,
        confirmations: confirmationStore,
        describeResult: describeSwapResult(config.chains),
        nonces: createMemoryNonceManager({
          provider: async (chainId) => (await providers.get(String(chainId))).provider,
          timeoutMs: config.rpcTimeoutMs,
        }),
        steps: createGatewaySteps({
          minLiquidityWei: config.gateway.minLiquidityWei,
          maxTwapDeviationBps: config.gateway.maxTwapDeviationBps,
          timeoutMs: config.rpcTimeoutMs,
        }),
        settings: {
          receiptTimeoutMs: config.gateway.receiptTimeoutMs,
          replaceAfterMs: config.gateway.replaceAfterMs,
          feeCeilingWei: config.gateway.feeCeilingWei,
          maxPendingPerSender: config.gateway.maxPendingPerSender,
          senderWindowWaitMs: config.gateway.senderWindowWaitMs,
          rpcTimeoutMs: config.rpcTimeoutMs,
          confirmMode: config.confirm.mode,
          confirmTtlMs: config.confirm.ttlMs,
        },
        onEvent: (event) => {
          audit.info({ event: JSON.parse(JSON.stringify(event, bigintAsString)) }, `gateway ${event.type}`);
          hub.publish(
            event.type === 'confirmation' ? 'confirmation.decided' : `execution.${event.type}`,
            event,
          );
        },
      })
    : undefined;
  const reconcile = async () => {
    await gateway?.reconcile();
  };
  const services: Services = {
    version,
    health: new HealthService({ version, database, providers }),
    executions: new ExecutionsService({
      store: executionStore,
      registry: config.chains,
      reconcile,
      ...(gateway ? { cancel: (p: { id: string; by: string }) => gateway.cancel(p) } : {}),
    }),
    wallet: new WalletService({ providers, address, enableCreate: config.enableWalletCreate }),
    security,
    swap: new SwapService({
      providers,
      security,
      extraTokens: swapTokens ?? new Map(),
      maxSlippageBps: config.maxSlippageBps,
      gateway,
      idempotency: new SqliteIdempotencyStore({ database }),
      registry: config.chains,
      minLiquidityWei: config.gateway.minLiquidityWei,
      maxTwapDeviationBps: config.gateway.maxTwapDeviationBps,
      holdSeconds: config.confirm.mode.kind === 'off' ? 0 : Math.ceil(config.confirm.ttlMs / 1000),
    }),
    governor: governorService,
    confirmations: new ConfirmationsService({ gateway, store: confirmationStore, registry: config.chains }),
    events: { hub, heartbeatMs: config.eventsHeartbeatMs },
    watcher: new WatcherService({
      store: new SqliteWatchStore({ database }),
      providers,
      registry: config.chains,
      // The chain's token list (the swap list, the devnet's tokens in the demo) is what the watcher reads.
      tokens: (chain) => getSwapTokenList({ chain, extraTokens: swapTokens?.get(chain.id) ?? [] }),
      settings: {
        intervalMs: config.watcher.intervalMs,
        defaultMinChangeWei: config.watcher.minChangeWei,
        defaultLargeOutgoingWei: config.watcher.largeOutgoingWei,
        maxWallets: config.watcher.maxWallets,
        minLiquidityWei: config.gateway.minLiquidityWei,
        maxTwapDeviationBps: config.gateway.maxTwapDeviationBps,
      },
      onAlert: (alert) => hub.publish('watcher.alert', { ...alert }),
      onDeferred: (deferral) => hub.publish('watcher.deferred', { ...deferral }),
    }),
    approvals: new ApprovalService({
      providers,
      gateway,
      store: new SqliteApprovalScanStore({ database }),
      idempotency: new SqliteIdempotencyStore({ database }),
      registry: config.chains,
      settings: config.approvals,
      minLiquidityWei: config.gateway.minLiquidityWei,
      maxTwapDeviationBps: config.gateway.maxTwapDeviationBps,
      killSwitch: async () => (await governorService.governor.status()).killSwitch,
    }),
    gas: new GasService({ providers, wallet: address, feeCeilingWei: config.gateway.feeCeilingWei }),
    portfolio: new PortfolioService({
      providers,
      wallet: address,
      extraTokens: swapTokens ?? new Map(),
      config: config.portfolio,
      minLiquidityWei: config.gateway.minLiquidityWei,
      maxTwapDeviationBps: config.gateway.maxTwapDeviationBps,
    }),
    yield: new YieldService({
      config: config.yield,
      portfolio: config.portfolio,
      registry: config.chains,
      providers,
      wallet: address,
      extraTokens: swapTokens ?? new Map(),
      minLiquidityWei: config.gateway.minLiquidityWei,
      store: sharePrices,
      verdicts: new TokenVerdicts({
        report: (chainId, token) => security.evmReport(chainId, token),
        ttlMs: Math.max(60_000, config.providers.cacheTtlMs),
      }),
    }),
    yieldPortfolio: new YieldPortfolioService({
      providers,
      wallet: address,
      extraTokens: swapTokens ?? new Map(),
      portfolio: config.portfolio,
      yieldConfig: config.yield,
      minLiquidityWei: config.gateway.minLiquidityWei,
      executions: executionStore,
    }),
    yieldSampler: new YieldVaultSampler({
      providers,
      vaults: config.yield.vaults,
      store: sharePrices,
      intervalMs: config.yield.sampleIntervalMs,
    }),
  };
  const app = createApp({ config, services, logger: log, spec: loadSpec() });
  const server = createHttpServer({ app, logger: log }).listen(config.port, config.host);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
  } catch (error) {
    // e.g. EADDRINUSE: release what was opened so a caller that retries does not leak handles.
    providers.destroy();
    database.close();
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
  if ((await services.governor.status()).killSwitch) {
    log.warn(
      { component: 'governor' },
      'The kill switch is ENGAGED (persisted from an earlier run): every fund-moving action is blocked until an operator releases it.',
    );
  }
  log.info(
    {
      host: config.host,
      port,
      chains: providers.configured().map((c) => c.name),
      defaultChain: config.defaultChainId ?? null,
      wallet: address ?? null,
      walletCreate: config.enableWalletCreate,
      corsOrigins: config.corsAllowedOrigins,
    },
    'api-server listening',
  );
  // The reconciler finishes what a crash, a time-out or a lost node left pending: at start, then on a timer (and
  // whenever a client reads an unsettled execution).
  const reconcileQuietly = () => {
    reconcile().catch((error: unknown) => log.warn({ err: error }, 'reconciler failed; will retry'));
  };
  reconcileQuietly();
  services.watcher.start((error) => log.warn({ err: error }, 'watcher cycle failed; will retry'));
  // Share prices of YIELD_VAULTS_<CHAIN>: a chain that cannot be sampled is logged and published, never silent.
  services.yieldSampler.start((failure) => {
    log.warn(
      { chainId: failure.chainId, error: failure.error },
      'yield share-price sampling failed; will retry',
    );
    hub.publish('yield.sampling-failed', { ...failure });
  });
  const reconcileTimer = setInterval(reconcileQuietly, 30_000);
  reconcileTimer.unref();
  // Held actions: expire what timed out and run what an operator approved from the CLI, every 2 s; cancels the
  // operator asked for from the CLI are sent on the same beat.
  // Operator-set caps (HTTP or the CLI on the same database) are picked up on the same beat.
  const processQuietly = () => {
    gateway
      ?.processConfirmations()
      .catch((error: unknown) => log.warn({ err: error }, 'confirmation processing failed; will retry'));
    gateway
      ?.processCancelRequests()
      .catch((error: unknown) => log.warn({ err: error }, 'sending requested cancels failed; will retry'));
    governorService
      .syncLimits()
      .catch((error: unknown) => log.warn({ err: error }, 'reading operator limits failed; will retry'));
    // A kill switch changed by the operator CLI (another process on the same database) reaches the stream too.
    governorService
      .status()
      .then((s) => {
        if (killSwitch !== undefined && s.killSwitch !== killSwitch) {
          hub.publish('governor.kill-switch', { engaged: s.killSwitch, by: 'elsewhere' });
        }
        killSwitch = s.killSwitch;
      })
      .catch(() => undefined);
  };
  processQuietly();
  const confirmTimer = setInterval(processQuietly, 2_000);
  confirmTimer.unref();
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}`,
    app,
    services,
    close() {
      clearInterval(reconcileTimer);
      clearInterval(confirmTimer);
      services.watcher.stop();
      services.yieldSampler.stop();
      // Open event streams would keep the server from closing.
      hub.close();
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }).then(() => {
        providers.destroy();
        database.close();
      });
      return closing;
    },
  };
}

/**
 * The configured wallet (address and key). A key that does not load fails startup with a {@link ConfigError} naming
 * the variable (never its value). The key is handed to the execution gateway and kept nowhere else.
 */
async function resolveWallet(
  config: Config,
): Promise<{ address: `0x${string}`; privateKey: string } | undefined> {
  const source = config.wallet;
  if (source.kind === 'privateKey') {
    try {
      const w = walletFromPrivateKey({ privateKey: source.privateKey });
      return { address: w.address as `0x${string}`, privateKey: w.privateKey };
    } catch (error) {
      throw new ConfigError('WALLET_PRIVATE_KEY', shortMessageOf(error));
    }
  }
  if (source.kind === 'keystore') {
    const json = await readFile(source.path, 'utf8').catch((cause: unknown) => {
      throw new ConfigError(
        'WALLET_KEYSTORE_PATH',
        `cannot read the keystore file (${(cause as NodeJS.ErrnoException).code})`,
      );
    });
    try {
      const w = await loadKeystore({ json, password: source.password });
      return { address: w.address as `0x${string}`, privateKey: w.privateKey };
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      throw new ConfigError(
        code === 'KEYSTORE_PASSWORD' ? 'WALLET_KEYSTORE_PASSWORD' : 'WALLET_KEYSTORE_PATH',
        shortMessageOf(error),
      );
    }
  }
  return undefined;
}

/** The library error's one-line message (never details or cause, which could describe the secret). */
function shortMessageOf(error: unknown): string {
  const short = (error as { shortMessage?: unknown }).shortMessage;
  return typeof short === 'string' ? short : 'could not be loaded';
}

function bigintAsString(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}
