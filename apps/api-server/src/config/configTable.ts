import type { ConfigRow } from './ConfigRow.js';
import {
  BRIDGE_ALLOWED_CONTRACTS,
  BRIDGE_MAX_PRICE_IMPACT_BPS,
  BRIDGE_QUOTE_TTL_SECONDS,
  BRIDGE_STATUS_MAX_POLL_MS,
  BRIDGE_STATUS_POLL_MS,
  BRIDGE_STUCK_FACTOR,
  BRIDGE_STUCK_MIN_SECONDS,
  LIFI_API_KEY,
  LIFI_BASE_URL,
  LIFI_TIMEOUT_MS,
} from './schema/bridge.js';
import {
  DEFAULT_CHAIN,
  DEXSCREENER_BASE_URL,
  GOPLUS_ACCESS_TOKEN,
  GOPLUS_BASE_URL,
  PROVIDER_CACHE_TTL_MS,
  PROVIDER_TIMEOUT_MS,
  RPC_TIMEOUT_MS,
  RPC_CHAIN_RECHECK_SECONDS,
  RPC_URL,
  SOLANA_RPC_URL,
  UNISWAP_V2,
  UNISWAP_V3,
  WALLET_KEYSTORE_PASSWORD,
  WALLET_KEYSTORE_PATH,
  WALLET_PRIVATE_KEY,
} from './schema/chains.js';
import {
  APPROVAL_LOG_CHUNK_BLOCKS,
  APPROVAL_MAX_AGE_DAYS,
  APPROVAL_RESET_INTERVAL_MS,
  APPROVAL_REVOKE_MAX_PER_RUN,
  APPROVAL_SCAN_LOOKBACK_BLOCKS,
  APPROVAL_SCAN_START,
  DCA_CONCURRENCY,
  DCA_MAX_CONSECUTIVE_FAILURES,
  DCA_MAX_FEE_SHARE,
  DCA_TICK_SECONDS,
  PORTFOLIO_BATCH_SIZE,
  PORTFOLIO_TOKENS,
  PORTFOLIO_USD_TOKEN,
  PORTFOLIO_VAULTS,
  WATCHER_INTERVAL_SECONDS,
  WATCHER_LARGE_OUTGOING_ETH,
  WATCHER_MAX_WALLETS,
  WATCHER_MIN_CHANGE_ETH,
} from './schema/features.js';
import {
  CONFIRM_MODE,
  CONFIRM_TTL_SECONDS,
  GAS_PRICE_CEILING_GWEI,
  GOVERNOR_DAILY_LIMIT,
  GOVERNOR_DAILY_WINDOW,
  GOVERNOR_MAX_PER_TX,
  GOVERNOR_SESSION_LIMIT,
  GATEWAY_EFFECTS,
  MAX_PENDING_PER_SENDER,
  MAX_SLIPPAGE_BPS,
  MAX_VALUE_LOSS_BPS,
  PRICING_MAX_TWAP_DEVIATION_BPS,
  PRICING_MIN_LIQUIDITY_ETH,
  RECEIPT_TIMEOUT_MS,
  PREPARING_STALE_MS,
  SENDER_WINDOW_WAIT_MS,
  TX_REPLACE_AFTER_MS,
} from './schema/gateway.js';
import {
  API_HOST,
  API_PORT,
  CORS_ALLOWED_ORIGINS,
  DATA_DIR,
  REBASE_CHAIN_DATA,
  ENABLE_CONSOLE,
  ENABLE_WALLET_CREATE_ENDPOINT,
  EVENTS_HEARTBEAT_SECONDS,
  EVENTS_MAX_STREAMS,
  EVENTS_MAX_STREAMS_PER_CLIENT,
  LOG_LEVEL,
  STORE_BACKEND,
  DATABASE_URL,
  JOB_LEASE_SECONDS,
  SHUTDOWN_DRAIN_MS,
  WEB3_API_KEY,
  WEB3_OPERATOR_KEY,
} from './schema/server.js';
import {
  YIELD_COMPOUND_GAS_LIMIT,
  YIELD_COMPOUND_HORIZON_DAYS,
  YIELD_COMPOUND_MIN_GAIN_FACTOR,
  YIELD_DEFILLAMA_API_KEY,
  YIELD_DEFILLAMA_BASE_URL,
  YIELD_DEFILLAMA_MAX_BODY_MB,
  YIELD_DEFILLAMA_TIMEOUT_MS,
  YIELD_DEPOSIT_TOLERANCE_BPS,
  YIELD_FROZEN_AFTER_HOURS,
  YIELD_MAX_DATA_AGE_SECONDS,
  YIELD_MIN_HISTORY_DAYS,
  YIELD_MIN_TVL_USD,
  YIELD_MIN_VAULT_SUPPLY_SHARES,
  YIELD_POOLS_TTL_SECONDS,
  YIELD_REWARD_HAIRCUT_BPS,
  YIELD_SAMPLE_INTERVAL_SECONDS,
  YIELD_STALE_MAX_SECONDS,
  YIELD_VAULTS,
  YIELD_VERIFY_MAX,
} from './schema/yield.js';

/**
 * Every variable the server reads, in the order of the README's configuration table: one row per line of that
 * table (related variables share a row and its text). The README's table and `pnpm start --help` are rendered from
 * this list (`renderConfigTable`, `renderHelp`); `configTable.test.ts` fails when the README is not the rendering.
 */
export const configTable: readonly ConfigRow[] = [
  {
    variables: [WEB3_API_KEY],
    doc: '**Required.** The server does not start without it (exit code 1). At least 16 characters; 64 random hex characters suggested.',
  },
  {
    variables: [WEB3_OPERATOR_KEY],
    doc: 'Optional operator credential, sent as `X-Operator-Key`: releasing the kill switch, changing the caps and deciding held actions need it. At least 32 characters and different from `WEB3_API_KEY` (startup fails otherwise). Without it those routes answer 403 `OPERATOR_KEY_NOT_CONFIGURED` and the operator uses the CLI (`pnpm operator`).',
  },
  {
    variables: [CONFIRM_MODE],
    doc: "Which fund-moving actions wait for an operator's approval: `off` (caps only), `above:<eth>` (worth more than that, gas not counted), `unknown` (what would be refused only for an unknown value or unknown token safety is held instead), `all` (everything that moves value; exact approvals and revokes move none). A honeypot, a veto, a known excessive tax, a revert or a cap is never held: it is refused.",
  },
  {
    variables: [WATCHER_INTERVAL_SECONDS],
    doc: 'Background check cycle of the wallet watcher (0–86400; 0 = only `POST /watcher/check`). Two cycles never overlap.',
  },
  {
    variables: [WATCHER_MIN_CHANGE_ETH, WATCHER_LARGE_OUTGOING_ETH],
    doc: 'Default thresholds of a watched wallet (ETH-equivalent): a balance change that alerts; an outgoing transfer that is a `large-outgoing` alert.',
  },
  {
    variables: [WATCHER_MAX_WALLETS],
    doc: 'Most wallets watched at once (1–100000); more → 409 `WATCH_LIMIT_REACHED`.',
  },
  {
    variables: [EVENTS_HEARTBEAT_SECONDS],
    doc: 'Comment lines on idle `GET /events` streams (1–300), so proxies keep them open.',
  },
  {
    variables: [EVENTS_MAX_STREAMS, EVENTS_MAX_STREAMS_PER_CLIENT],
    doc: "Most `GET /events` streams open at once in all (more → 503 `EVENT_STREAMS_FULL`) and per client address (more → 429 `TOO_MANY_STREAMS`); behind a proxy every client is the proxy's address.",
  },
  {
    variables: [CONFIRM_TTL_SECONDS],
    doc: "How long a held action waits (1–86400); then it is denied as expired. A held swap's deadline is extended by this much.",
  },
  {
    variables: [API_HOST],
    doc: 'IP address or `localhost`. Any non-loopback address (e.g. `0.0.0.0`) logs a network-exposure warning.',
  },
  {
    variables: [API_PORT],
    doc: '0–65535 (0 = any free port).',
  },
  {
    variables: [CORS_ALLOWED_ORIGINS],
    doc: 'Comma-separated bare origins (`https://app.example.com`). Empty = no cross-origin access. Any entry containing `*` fails startup (credentials are always allowed).',
    defaultText: 'empty',
  },
  {
    variables: [ENABLE_WALLET_CREATE_ENDPOINT],
    doc: '`true` enables `POST /wallet/create`.',
  },
  {
    variables: [ENABLE_CONSOLE],
    doc: 'Serve the operator console at `/console`. On any other address it is off unless set to `true`: then put it behind HTTPS (see "Operator console").',
    defaultText: '`true` on a loopback `API_HOST`, else `false`',
  },
  {
    variables: [RPC_URL],
    doc: 'JSON-RPC URL per chain, e.g. `RPC_URL_ETHEREUM`, `RPC_URL_BASE`, `RPC_URL_ARBITRUM`, `RPC_URL_OPTIMISM`, `RPC_URL_POLYGON`, `RPC_URL_BSC`, `RPC_URL_AVALANCHE`, `RPC_URL_LINEA`, `RPC_URL_SEPOLIA`, `RPC_URL_DEVNET`. May carry credentials; never logged. A name that is not a registry chain (e.g. `RPC_URL_MAINNET`) fails startup.',
  },
  {
    variables: [DEFAULT_CHAIN],
    doc: 'Chain (name, alias or id) used when a request names none; must have an RPC URL. Without it, a server with exactly one `RPC_URL_<CHAIN>` uses that chain; with several, `chain` is required.',
  },
  {
    variables: [RPC_TIMEOUT_MS],
    doc: 'Per-call RPC time-out (100–120000).',
  },
  {
    variables: [RPC_CHAIN_RECHECK_SECONDS],
    doc: "How long a node's chain id (`eth_chainId`, proved at first use) is trusted: a fund-moving send older than this since the last proof asks the node again, and one that now serves another chain is refused 502 `RPC_CHAIN_MISMATCH` before anything is reserved or signed (reads refuse it too from then on). `0`: before every send.",
  },
  {
    variables: [WALLET_PRIVATE_KEY],
    doc: "The wallet's key (64 hex, optional `0x`). Mutually exclusive with the keystore.",
  },
  {
    variables: [WALLET_KEYSTORE_PATH, WALLET_KEYSTORE_PASSWORD],
    doc: 'An Ethereum JSON keystore file and its password.',
  },
  {
    variables: [GOPLUS_BASE_URL, GOPLUS_ACCESS_TOKEN],
    doc: 'GoPlus token-security API (the token is optional and secret).',
  },
  {
    variables: [DEXSCREENER_BASE_URL],
    doc: 'DexScreener API (liquidity, volume, pair age).',
  },
  {
    variables: [SOLANA_RPC_URL],
    doc: 'Solana JSON-RPC for SPL mint checks; without it, Solana reports list the mint checks as not done.',
  },
  {
    variables: [PROVIDER_TIMEOUT_MS, PROVIDER_CACHE_TTL_MS],
    doc: 'Time-out of each provider call; how long provider answers are reused (0 = never).',
  },
  {
    variables: [UNISWAP_V2],
    doc: "`<router02>,<factory>,<weth>`: the chain's Uniswap V2 deployment and wrapped native token, overriding the registry (swaps, on-chain token simulation). `pnpm demo` sets it for the devnet.",
    defaultText: 'from the chain registry (Ethereum mainnet built in)',
  },
  {
    variables: [UNISWAP_V3],
    doc: '`<factory>,<swapRouter>,<quoterV2>[,SwapRouter\\|SwapRouter02]` (default kind `SwapRouter`, whose parameters carry a deadline).',
    defaultText: 'from the chain registry (Ethereum, Optimism, Arbitrum, Polygon, Base built in)',
  },
  {
    variables: [MAX_SLIPPAGE_BPS],
    doc: 'Highest slippage a swap may accept (0–5000 bps); above it a quote or execute is 422.',
  },
  {
    variables: [PRICING_MIN_LIQUIDITY_ETH],
    doc: 'Depth floor: a pool that pays out less wrapped native than this within 5% of its price (V2 reserves; V3 what a sale across the band actually pays, QuoterV2 — WETH out of range, merely sent to the pool, or in a position ending at the spot counts for nothing) is neither a price source nor a swap route (a token priced only through such pools is `VALUE_UNKNOWN`).',
  },
  {
    variables: [PRICING_MAX_TWAP_DEVIATION_BPS],
    doc: 'A V3 pool whose spot is further than this (0–100000 bps) from its own 30-minute TWAP is not a price source; nor is a pool that cannot answer `observe` for the window (a new pool).',
  },
  {
    variables: [RECEIPT_TIMEOUT_MS],
    doc: 'How long an executing request waits for its receipt before answering 202 `pending` (100–600000).',
  },
  {
    variables: [TX_REPLACE_AFTER_MS],
    doc: 'A transaction not mined after this long is replaced (same nonce, fees +12.5% or more, at most 3 times).',
  },
  {
    variables: [GAS_PRICE_CEILING_GWEI],
    doc: 'Highest max fee per gas ever signed; a network asking more blocks new sends with `GAS_PRICE_ABOVE_CEILING`.',
  },
  {
    variables: [MAX_PENDING_PER_SENDER],
    doc: 'At most this many unmined transactions of the wallet per chain (1–1024; nodes keep 16 per account). An execution beyond it waits for a slot, holding its reservation.',
  },
  {
    variables: [SENDER_WINDOW_WAIT_MS],
    doc: 'How long an execution beyond `MAX_PENDING_PER_SENDER` waits for a slot (0–600000) before 503 `SENDER_WINDOW_FULL` with `Retry-After`; nothing is signed.',
  },
  {
    variables: [PREPARING_STALE_MS],
    doc: 'With PostgreSQL (`DATABASE_URL`) only: how old (1000–3600000 ms since its last write) an execution still being prepared — nothing signed yet — must be before the reconciler marks it `INTERRUPTED` and releases its reservation; another instance may still be preparing a younger one. Keep it above the longest preparation (RPC reads and `SENDER_WINDOW_WAIT_MS`). With SQLite one process owns the data and an interrupted preparation is released at once.',
  },
  {
    variables: [GATEWAY_EFFECTS],
    doc: 'What a node answering neither `eth_simulateV1` nor `debug_traceCall` gets: `required` refuses every execution 503 `EFFECTS_SIMULATION_UNSUPPORTED` (nothing signed); `models-only` signs without checking the simulated effects (reverts still found by `eth_estimateGas`). Any other value fails startup.',
  },
  {
    variables: [MAX_VALUE_LOSS_BPS],
    doc: 'How much less than the value charged a swap’s simulated output may be worth, valued by the pricing rules (`MAX_SLIPPAGE_BPS`–10000 bps): slippage plus pool fees and price impact; the tokens’ own known taxes are allowed on top. Beyond it → 422 `EFFECT_VALUE_LOSS`, nothing signed.',
  },
  {
    variables: [GOVERNOR_MAX_PER_TX, GOVERNOR_DAILY_LIMIT, GOVERNOR_SESSION_LIMIT],
    doc: 'Spend caps in ETH-equivalent, exact decimals (≤ 18 places); `nan`, negatives, exponents are refused at startup.',
  },
  {
    variables: [GOVERNOR_DAILY_WINDOW],
    doc: '`rolling-24h` (no double spend around a reset) or `utc-day`.',
  },
  {
    variables: [DATA_DIR],
    doc: "Where the SQLite database lives (governor ledger and kill switch, execution records and idempotency keys, DCA orders and fills, watched wallets, vault share-price samples). A relative path is resolved against the folder the command was started from (where you typed `pnpm start`, not the package's folder); the server logs the absolute path at start. `pnpm demo` keeps each run in its own `<DATA_DIR>/demo/<time>-<chain id>-<start block hash>` (its devnet is new at every start; the banner prints it) and points to the running one in `<DATA_DIR>/demo/current.json`.",
  },
  {
    variables: [REBASE_CHAIN_DATA],
    doc: 'The server refuses to start on a `DATA_DIR` (or the PostgreSQL of `DATABASE_URL`) whose records were made on another instance of a chain (its genesis hash differs from the one stored, or its head is below the blocks the data refers to: a devnet started anew, a node of another network). Listing the chain id here keeps the data and re-bases it on the chain as it is now (approval scans re-check their own block hashes).',
    defaultText: 'none',
  },
  {
    variables: [STORE_BACKEND],
    doc: 'Where every store lives: `sqlite` (the database under `DATA_DIR`; survives restarts, shared with the operator CLI), `postgres` (chosen by setting `DATABASE_URL`; several instances share it) or `memory` (nothing survives a restart — spend, the kill switch and records included — and the CLI cannot reach it; tests and throw-away runs, with a warning at startup).',
  },
  {
    variables: [SHUTDOWN_DRAIN_MS],
    doc: "On `SIGTERM`/`SIGINT`, the most the server waits (0–600000 ms) for requests and jobs in flight (an execute waiting for its receipt, a DCA fill) after it stops accepting (503 `SHUTTING_DOWN`). Then it stops them where they are and closes the database: an execution already signed stays recorded with its reservation counted and is settled from the chain at the next start, never signed again; one not yet signed is marked `INTERRUPTED` and its reservation released. Keep it below the orchestrator's kill grace period (Kubernetes: 30 s).",
  },
  {
    variables: [JOB_LEASE_SECONDS],
    doc: 'With `DATABASE_URL`: the lease of a background job that runs on one instance at a time (reconciler, held actions, watcher, bridge follower, vault sampler, DCA scheduler, approval resetter), on the database clock. The holder renews it every third of it; after a crash another instance takes the job over within 4/3 of it.',
  },
  {
    variables: [DATABASE_URL],
    doc: "`postgres://user:password@host:5432/db` (secret): every store in one PostgreSQL, so several instances behind a load balancer share one set of caps, one kill switch, one record of executions, DCA fills and jobs (see Deployment). Tables are created at startup, versioned, under an advisory lock. The daily cap is shared and measured on the database's clock; the session cap counts what this instance reserved since it started.",
  },
  {
    variables: [LOG_LEVEL],
    doc: '`fatal`, `error`, `warn`, `info`, `debug`, `trace`, `silent`.',
  },
  {
    variables: [APPROVAL_SCAN_START],
    doc: "First block of an owner's first approval scan on that chain (e.g. the wallet's first transaction), when the request gives no `fromBlock`.",
  },
  {
    variables: [APPROVAL_SCAN_LOOKBACK_BLOCKS],
    doc: 'Without `fromBlock` or a per-chain start, a first scan reads this many blocks below the head (1–100,000,000). Older approvals are found only by asking for them (`fromBlock=0`).',
  },
  {
    variables: [APPROVAL_LOG_CHUNK_BLOCKS],
    doc: 'Largest `eth_getLogs` range ever asked (1–1,000,000); chunks start at 2,000 (or this, if smaller), halve when the node refuses and grow back after successes.',
  },
  {
    variables: [APPROVAL_MAX_AGE_DAYS],
    doc: 'An approval last made longer ago (chain time) is `stale` in the risk report (0–36,500; 0 turns the factor off).',
  },
  {
    variables: [APPROVAL_REVOKE_MAX_PER_RUN],
    doc: '`POST /approval/revoke-all-unlimited` sends at most this many revokes per run (1–1,000); the rest are listed (`skipped`, `REVOKE_RUN_LIMIT`) for the operator.',
  },
  {
    variables: [APPROVAL_RESET_INTERVAL_MS],
    doc: 'How often the approvals the gateway granted for a bridge or a deposit (its **outstanding approvals**, kept in the database) are checked; each is reset to zero (`revoke`) once its action is settled, denied, expired or refused, and retried until the allowance reads 0 on chain — after a restart, and also while the kill switch is engaged (a reset to zero of an approval the gateway recorded is the one thing besides the operator’s cancel that passes it). Also the grace the bridge follower gets to reset first (200–3,600,000).',
  },
  {
    variables: [PORTFOLIO_BATCH_SIZE],
    doc: 'Tokens per Multicall3 balance request of `/portfolio/*` (1–1000): a snapshot of N tokens on a chain makes `ceil(N / batch)` balance requests, plus at most one ERC-4626 conversion request and one pricing request.',
  },
  {
    variables: [PORTFOLIO_USD_TOKEN],
    doc: "The stablecoin whose Uniswap pools against the wrapped native give USD figures (1 token = 1 USD), or `none`. Without one, USD figures of that chain are `null`. The devnet has no default: set it to the devnet's USDC.",
    defaultText:
      "the chain's USDC from the built-in token list (Ethereum, Optimism, Polygon, Base, Arbitrum); none elsewhere",
  },
  {
    variables: [PORTFOLIO_TOKENS],
    doc: "Comma-separated token addresses read by `/portfolio/*` on top of the chain's token list (`decimals()`/`symbol()`/`name()` read in the same batch).",
  },
  {
    variables: [DCA_TICK_SECONDS],
    doc: 'How often the DCA scheduler looks for due fills (0–86400; `0` = the scheduler does not run: orders can be created and read, nothing fills). Two ticks never overlap; the server stops it on shutdown after the tick under way.',
  },
  {
    variables: [DCA_MAX_FEE_SHARE],
    doc: "**Basis points** (0–10000; 500 = 5%): a fill whose worst-case fee (the gateway's rule, approval included) is above this share of its value is skipped `DCA_FEE_TOO_HIGH`, and an order whose fills would all be skipped at today's gas is refused at creation. A decimal (`0.05`) or a percent (`5%`) fails startup rather than being misread.",
  },
  {
    variables: [DCA_MAX_CONSECUTIVE_FAILURES],
    doc: 'An order pauses itself (`CONSECUTIVE_FAILURES`) after this many failed fills in a row (1–1000); a daily cap reached or the kill switch is not a failure.',
  },
  {
    variables: [DCA_CONCURRENCY],
    doc: 'Orders one tick processes at the same time (1–64); one order never runs two fills at once.',
  },
  {
    variables: [PORTFOLIO_VAULTS],
    doc: "Comma-separated ERC-4626 vaults whose shares are valued through `convertToAssets` and the asset's price. List only vaults you trust: a vault's own answers decide its value.",
  },
  {
    variables: [YIELD_DEFILLAMA_BASE_URL, YIELD_DEFILLAMA_API_KEY],
    doc: "DefiLlama's yields API (`/pools`, `/chart/{pool}`). The key (optional, secret; DefiLlama Pro, 1–200 of `A-Za-z0-9_-`) goes into the path: set the base to `https://pro-api.llama.fi` and requests go to `{base}/{key}/yields/pools`. Never logged, never in an error.",
  },
  {
    variables: [YIELD_DEFILLAMA_TIMEOUT_MS, YIELD_DEFILLAMA_MAX_BODY_MB],
    doc: 'One deadline over each whole DefiLlama response, body included (100–300000); the largest body read (1–1024 MiB; the ~20,000-pool list is ~15 MiB), cut off beyond it.',
  },
  {
    variables: [YIELD_POOLS_TTL_SECONDS],
    doc: 'The pool list is fetched at most once per this (1–86400) and filtered locally; concurrent requests share one refresh. After a failed refresh the provider is not asked again for `min(60 s, TTL)` (or its `Retry-After`).',
  },
  {
    variables: [YIELD_STALE_MAX_SECONDS],
    doc: 'After a failed refresh the cached list is served marked `stale` with its age until it is this old (0–604800); then `/yield/*` answers 503 `YIELD_DATA_UNAVAILABLE`.',
  },
  {
    variables: [YIELD_MAX_DATA_AGE_SECONDS, YIELD_FROZEN_AFTER_HOURS],
    doc: 'Ranking freshness: figures older than this are `DATA_STALE`; a pool whose data has not advanced for this long (`count` unchanged, newest chart point) is `POOL_FROZEN`.',
  },
  {
    variables: [YIELD_MIN_TVL_USD, YIELD_MIN_HISTORY_DAYS],
    doc: "Ranking hard filters: the TVL floor (whole USD) and the days of history (DefiLlama `count`; a vault's sample span).",
  },
  {
    variables: [YIELD_REWARD_HAIRCUT_BPS],
    doc: 'Share of a reward APY counted when every reward token is safe (0–10000); reward tokens of unknown safety count 0.',
  },
  {
    variables: [YIELD_VERIFY_MAX],
    doc: 'Most contenders `/yield/best` checks (token safety, DefiLlama chart) per request (1–100); beyond it `best` is `null` with the reason.',
  },
  {
    variables: [YIELD_VAULTS],
    doc: "Comma-separated ERC-4626 vaults (at most 100) offered as opportunities and valued by `/yield/portfolio`. `pnpm demo` sets the devnet's vault.",
  },
  {
    variables: [YIELD_SAMPLE_INTERVAL_SECONDS],
    doc: "How often the share price of every `YIELD_VAULTS_<CHAIN>` vault is sampled into SQLite (0–86400; 0 = off). A vault's APY is measured from these samples.",
  },
  {
    variables: [YIELD_COMPOUND_MIN_GAIN_FACTOR],
    doc: '`POST /yield/compound` deposits only when the gain expected over the horizon reaches the worst-case gas × this factor (0–1000, up to 2 decimals); otherwise it answers `skipped` with the numbers.',
  },
  {
    variables: [YIELD_COMPOUND_HORIZON_DAYS],
    doc: "The horizon the compound's gain is counted over (1–3650 days), at the vault's measured yield (simple interest at `ln(1 + APY)`, the lower of the last day's and the 30-day mean).",
  },
  {
    variables: [YIELD_COMPOUND_GAS_LIMIT],
    doc: "Gas units the compound's worst case counts for the exact approval and the deposit together (21000–30000000), priced at the fee the gateway may sign after every replacement, capped at `GAS_PRICE_CEILING_GWEI`.",
  },
  {
    variables: [YIELD_DEPOSIT_TOLERANCE_BPS, YIELD_MIN_VAULT_SUPPLY_SHARES],
    doc: "Deposit pre-flight: how far `previewDeposit` may fall below `convertToShares` (0–10000 bps; fees or slippage); the fewest whole shares a vault's supply must hold (share-inflation risk of a near-empty vault).",
  },
  {
    variables: [LIFI_BASE_URL, LIFI_API_KEY, LIFI_TIMEOUT_MS],
    doc: "LI.FI's API (`/v1/quote`, `/v1/status`, `/v1/chains`, `/v1/tools`) for `/bridge/*`; the key (optional, secret) is sent as `x-lifi-api-key`, never logged.",
  },
  {
    variables: [BRIDGE_ALLOWED_CONTRACTS],
    doc: "Comma-separated contracts (at most 20) a bridge quote from that source chain may call and name as spender, on top of LI.FI's pinned diamond and Permit2Proxy (`LIFI_CONTRACTS`); `<CHAIN>` is the chain name upper-cased with `-` → `_` (`BRIDGE_ALLOWED_CONTRACTS_DEVNET_B`). Never taken from a provider answer; a chain with neither allows nothing.",
  },
  {
    variables: [BRIDGE_QUOTE_TTL_SECONDS],
    doc: "A quote older than this (1–3600) is re-quoted before it is executed; a fresh minimum below the first quote's output less the slippage asked → 409 `BRIDGE_REQUOTE_DROPPED`.",
  },
  {
    variables: [BRIDGE_MAX_PRICE_IMPACT_BPS],
    doc: "Sent to LI.FI as `maxPriceImpact` (1–999 bps: always below LI.FI's default of 10%), and enforced here: a quote whose promised minimum, valued on the destination chain, loses more than this + the slippage asked + the listed fees is refused (`BRIDGE_VALUE_LOSS_TOO_HIGH`).",
  },
  {
    variables: [BRIDGE_STATUS_POLL_MS, BRIDGE_STATUS_MAX_POLL_MS],
    doc: "How a transfer is followed: LI.FI's `/status` is read after the first wait, then with the wait doubling up to the maximum, until the transfer is terminal.",
  },
  {
    variables: [BRIDGE_STUCK_FACTOR, BRIDGE_STUCK_MIN_SECONDS],
    doc: 'A transfer still pending after factor × the quoted duration (and at least the minimum) is `stuck`: alerted, still followed.',
  },
];
