import { type ChainContractsInput, type ChainInfo, configureChains } from '@org/chain-evm';
import { parseBridgeConfig } from './bridge/parseBridgeConfig.js';
import type { Config, DcaConfig, PortfolioConfig, WalletKeySource, YieldConfig } from './config/Config.js';
import { ConfigError } from './config/ConfigError.js';
import * as chainVars from './config/schema/chains.js';
import * as f from './config/schema/features.js';
import * as g from './config/schema/gateway.js';
import * as s from './config/schema/server.js';
import * as y from './config/schema/yield.js';
import type { Env } from './config/variables/Variable.js';

export type {
  Config,
  DcaConfig,
  PortfolioConfig,
  WalletKeySource,
  YieldCompoundConfig,
  YieldConfig,
} from './config/Config.js';
export { ConfigError } from './config/ConfigError.js';

/**
 * Reads and validates the environment. Called from `main()`, never at import. Every variable is declared once in
 * `config/schema/` (type, default, bounds, secret, rule); this assembles the {@link Config} from them and checks
 * what involves several (one wallet source, the default chain's RPC URL). Throws {@link ConfigError} naming the
 * first bad variable.
 *
 * @example
 * ```ts
 * const config = loadConfig(process.env);
 * ```
 */
export function loadConfig(env: Env): Config {
  const apiKey = s.WEB3_API_KEY.read(env);
  const operatorKey = s.WEB3_OPERATOR_KEY.read(env);
  const confirm = { ...g.CONFIRM_MODE.read(env), ttlMs: g.CONFIRM_TTL_SECONDS.read(env) * 1_000 };
  const host = s.API_HOST.read(env);
  const port = s.API_PORT.read(env);
  const corsAllowedOrigins = s.CORS_ALLOWED_ORIGINS.read(env);
  const enableWalletCreate = s.ENABLE_WALLET_CREATE_ENDPOINT.read(env);
  const enableConsole = s.ENABLE_CONSOLE.read(env);
  for (const family of [chainVars.RPC_URL, chainVars.UNISWAP_V2, chainVars.UNISWAP_V3])
    family.refuseUnknown(env);
  const rpcUrls = chainVars.RPC_URL.read(env);
  const rpcTimeoutMs = chainVars.RPC_TIMEOUT_MS.read(env);
  const wallet = readWalletSource(env);
  const providers = {
    goplusBaseUrl: chainVars.GOPLUS_BASE_URL.read(env),
    goplusAccessToken: chainVars.GOPLUS_ACCESS_TOKEN.read(env),
    dexscreenerBaseUrl: chainVars.DEXSCREENER_BASE_URL.read(env),
    solanaRpcUrl: chainVars.SOLANA_RPC_URL.read(env),
    timeoutMs: chainVars.PROVIDER_TIMEOUT_MS.read(env),
    cacheTtlMs: chainVars.PROVIDER_CACHE_TTL_MS.read(env),
  };
  const configuredChains = readChains(env);
  const defaultChainId = resolveDefaultChain(chainVars.DEFAULT_CHAIN.read(env), configuredChains, rpcUrls);
  const maxSlippageBps = g.MAX_SLIPPAGE_BPS.read(env);
  const gateway = {
    minLiquidityWei: g.PRICING_MIN_LIQUIDITY_ETH.read(env),
    maxTwapDeviationBps: g.PRICING_MAX_TWAP_DEVIATION_BPS.read(env),
    receiptTimeoutMs: g.RECEIPT_TIMEOUT_MS.read(env),
    replaceAfterMs: g.TX_REPLACE_AFTER_MS.read(env),
    feeCeilingWei: BigInt(g.GAS_PRICE_CEILING_GWEI.read(env)) * 1_000_000_000n,
    maxPendingPerSender: g.MAX_PENDING_PER_SENDER.read(env),
    senderWindowWaitMs: g.SENDER_WINDOW_WAIT_MS.read(env),
    preparingStaleMs: g.PREPARING_STALE_MS.read(env),
    effects: g.GATEWAY_EFFECTS.read(env),
    maxValueLossBps: g.MAX_VALUE_LOSS_BPS.read(env),
  };
  const { governor, dataDir } = loadOperatorConfig(env);
  const logLevel = s.LOG_LEVEL.read(env);
  const approvals = {
    scanStart: f.APPROVAL_SCAN_START.read(env),
    lookbackBlocks: f.APPROVAL_SCAN_LOOKBACK_BLOCKS.read(env),
    maxChunkBlocks: f.APPROVAL_LOG_CHUNK_BLOCKS.read(env),
    maxAgeDays: f.APPROVAL_MAX_AGE_DAYS.read(env),
    revokeMaxPerRun: f.APPROVAL_REVOKE_MAX_PER_RUN.read(env),
    resetIntervalMs: f.APPROVAL_RESET_INTERVAL_MS.read(env),
  };
  return {
    apiKey,
    operatorKey,
    eventsHeartbeatMs: s.EVENTS_HEARTBEAT_SECONDS.read(env) * 1_000,
    eventStreams: {
      total: s.EVENTS_MAX_STREAMS.read(env),
      perClient: s.EVENTS_MAX_STREAMS_PER_CLIENT.read(env),
    },
    watcher: {
      intervalMs: f.WATCHER_INTERVAL_SECONDS.read(env) * 1_000,
      minChangeWei: f.WATCHER_MIN_CHANGE_ETH.read(env),
      largeOutgoingWei: f.WATCHER_LARGE_OUTGOING_ETH.read(env),
      maxWallets: f.WATCHER_MAX_WALLETS.read(env),
    },
    confirm,
    host,
    port,
    networkExposed: !s.isLoopback(host),
    corsAllowedOrigins,
    enableWalletCreate,
    enableConsole,
    rpcUrls,
    rpcTimeoutMs,
    rpcChainRecheckMs: chainVars.RPC_CHAIN_RECHECK_SECONDS.read(env) * 1_000,
    wallet,
    dataDir,
    rebaseChains: s.REBASE_CHAIN_DATA.read(env),
    storeBackend: s.STORE_BACKEND.read(env),
    databaseUrl: s.DATABASE_URL.read(env),
    jobLeaseMs: s.JOB_LEASE_SECONDS.read(env) * 1_000,
    shutdownDrainMs: s.SHUTDOWN_DRAIN_MS.read(env),
    providers,
    chains: configuredChains,
    defaultChainId,
    maxSlippageBps,
    gateway,
    governor,
    logLevel,
    approvals,
    portfolio: readPortfolio(env),
    dca: readDca(env),
    yield: readYield(env),
    bridge: parseBridgeConfig(env),
  };
}

/**
 * The part of the configuration the operator CLI needs (no API key, no chains): where the database is (`DATA_DIR`, or
 * `DATABASE_URL` for PostgreSQL) and the configured spend caps. `loadConfig` reads them the same way.
 *
 * @example
 * ```ts
 * const { dataDir, governor } = loadOperatorConfig(process.env);
 * ```
 */
export function loadOperatorConfig(
  env: Env,
): Pick<Config, 'dataDir' | 'governor' | 'storeBackend' | 'databaseUrl'> {
  const governor = {
    maxPerTx: g.GOVERNOR_MAX_PER_TX.read(env),
    dailyLimit: g.GOVERNOR_DAILY_LIMIT.read(env),
    sessionLimit: g.GOVERNOR_SESSION_LIMIT.read(env),
    dailyWindow: g.GOVERNOR_DAILY_WINDOW.read(env),
  };
  return {
    governor,
    dataDir: s.DATA_DIR.read(env),
    storeBackend: s.STORE_BACKEND.read(env),
    databaseUrl: s.DATABASE_URL.read(env),
  };
}

/** One wallet source at most: a private key, or a keystore file with its password. */
function readWalletSource(env: Env): WalletKeySource {
  const privateKey = chainVars.WALLET_PRIVATE_KEY.read(env);
  const keystorePath = chainVars.WALLET_KEYSTORE_PATH.read(env);
  if (privateKey && keystorePath) {
    throw new ConfigError(
      'WALLET_PRIVATE_KEY',
      'set either WALLET_PRIVATE_KEY or WALLET_KEYSTORE_PATH, not both',
    );
  }
  if (privateKey) {
    if (!/^(0x)?[0-9a-fA-F]{64}$/.test(privateKey)) {
      throw new ConfigError('WALLET_PRIVATE_KEY', 'must be 32 bytes of hex (64 hex characters, optional 0x)');
    }
    return { kind: 'privateKey', privateKey };
  }
  if (keystorePath) {
    const password = chainVars.WALLET_KEYSTORE_PASSWORD.read(env);
    if (password === undefined) {
      throw new ConfigError('WALLET_KEYSTORE_PASSWORD', 'is required with WALLET_KEYSTORE_PATH');
    }
    return { kind: 'keystore', path: keystorePath, password };
  }
  return { kind: 'none' };
}

/** The registry with `UNISWAP_V2_<CHAIN>` / `UNISWAP_V3_<CHAIN>` applied (the built-in mainnet deployments stay). */
function readChains(env: Env): readonly ChainInfo[] {
  const v2 = chainVars.UNISWAP_V2.read(env);
  const v3 = chainVars.UNISWAP_V3.read(env);
  const overrides = new Map<number, ChainContractsInput>();
  for (const chainId of new Set([...v2.keys(), ...v3.keys()])) {
    const override: { -readonly [K in keyof ChainContractsInput]: ChainContractsInput[K] } = {};
    const two = v2.get(chainId);
    if (two) {
      override.uniswapV2 = { router02: two.router02, factory: two.factory };
      override.wrappedNative = two.weth;
    }
    const three = v3.get(chainId);
    if (three) override.uniswapV3 = three;
    overrides.set(chainId, override);
  }
  try {
    return configureChains({ overrides });
  } catch {
    throw new ConfigError('UNISWAP_V2_<CHAIN> / UNISWAP_V3_<CHAIN>', 'an address has a bad EIP-55 checksum');
  }
}

/** `DEFAULT_CHAIN`, else the only configured chain, else none. */
function resolveDefaultChain(
  name: string | undefined,
  registry: readonly ChainInfo[],
  rpcUrls: ReadonlyMap<number, string>,
): number | undefined {
  if (name === undefined) return rpcUrls.size === 1 ? [...rpcUrls.keys()][0] : undefined;
  const lower = name.toLowerCase();
  const found = registry.find((c) => c.name === lower || c.aliases.includes(lower) || String(c.id) === name);
  if (!found) throw new ConfigError('DEFAULT_CHAIN', 'is not a chain of the registry (name, alias or id)');
  if (!rpcUrls.has(found.id)) {
    throw new ConfigError('DEFAULT_CHAIN', `names a chain without RPC_URL_${found.name.toUpperCase()}`);
  }
  return found.id;
}

function readDca(env: Env): DcaConfig {
  return {
    tickMs: f.DCA_TICK_SECONDS.read(env) * 1_000,
    maxFeeShareBps: f.DCA_MAX_FEE_SHARE.read(env),
    maxConsecutiveFailures: f.DCA_MAX_CONSECUTIVE_FAILURES.read(env),
    concurrency: f.DCA_CONCURRENCY.read(env),
  };
}

function readYield(env: Env): YieldConfig {
  const vaults = y.YIELD_VAULTS.read(env);
  const apiKey = y.YIELD_DEFILLAMA_API_KEY.read(env);
  return {
    defillama: {
      baseUrl: y.YIELD_DEFILLAMA_BASE_URL.read(env),
      apiKey,
      timeoutMs: y.YIELD_DEFILLAMA_TIMEOUT_MS.read(env),
      maxBodyBytes: y.YIELD_DEFILLAMA_MAX_BODY_MB.read(env) * 1024 * 1024,
    },
    poolsTtlMs: y.YIELD_POOLS_TTL_SECONDS.read(env) * 1_000,
    staleMaxMs: y.YIELD_STALE_MAX_SECONDS.read(env) * 1_000,
    maxDataAgeMs: y.YIELD_MAX_DATA_AGE_SECONDS.read(env) * 1_000,
    frozenAfterMs: y.YIELD_FROZEN_AFTER_HOURS.read(env) * 3_600_000,
    minTvlUsd: y.YIELD_MIN_TVL_USD.read(env),
    minHistoryDays: y.YIELD_MIN_HISTORY_DAYS.read(env),
    rewardHaircutBps: y.YIELD_REWARD_HAIRCUT_BPS.read(env),
    verifyMax: y.YIELD_VERIFY_MAX.read(env),
    vaults,
    sampleIntervalMs: y.YIELD_SAMPLE_INTERVAL_SECONDS.read(env) * 1_000,
    compound: {
      minGainFactorBps: y.YIELD_COMPOUND_MIN_GAIN_FACTOR.read(env),
      horizonSeconds: BigInt(y.YIELD_COMPOUND_HORIZON_DAYS.read(env) * 86_400),
      gasLimit: BigInt(y.YIELD_COMPOUND_GAS_LIMIT.read(env)),
      toleranceBps: y.YIELD_DEPOSIT_TOLERANCE_BPS.read(env),
      minSupplyShares: BigInt(y.YIELD_MIN_VAULT_SUPPLY_SHARES.read(env)),
    },
  };
}

function readPortfolio(env: Env): PortfolioConfig {
  for (const family of [f.PORTFOLIO_USD_TOKEN, f.PORTFOLIO_TOKENS, f.PORTFOLIO_VAULTS])
    family.refuseUnknown(env);
  const usdTokens = f.PORTFOLIO_USD_TOKEN.read(env);
  const tokens = f.PORTFOLIO_TOKENS.read(env);
  const vaults = f.PORTFOLIO_VAULTS.read(env);
  return { batchSize: f.PORTFOLIO_BATCH_SIZE.read(env), usdTokens, tokens, vaults };
}
