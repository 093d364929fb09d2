import type { ChainInfo, ConfirmMode } from '@org/chain-evm';
import type { BridgeConfig } from '../bridge/parseBridgeConfig.js';

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
  /** Most `GET /events` streams in all and per client address (`EVENTS_MAX_STREAMS`, `EVENTS_MAX_STREAMS_PER_CLIENT`). */
  eventStreams: { total: number; perClient: number };
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
  /** `RPC_CHAIN_RECHECK_SECONDS` × 1000: how long a node's proved chain id is trusted before a send asks again. */
  rpcChainRecheckMs: number;
  wallet: WalletKeySource;
  dataDir: string;
  /** `REBASE_CHAIN_DATA`: chains whose data may be re-based on another instance of the chain (issue 32). */
  rebaseChains: readonly number[] | 'all';
  /** Where the stores live (`STORE_BACKEND`, default `sqlite`). */
  storeBackend: 'sqlite' | 'memory' | 'postgres';
  /** `DATABASE_URL`: the PostgreSQL of `storeBackend: 'postgres'` (a secret: never logged). */
  databaseUrl: string | undefined;
  /** `JOB_LEASE_SECONDS` in ms: a once-only job's lease. */
  jobLeaseMs: number;
  /** `SHUTDOWN_DRAIN_MS`: the most a graceful shutdown waits for requests and jobs in flight. */
  shutdownDrainMs: number;
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
    /**
     * With PostgreSQL: how old an unsigned (`preparing`) execution must be before the reconciler interrupts it
     * (`PREPARING_STALE_MS`, default 300000); another instance may be preparing a younger one.
     */
    preparingStaleMs: number;
    /**
     * What a node without `eth_simulateV1` and `debug_traceCall` gets (`GATEWAY_EFFECTS`): `required` (default) refuses
     * every execution `EFFECTS_SIMULATION_UNSUPPORTED`; `models-only` signs on the models alone (reverts found by
     * `eth_estimateGas`, no effects checked).
     */
    effects: 'required' | 'models-only';
    /**
     * The most of the value charged a swap's simulated output may fall short of, valued by the pricing rules
     * (`MAX_VALUE_LOSS_BPS`, default `MAX_SLIPPAGE_BPS` + 400), in basis points; beyond it → `EFFECT_VALUE_LOSS`.
     */
    maxValueLossBps: number;
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
    /** Revokes one revoke-all run sends at most (`APPROVAL_REVOKE_MAX_PER_RUN`, default 20); the rest are listed. */
    revokeMaxPerRun: number;
    /**
     * How often the gateway's outstanding approvals are checked and reset to zero once their action is over
     * (`APPROVAL_RESET_INTERVAL_MS`, default 15,000); also the grace an action's own follower gets to reset first.
     */
    resetIntervalMs: number;
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
