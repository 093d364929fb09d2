import { isIP } from 'node:net';
import {
  type ChainContractsInput,
  type ChainInfo,
  type ConfirmMode,
  chains,
  configureChains,
} from '@org/chain-evm';
import { parseEther } from '@org/governor';
import { DEFAULT_PORTFOLIO_BATCH_SIZE, MAX_PORTFOLIO_BATCH_SIZE } from '@org/chain-evm';
import { type BridgeConfig, parseBridgeConfig } from './bridge/parseBridgeConfig.js';
import { parseAddressList } from './parseAddressList.js';

/** Where the wallet key comes from. Secrets stay in this object only; it is never logged. */
export type WalletKeySource =
  | { kind: 'none' }
  | { kind: 'privateKey'; privateKey: string }
  | { kind: 'keystore'; path: string; password: string };

/** Validated server configuration. */
export interface Config {
  apiKey: string;
  /**
   * The operator credential (`WEB3_OPERATOR_KEY`, sent as `X-Operator-Key`): releasing the kill switch and
   * deciding held actions need it. Undefined = those routes answer 403 `OPERATOR_KEY_NOT_CONFIGURED` (use the CLI).
   */
  operatorKey: string | undefined;
  /** The wallet watcher (`WATCHER_*`). */
  watcher: { intervalMs: number; minChangeWei: bigint; largeOutgoingWei: bigint; maxWallets: number };
  /** Heartbeat of `GET /events` (`EVENTS_HEARTBEAT_SECONDS`, default 15). */
  eventsHeartbeatMs: number;
  /** Which fund-moving actions wait for an operator (`CONFIRM_MODE`), and for how long (`CONFIRM_TTL_SECONDS`). */
  confirm: { mode: ConfirmMode; text: string; ttlMs: number };
  host: string;
  port: number;
  /** True when the bind address is not loopback: a warning is logged at startup. */
  networkExposed: boolean;
  corsAllowedOrigins: string[];
  enableWalletCreate: boolean;
  /**
   * Serve the operator console at `/console` (`ENABLE_CONSOLE`; default on when bound to loopback, off otherwise).
   * Its files hold no data; every read it makes carries a key.
   */
  enableConsole: boolean;
  /** Chain id → RPC URL (may contain credentials; never logged). */
  rpcUrls: Map<number, string>;
  rpcTimeoutMs: number;
  wallet: WalletKeySource;
  dataDir: string;
  /** Token-safety providers. Base URLs are configurable so tests (and proxies) can stand in. */
  providers: {
    goplusBaseUrl: string;
    /** Optional GoPlus access token (secret). */
    goplusAccessToken: string | undefined;
    dexscreenerBaseUrl: string;
    /** Solana JSON-RPC for SPL mint checks; without it Solana reports say the mint was not checked. */
    solanaRpcUrl: string | undefined;
    timeoutMs: number;
    /** How long provider answers are reused (0 = no cache). */
    cacheTtlMs: number;
  };
  /**
   * The chain registry with the operator's contract overrides applied (`UNISWAP_V2_<CHAIN>`,
   * `UNISWAP_V3_<CHAIN>`): the one source of chain names, aliases, WETH, routers and provider ids.
   */
  chains: readonly ChainInfo[];
  /** Chain used when a request names none: `DEFAULT_CHAIN`, else the only configured chain, else none. */
  defaultChainId: number | undefined;
  /** The execution gateway's tunables. */
  gateway: {
    /**
     * The pricing floor, applied to a pool's DEPTH — the wrapped native it pays out within 5% of its price (V2
     * reserves; V3 liquidity in range): shallower pools are not price sources, nor swap routes
     * (`PRICING_MIN_LIQUIDITY_ETH`, default 10).
     */
    minLiquidityWei: bigint;
    /**
     * A V3 pool whose spot is further than this from its own 30-minute TWAP is not a price source; nor is one that
     * cannot answer `observe` for the window (`PRICING_MAX_TWAP_DEVIATION_BPS`, default 500 = 5%).
     */
    maxTwapDeviationBps: number;
    /** How long a request waits for a receipt before answering 202 pending (`RECEIPT_TIMEOUT_MS`, default 60000). */
    receiptTimeoutMs: number;
    /** A transaction not mined after this long is replaced with higher fees (`TX_REPLACE_AFTER_MS`, default 30000). */
    replaceAfterMs: number;
    /** Highest max fee per gas ever signed (`GAS_PRICE_CEILING_GWEI`, default 500), in wei. */
    feeCeilingWei: bigint;
    /** At most this many unmined transactions per (chain, wallet) (`MAX_PENDING_PER_SENDER`, default 16). */
    maxPendingPerSender: number;
    /** How long an execution beyond that window waits for a slot (`SENDER_WINDOW_WAIT_MS`, default 30000). */
    senderWindowWaitMs: number;
  };
  /** Highest slippage a swap may accept, in basis points (`MAX_SLIPPAGE_BPS`, default 100 = 1%). */
  maxSlippageBps: number;
  /** Spend caps in wei (18-decimal ETH-equivalent) and the daily window kind. */
  governor: {
    maxPerTx: bigint;
    dailyLimit: bigint;
    sessionLimit: bigint;
    dailyWindow: 'rolling-24h' | 'utc-day';
  };
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Approval scans and risk (`/approval/*`). */
  approvals: {
    /** Chain id → first block of a first scan (`APPROVAL_SCAN_START_<CHAIN>`). */
    scanStart: Map<number, number>;
    /** First-scan lookback when no start is known (`APPROVAL_SCAN_LOOKBACK_BLOCKS`, default 1,000,000). */
    lookbackBlocks: number;
    /** Largest `eth_getLogs` range asked (`APPROVAL_LOG_CHUNK_BLOCKS`, default 10,000). */
    maxChunkBlocks: number;
    /** Approvals older than this are `stale` in the risk report (`APPROVAL_MAX_AGE_DAYS`, default 180; 0 = off). */
    maxAgeDays: number;
  };
  /** `/portfolio/*`: batch size, per-chain USD routes, extra tokens and trusted ERC-4626 vaults. */
  portfolio: PortfolioConfig;
  /** Recurring buys (`/dca/*`) and their scheduler (`DCA_*`). */
  dca: DcaConfig;
  /** `/yield/*`: the DefiLlama client and cache, the ranking's hard filters, on-chain vaults and their sampler. */
  yield: YieldConfig;
  /** `/bridge/*`: the LI.FI client, the per-chain bridge allowlists, the quote TTL and the status poller. */
  bridge: BridgeConfig;
}

/** DCA configuration (`DCA_*`). */
export interface DcaConfig {
  /** Time between scheduler ticks (`DCA_TICK_SECONDS`, default 30); 0 = the scheduler does not run. */
  tickMs: number;
  /**
   * A fill whose worst-case fee is above this share of its value is skipped (`DCA_FEE_TOO_HIGH`), in basis points
   * (`DCA_MAX_FEE_SHARE`, default 500 = 5%; 0–10000).
   */
  maxFeeShareBps: number;
  /** An order pauses after this many failed fills in a row (`DCA_MAX_CONSECUTIVE_FAILURES`, default 3). */
  maxConsecutiveFailures: number;
  /** Orders processed at the same time by one tick (`DCA_CONCURRENCY`, default 4). */
  concurrency: number;
}

/** Yield configuration (`YIELD_*`). */
export interface YieldConfig {
  defillama: {
    /** `YIELD_DEFILLAMA_BASE_URL` (default `https://yields.llama.fi`). */
    baseUrl: string;
    /** `YIELD_DEFILLAMA_API_KEY` (optional secret; DefiLlama Pro). */
    apiKey: string | undefined;
    /** `YIELD_DEFILLAMA_TIMEOUT_MS` (default 30,000): one whole request, body included. */
    timeoutMs: number;
    /** `YIELD_DEFILLAMA_MAX_BODY_MB` (default 64), in bytes. */
    maxBodyBytes: number;
  };
  /** `YIELD_POOLS_TTL_SECONDS` (default 1800): the pool list is fetched at most once per this. */
  poolsTtlMs: number;
  /** `YIELD_STALE_MAX_SECONDS` (default 21,600): how old a cached list may be served after a failed refresh. */
  staleMaxMs: number;
  /** `YIELD_MAX_DATA_AGE_SECONDS` (default 7200): older figures fail the ranking's freshness filter. */
  maxDataAgeMs: number;
  /** `YIELD_FROZEN_AFTER_HOURS` (default 48): data that has not advanced for this long is a frozen pool. */
  frozenAfterMs: number;
  /** `YIELD_MIN_TVL_USD` (default 1,000,000). */
  minTvlUsd: number;
  /** `YIELD_MIN_HISTORY_DAYS` (default 30). */
  minHistoryDays: number;
  /** `YIELD_REWARD_HAIRCUT_BPS` (default 5000): the share of a safe reward APY counted. */
  rewardHaircutBps: number;
  /** `YIELD_VERIFY_MAX` (default 10): most candidates `/yield/best` checks (token safety, chart) per request. */
  verifyMax: number;
  /** Chain id → ERC-4626 vaults offered as opportunities (`YIELD_VAULTS_<CHAIN>`). */
  vaults: Map<number, `0x${string}`[]>;
  /** `YIELD_SAMPLE_INTERVAL_SECONDS` (default 3600; 0 = off): how often the vaults' share prices are sampled. */
  sampleIntervalMs: number;
  /** `POST /yield/compound`: its economics gate and deposit pre-flight. */
  compound: YieldCompoundConfig;
}

/** `YIELD_COMPOUND_*` and the deposit pre-flight bounds of `POST /yield/compound`. */
export interface YieldCompoundConfig {
  /** `YIELD_COMPOUND_MIN_GAIN_FACTOR` (default 3, up to 2 decimals), in bps: the gain must reach gas × factor. */
  minGainFactorBps: bigint;
  /** `YIELD_COMPOUND_HORIZON_DAYS` (default 30): the gain is counted over this horizon, in seconds. */
  horizonSeconds: bigint;
  /** `YIELD_COMPOUND_GAS_LIMIT` (default 350,000): gas units of the approval and the deposit together (a bound). */
  gasLimit: bigint;
  /** `YIELD_DEPOSIT_TOLERANCE_BPS` (default 50): how far `previewDeposit` may fall below `convertToShares`. */
  toleranceBps: number;
  /** `YIELD_MIN_VAULT_SUPPLY_SHARES` (default 1): a vault with fewer whole shares in supply is refused. */
  minSupplyShares: bigint;
}

/** Portfolio configuration (`PORTFOLIO_*`). */
export interface PortfolioConfig {
  /** Tokens per Multicall3 balance request (`PORTFOLIO_BATCH_SIZE`, default 200). */
  batchSize: number;
  /**
   * Chain id → the stablecoin whose pools give USD (`PORTFOLIO_USD_TOKEN_<CHAIN>`); `null` = no USD figures on that
   * chain. A chain without an entry uses the built-in USDC (`defaultUsdToken`).
   */
  usdTokens: Map<number, `0x${string}` | null>;
  /** Chain id → tokens read on top of the chain's token list (`PORTFOLIO_TOKENS_<CHAIN>`). */
  tokens: Map<number, `0x${string}`[]>;
  /** Chain id → ERC-4626 vaults whose shares are valued through `convertToAssets` (`PORTFOLIO_VAULTS_<CHAIN>`). */
  vaults: Map<number, `0x${string}`[]>;
}

/** A configuration problem; the message names the variable and never includes its value. */
export class ConfigError extends Error {
  override name = 'ConfigError';
  readonly variable: string;
  constructor(variable: string, problem: string) {
    super(`${variable}: ${problem}`);
    this.variable = variable;
  }
}

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Reads and validates the environment. Called from `main()`, never at import. Throws {@link ConfigError} naming
 * the first bad variable.
 *
 * @example
 * ```ts
 * const config = loadConfig(process.env);
 * ```
 */
export function loadConfig(env: Env): Config {
  const apiKey = env.WEB3_API_KEY;
  if (apiKey === undefined || apiKey.trim() === '') {
    throw new ConfigError(
      'WEB3_API_KEY',
      'is required (the server refuses to start without it); e.g. 64 random hex characters',
    );
  }
  if (apiKey !== apiKey.trim())
    throw new ConfigError('WEB3_API_KEY', 'must not start or end with white space');
  if (apiKey.length < 16) throw new ConfigError('WEB3_API_KEY', 'must be at least 16 characters');

  const operatorKey =
    env.WEB3_OPERATOR_KEY === undefined || env.WEB3_OPERATOR_KEY === '' ? undefined : env.WEB3_OPERATOR_KEY;
  if (operatorKey !== undefined) {
    if (operatorKey !== operatorKey.trim())
      throw new ConfigError('WEB3_OPERATOR_KEY', 'must not start or end with white space');
    if (operatorKey.length < 32) throw new ConfigError('WEB3_OPERATOR_KEY', 'must be at least 32 characters');
    if (operatorKey === apiKey) throw new ConfigError('WEB3_OPERATOR_KEY', 'must differ from WEB3_API_KEY');
  }
  const confirm = {
    ...parseConfirmMode(env.CONFIRM_MODE),
    ttlMs: parseInteger(env, 'CONFIRM_TTL_SECONDS', 600, 1, 86_400) * 1_000,
  };

  const host = (env.API_HOST ?? '127.0.0.1').trim() || '127.0.0.1';
  if (host !== 'localhost' && isIP(host) === 0) {
    throw new ConfigError('API_HOST', 'must be an IPv4/IPv6 address or "localhost"');
  }
  const port = parseInteger(env, 'API_PORT', 8000, 0, 65_535);
  const corsAllowedOrigins = parseOrigins(env.CORS_ALLOWED_ORIGINS ?? '');
  const enableWalletCreate = parseBoolean(env, 'ENABLE_WALLET_CREATE_ENDPOINT', false);
  // On a network address the console is opt-in: an operator key typed into a page should travel over TLS.
  const enableConsole = parseBoolean(env, 'ENABLE_CONSOLE', isLoopback(host));

  // A per-chain variable for a chain the registry does not know is a typo (RPC_URL_MAINNET): refuse it rather than
  // start without the chain the operator meant to configure.
  const known = new Set(chains.map((c) => c.name.toUpperCase()));
  for (const variable of Object.keys(env)) {
    const match = /^(RPC_URL|UNISWAP_V2|UNISWAP_V3)_(.+)$/.exec(variable);
    if (match?.[2] !== undefined && !known.has(match[2])) {
      throw new ConfigError(
        variable,
        `unknown chain; per-chain variables use one of ${[...known].map((n) => `${match[1]}_${n}`).join(', ')}`,
      );
    }
  }
  const rpcUrls = new Map<number, string>();
  for (const chain of chains) {
    const variable = `RPC_URL_${chain.name.toUpperCase()}`;
    if (!env[variable]?.trim()) continue;
    rpcUrls.set(chain.id, parseUrl(env, variable, ''));
  }
  const rpcTimeoutMs = parseInteger(env, 'RPC_TIMEOUT_MS', 8_000, 100, 120_000);

  const privateKey = env.WALLET_PRIVATE_KEY?.trim();
  const keystorePath = env.WALLET_KEYSTORE_PATH?.trim();
  let wallet: WalletKeySource = { kind: 'none' };
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
    wallet = { kind: 'privateKey', privateKey };
  } else if (keystorePath) {
    const password = env.WALLET_KEYSTORE_PASSWORD;
    if (password === undefined) {
      throw new ConfigError('WALLET_KEYSTORE_PASSWORD', 'is required with WALLET_KEYSTORE_PATH');
    }
    wallet = { kind: 'keystore', path: keystorePath, password };
  }

  const providers = {
    goplusBaseUrl: parseUrl(env, 'GOPLUS_BASE_URL', 'https://api.gopluslabs.io'),
    goplusAccessToken: env.GOPLUS_ACCESS_TOKEN?.trim() || undefined,
    dexscreenerBaseUrl: parseUrl(env, 'DEXSCREENER_BASE_URL', 'https://api.dexscreener.com'),
    solanaRpcUrl: env.SOLANA_RPC_URL?.trim() ? parseUrl(env, 'SOLANA_RPC_URL', '') : undefined,
    timeoutMs: parseInteger(env, 'PROVIDER_TIMEOUT_MS', 5_000, 100, 60_000),
    cacheTtlMs: parseInteger(env, 'PROVIDER_CACHE_TTL_MS', 60_000, 0, 3_600_000),
  };
  // Contract overrides per chain; the built-in registry already holds the canonical mainnet deployments.
  const overrides = new Map<number, ChainContractsInput>();
  const address = /^0x[0-9a-fA-F]{40}$/;
  for (const chain of chains) {
    const v2 = env[`UNISWAP_V2_${chain.name.toUpperCase()}`]?.trim();
    const v3 = env[`UNISWAP_V3_${chain.name.toUpperCase()}`]?.trim();
    if (!v2 && !v3) continue;
    const override: { -readonly [K in keyof ChainContractsInput]: ChainContractsInput[K] } = {};
    if (v2) {
      const variable = `UNISWAP_V2_${chain.name.toUpperCase()}`;
      const parts = v2.split(',').map((p) => p.trim());
      if (parts.length !== 3 || parts.some((p) => !address.test(p))) {
        throw new ConfigError(variable, 'must be "<router02>,<factory>,<weth>" (three 0x addresses)');
      }
      const [router02, factory, weth] = parts as [string, string, string];
      override.uniswapV2 = { router02, factory };
      override.wrappedNative = weth;
    }
    if (v3) {
      const variable = `UNISWAP_V3_${chain.name.toUpperCase()}`;
      const parts = v3.split(',').map((p) => p.trim());
      const kind = parts[3] ?? 'SwapRouter';
      if (
        parts.length < 3 ||
        parts.length > 4 ||
        parts.slice(0, 3).some((p) => !address.test(p)) ||
        (kind !== 'SwapRouter' && kind !== 'SwapRouter02')
      ) {
        throw new ConfigError(
          variable,
          'must be "<factory>,<swapRouter>,<quoterV2>[,SwapRouter|SwapRouter02]" (three 0x addresses)',
        );
      }
      const [factory, swapRouter, quoterV2] = parts as [string, string, string];
      override.uniswapV3 = { factory, swapRouter, quoterV2, swapRouterKind: kind };
    }
    overrides.set(chain.id, override);
  }
  let configuredChains: readonly ChainInfo[];
  try {
    configuredChains = configureChains({ overrides });
  } catch {
    throw new ConfigError('UNISWAP_V2_<CHAIN> / UNISWAP_V3_<CHAIN>', 'an address has a bad EIP-55 checksum');
  }

  let defaultChainId: number | undefined;
  const defaultChain = env.DEFAULT_CHAIN?.trim();
  if (defaultChain) {
    const found = configuredChains.find(
      (c) =>
        c.name === defaultChain.toLowerCase() ||
        c.aliases.includes(defaultChain.toLowerCase()) ||
        String(c.id) === defaultChain,
    );
    if (!found) throw new ConfigError('DEFAULT_CHAIN', 'is not a chain of the registry (name, alias or id)');
    if (!rpcUrls.has(found.id)) {
      throw new ConfigError('DEFAULT_CHAIN', `names a chain without RPC_URL_${found.name.toUpperCase()}`);
    }
    defaultChainId = found.id;
  } else if (rpcUrls.size === 1) {
    defaultChainId = [...rpcUrls.keys()][0];
  }

  const maxSlippageBps = parseInteger(env, 'MAX_SLIPPAGE_BPS', 100, 0, 5_000);
  const gateway = {
    minLiquidityWei: parseEth(env, 'PRICING_MIN_LIQUIDITY_ETH', '10'),
    maxTwapDeviationBps: parseInteger(env, 'PRICING_MAX_TWAP_DEVIATION_BPS', 500, 0, 100_000),
    receiptTimeoutMs: parseInteger(env, 'RECEIPT_TIMEOUT_MS', 60_000, 100, 600_000),
    replaceAfterMs: parseInteger(env, 'TX_REPLACE_AFTER_MS', 30_000, 100, 3_600_000),
    feeCeilingWei: BigInt(parseInteger(env, 'GAS_PRICE_CEILING_GWEI', 500, 1, 100_000)) * 1_000_000_000n,
    maxPendingPerSender: parseInteger(env, 'MAX_PENDING_PER_SENDER', 16, 1, 1_024),
    senderWindowWaitMs: parseInteger(env, 'SENDER_WINDOW_WAIT_MS', 30_000, 0, 600_000),
  };
  const { governor, dataDir } = loadOperatorConfig(env);
  const logLevel = (env.LOG_LEVEL ?? 'info').trim() as Config['logLevel'];
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', 'must be one of fatal, error, warn, info, debug, trace, silent');
  }

  // Approval scans: a per-chain first-scan start, the lookback, the largest eth_getLogs range, the stale age.
  for (const variable of Object.keys(env)) {
    const match = /^APPROVAL_SCAN_START_(.+)$/.exec(variable);
    if (match?.[1] !== undefined && !known.has(match[1])) {
      throw new ConfigError(
        variable,
        `unknown chain; per-chain variables use one of ${[...known].map((n) => `APPROVAL_SCAN_START_${n}`).join(', ')}`,
      );
    }
  }
  const scanStart = new Map<number, number>();
  for (const chain of chains) {
    const variable = `APPROVAL_SCAN_START_${chain.name.toUpperCase()}`;
    if (!env[variable]?.trim()) continue;
    scanStart.set(chain.id, parseInteger(env, variable, 0, 0, Number.MAX_SAFE_INTEGER));
  }
  const approvals = {
    scanStart,
    lookbackBlocks: parseInteger(env, 'APPROVAL_SCAN_LOOKBACK_BLOCKS', 1_000_000, 1, 100_000_000),
    maxChunkBlocks: parseInteger(env, 'APPROVAL_LOG_CHUNK_BLOCKS', 10_000, 1, 1_000_000),
    maxAgeDays: parseInteger(env, 'APPROVAL_MAX_AGE_DAYS', 180, 0, 36_500),
  };

  return {
    apiKey,
    operatorKey,
    eventsHeartbeatMs: parseInteger(env, 'EVENTS_HEARTBEAT_SECONDS', 15, 1, 300) * 1_000,
    watcher: {
      intervalMs: parseInteger(env, 'WATCHER_INTERVAL_SECONDS', 60, 0, 86_400) * 1_000,
      minChangeWei: parseEth(env, 'WATCHER_MIN_CHANGE_ETH', '0.01'),
      largeOutgoingWei: parseEth(env, 'WATCHER_LARGE_OUTGOING_ETH', '0.5'),
      maxWallets: parseInteger(env, 'WATCHER_MAX_WALLETS', 1_000, 1, 100_000),
    },
    confirm,
    host,
    port,
    networkExposed: !isLoopback(host),
    corsAllowedOrigins,
    enableWalletCreate,
    enableConsole,
    rpcUrls,
    rpcTimeoutMs,
    wallet,
    dataDir,
    providers,
    chains: configuredChains,
    defaultChainId,
    maxSlippageBps,
    gateway,
    governor,
    logLevel,
    approvals,
    portfolio: parsePortfolio(env),
    dca: parseDca(env),
    yield: parseYield(env),
    bridge: parseBridgeConfig(env),
  };
}

/** `DCA_TICK_SECONDS`, `DCA_MAX_FEE_SHARE` (basis points), `DCA_MAX_CONSECUTIVE_FAILURES`, `DCA_CONCURRENCY`. */
function parseDca(env: Env): DcaConfig {
  const share = env.DCA_MAX_FEE_SHARE?.trim();
  if (share !== undefined && share !== '' && !/^[0-9]+$/.test(share)) {
    // 0.05 or 5% would be read as something else: basis points only, said plainly.
    throw new ConfigError('DCA_MAX_FEE_SHARE', 'must be basis points, an integer from 0 to 10000 (500 = 5%)');
  }
  return {
    tickMs: parseInteger(env, 'DCA_TICK_SECONDS', 30, 0, 86_400) * 1_000,
    maxFeeShareBps: parseInteger(env, 'DCA_MAX_FEE_SHARE', 500, 0, 10_000),
    maxConsecutiveFailures: parseInteger(env, 'DCA_MAX_CONSECUTIVE_FAILURES', 3, 1, 1_000),
    concurrency: parseInteger(env, 'DCA_CONCURRENCY', 4, 1, 64),
  };
}

/** `YIELD_*`: the DefiLlama client and cache, the ranking's filters, `YIELD_VAULTS_<CHAIN>` and the sampler. */
function parseYield(env: Env): YieldConfig {
  const known = new Set(chains.map((c) => c.name.toUpperCase()));
  for (const variable of Object.keys(env)) {
    const match = /^YIELD_VAULTS_(.+)$/.exec(variable);
    if (match?.[1] !== undefined && !known.has(match[1])) {
      throw new ConfigError(
        variable,
        `unknown chain; use one of ${[...known].map((n) => `YIELD_VAULTS_${n}`).join(', ')}`,
      );
    }
  }
  const vaults = new Map<number, `0x${string}`[]>();
  for (const chain of chains) {
    const variable = `YIELD_VAULTS_${chain.name.toUpperCase()}`;
    const raw = env[variable]?.trim();
    if (!raw) continue;
    vaults.set(chain.id, parseAddressList({ variable, raw, max: 100 }));
  }
  const apiKey = env.YIELD_DEFILLAMA_API_KEY?.trim() || undefined;
  if (apiKey !== undefined && !/^[A-Za-z0-9_-]{1,200}$/.test(apiKey)) {
    throw new ConfigError('YIELD_DEFILLAMA_API_KEY', 'must be 1 to 200 letters, digits, "-" or "_"');
  }
  return {
    defillama: {
      baseUrl: parseUrl(env, 'YIELD_DEFILLAMA_BASE_URL', 'https://yields.llama.fi'),
      apiKey,
      timeoutMs: parseInteger(env, 'YIELD_DEFILLAMA_TIMEOUT_MS', 30_000, 100, 300_000),
      maxBodyBytes: parseInteger(env, 'YIELD_DEFILLAMA_MAX_BODY_MB', 64, 1, 1_024) * 1024 * 1024,
    },
    poolsTtlMs: parseInteger(env, 'YIELD_POOLS_TTL_SECONDS', 1_800, 1, 86_400) * 1_000,
    staleMaxMs: parseInteger(env, 'YIELD_STALE_MAX_SECONDS', 21_600, 0, 604_800) * 1_000,
    maxDataAgeMs: parseInteger(env, 'YIELD_MAX_DATA_AGE_SECONDS', 7_200, 1, 604_800) * 1_000,
    frozenAfterMs: parseInteger(env, 'YIELD_FROZEN_AFTER_HOURS', 48, 1, 8_760) * 3_600_000,
    minTvlUsd: parseInteger(env, 'YIELD_MIN_TVL_USD', 1_000_000, 0, 1_000_000_000_000),
    minHistoryDays: parseInteger(env, 'YIELD_MIN_HISTORY_DAYS', 30, 0, 3_650),
    rewardHaircutBps: parseInteger(env, 'YIELD_REWARD_HAIRCUT_BPS', 5_000, 0, 10_000),
    verifyMax: parseInteger(env, 'YIELD_VERIFY_MAX', 10, 1, 100),
    vaults,
    sampleIntervalMs: parseInteger(env, 'YIELD_SAMPLE_INTERVAL_SECONDS', 3_600, 0, 86_400) * 1_000,
    compound: {
      minGainFactorBps: parseFactorBps(env, 'YIELD_COMPOUND_MIN_GAIN_FACTOR', '3'),
      horizonSeconds: BigInt(parseInteger(env, 'YIELD_COMPOUND_HORIZON_DAYS', 30, 1, 3_650) * 86_400),
      gasLimit: BigInt(parseInteger(env, 'YIELD_COMPOUND_GAS_LIMIT', 350_000, 21_000, 30_000_000)),
      toleranceBps: parseInteger(env, 'YIELD_DEPOSIT_TOLERANCE_BPS', 50, 0, 10_000),
      minSupplyShares: BigInt(parseInteger(env, 'YIELD_MIN_VAULT_SUPPLY_SHARES', 1, 0, 1_000_000_000)),
    },
  };
}

/** A factor such as `3` or `2.5` (up to 2 decimals, 0–1000) as basis points (`3` → 30,000). */
function parseFactorBps(env: Env, variable: string, fallback: string): bigint {
  const raw = env[variable]?.trim() || fallback;
  const match = /^([0-9]{1,4})(?:\.([0-9]{1,2}))?$/.exec(raw);
  const bps = match
    ? BigInt(match[1] as string) * 10_000n + BigInt((match[2] ?? '').padEnd(2, '0')) * 100n
    : -1n;
  if (bps < 0n || bps > 10_000_000n) {
    throw new ConfigError(variable, 'must be a number from 0 to 1000 with at most 2 decimals, e.g. 3 or 2.5');
  }
  return bps;
}

/** `PORTFOLIO_BATCH_SIZE` and the per-chain `PORTFOLIO_USD_TOKEN_<CHAIN>`, `PORTFOLIO_TOKENS_<CHAIN>`, `PORTFOLIO_VAULTS_<CHAIN>`. */
function parsePortfolio(env: Env): PortfolioConfig {
  const known = new Set(chains.map((c) => c.name.toUpperCase()));
  for (const variable of Object.keys(env)) {
    const match = /^PORTFOLIO_(USD_TOKEN|TOKENS|VAULTS)_(.+)$/.exec(variable);
    if (match?.[2] !== undefined && !known.has(match[2])) {
      throw new ConfigError(
        variable,
        `unknown chain; use one of ${[...known].map((n) => `PORTFOLIO_${match[1]}_${n}`).join(', ')}`,
      );
    }
  }
  const addresses = (variable: string, raw: string): `0x${string}`[] =>
    parseAddressList({ variable, raw, max: 1_000 });
  const usdTokens = new Map<number, `0x${string}` | null>();
  const tokens = new Map<number, `0x${string}`[]>();
  const vaults = new Map<number, `0x${string}`[]>();
  for (const chain of chains) {
    const name = chain.name.toUpperCase();
    const usd = env[`PORTFOLIO_USD_TOKEN_${name}`]?.trim();
    if (usd) {
      const variable = `PORTFOLIO_USD_TOKEN_${name}`;
      if (usd.includes(',')) throw new ConfigError(variable, 'must be one 0x address or "none"');
      usdTokens.set(chain.id, usd.toLowerCase() === 'none' ? null : (addresses(variable, usd).at(0) ?? null));
    }
    const extra = env[`PORTFOLIO_TOKENS_${name}`]?.trim();
    if (extra) tokens.set(chain.id, addresses(`PORTFOLIO_TOKENS_${name}`, extra));
    const vault = env[`PORTFOLIO_VAULTS_${name}`]?.trim();
    if (vault) vaults.set(chain.id, addresses(`PORTFOLIO_VAULTS_${name}`, vault));
  }
  return {
    batchSize: parseInteger(
      env,
      'PORTFOLIO_BATCH_SIZE',
      DEFAULT_PORTFOLIO_BATCH_SIZE,
      1,
      MAX_PORTFOLIO_BATCH_SIZE,
    ),
    usdTokens,
    tokens,
    vaults,
  };
}

/**
 * The part of the configuration the operator CLI needs (no API key, no chains): where the database is and the
 * configured spend caps. `loadConfig` reads them the same way.
 *
 * @example
 * ```ts
 * const { dataDir, governor } = loadOperatorConfig(process.env);
 * ```
 */
export function loadOperatorConfig(env: Env): Pick<Config, 'dataDir' | 'governor'> {
  const governor = {
    maxPerTx: parseEth(env, 'GOVERNOR_MAX_PER_TX', '0.05'),
    dailyLimit: parseEth(env, 'GOVERNOR_DAILY_LIMIT', '0.5'),
    sessionLimit: parseEth(env, 'GOVERNOR_SESSION_LIMIT', '1.0'),
    dailyWindow: (env.GOVERNOR_DAILY_WINDOW?.trim() || 'rolling-24h') as 'rolling-24h' | 'utc-day',
  };
  if (governor.dailyWindow !== 'rolling-24h' && governor.dailyWindow !== 'utc-day') {
    throw new ConfigError('GOVERNOR_DAILY_WINDOW', 'must be rolling-24h or utc-day');
  }

  const dataDir = (env.DATA_DIR ?? './.data').trim() || './.data';
  return { governor, dataDir };
}

function parseConfirmMode(raw: string | undefined): { mode: ConfirmMode; text: string } {
  const text = (raw ?? 'off').trim().toLowerCase() || 'off';
  if (text === 'off' || text === 'unknown' || text === 'all') return { mode: { kind: text }, text };
  const above = /^above:(.+)$/.exec(text);
  if (above?.[1] !== undefined) {
    try {
      return { mode: { kind: 'above', thresholdWei: parseEther(above[1]) }, text };
    } catch {
      // fall through to the error below
    }
  }
  throw new ConfigError('CONFIRM_MODE', 'must be off, unknown, all or above:<eth> (e.g. above:0.01)');
}

function parseInteger(env: Env, variable: string, fallback: number, min: number, max: number): number {
  const raw = env[variable]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^[0-9]+$/.test(raw)) throw new ConfigError(variable, `must be an integer from ${min} to ${max}`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(variable, `must be an integer from ${min} to ${max}`);
  return value;
}

function parseEth(env: Env, variable: string, fallback: string): bigint {
  const raw = env[variable]?.trim() || fallback;
  try {
    return parseEther(raw);
  } catch {
    throw new ConfigError(
      variable,
      'must be a non-negative decimal ETH amount with at most 18 decimals, e.g. 0.05',
    );
  }
}

function parseUrl(env: Env, variable: string, fallback: string): string {
  const raw = env[variable]?.trim() || fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(variable, 'must be an http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(variable, 'must be an http(s) URL');
  return raw.replace(/\/+$/, '');
}

function parseBoolean(env: Env, variable: string, fallback: boolean): boolean {
  const raw = env[variable]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new ConfigError(variable, 'must be true or false');
}

function parseOrigins(raw: string): string[] {
  const entries = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const origins: string[] = [];
  for (const [index, entry] of entries.entries()) {
    if (entry.includes('*')) {
      throw new ConfigError(
        'CORS_ALLOWED_ORIGINS',
        'must not contain "*": credentials are always allowed, so every origin must be listed explicitly',
      );
    }
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw new ConfigError(
        'CORS_ALLOWED_ORIGINS',
        `entry ${index + 1} is not an origin (expected e.g. https://app.example.com)`,
      );
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== entry.replace(/\/$/, '')) {
      throw new ConfigError(
        'CORS_ALLOWED_ORIGINS',
        `entry ${index + 1} must be a bare origin like https://app.example.com (no path, query or credentials)`,
      );
    }
    origins.push(url.origin);
  }
  return origins;
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}
