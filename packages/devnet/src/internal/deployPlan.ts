// The devnet's layout: which tokens exist and how much liquidity each pool gets. Part of the state-cache key,
// so changing anything here invalidates cached states automatically.

const E18 = 10n ** 18n;
const E6 = 10n ** 6n;
const E8 = 10n ** 8n;

/** Bump when the deployment procedure changes in a way the plan below does not capture. */
export const LAYOUT_VERSION = 'devnet-layout-9';

export type PlanTokenKey =
  | 'weth'
  | 'usdc'
  | 'dai'
  | 'wbtc'
  | 'honeypot'
  | 'feeToken'
  | 'highTax'
  | 'switchable'
  | 'thin'
  | 'lonely'
  | 'buyTax';

export interface PlanErc20 {
  key: 'usdc' | 'dai' | 'wbtc';
  name: string;
  symbol: string;
  decimals: number;
}

export const PLAN_ERC20S: readonly PlanErc20[] = [
  { key: 'usdc', name: 'USD Coin', symbol: 'USDC', decimals: 6 },
  { key: 'dai', name: 'Dai Stablecoin', symbol: 'DAI', decimals: 18 },
  { key: 'wbtc', name: 'Wrapped BTC', symbol: 'WBTC', decimals: 8 },
];

export const PLAN_HONEYPOT = { name: 'Devnet Honeypot', symbol: 'HONEY', decimals: 18 } as const;
export const PLAN_FEE_TOKEN = { name: 'Devnet Fee Token', symbol: 'FEE', decimals: 18 } as const;
export const PLAN_VAULT = { name: 'Devnet USDC Vault', symbol: 'dvUSDC', decimals: 6 } as const;
export const PLAN_HIGH_TAX = { name: 'Devnet High Tax', symbol: 'TAX', decimals: 18 } as const;
// Deployed last of all (after the vault is seeded), so every address above stays what it was.
export const PLAN_SWITCHABLE = { name: 'Devnet Switchable', symbol: 'SWITCH', decimals: 18 } as const;
export const PLAN_THIN = { name: 'Devnet Thin Liquidity', symbol: 'THIN', decimals: 18 } as const;
export const PLAN_LONELY = { name: 'Devnet Lonely', symbol: 'LONE', decimals: 18 } as const;
// An OpenZeppelin ERC-721 (operator approvals), deployed after everything above so no earlier address moves.
export const PLAN_COLLECTIBLE = { name: 'Devnet Collectible', symbol: 'DNFT' } as const;
// A 90% buy tax and no sell tax, deployed after the collectible (layout 6) so no earlier address moves.
export const PLAN_BUY_TAX = { name: 'Devnet Buy Tax', symbol: 'BTAX', decimals: 18 } as const;

/**
 * The devnet bridge's liquidity on every chain (it pays fills out of its own balance), deployed after everything
 * above so no earlier address moves. Native ETH is set with `anvil_setBalance`; the tokens are minted to it.
 */
export const PLAN_BRIDGE_LIQUIDITY = {
  native: 1_000n * E18,
  usdc: 10_000_000n * E6,
  dai: 10_000_000n * E18,
  wbtc: 100n * E8,
} as const;

/** Gas money of the bridge relayer (not one of anvil's accounts) on every devnet chain. */
export const PLAN_RELAYER_BALANCE = 100n * E18;

export interface PlanPool {
  /** Manifest key, e.g. `WETH/USDC`. */
  name: string;
  tokenA: PlanTokenKey;
  tokenB: PlanTokenKey;
  amountA: bigint;
  amountB: bigint;
}

// ETH ≈ 3,000 USD, BTC ≈ 60,000 USD (1 WBTC = 20 WETH).
export const PLAN_V2_POOLS: readonly PlanPool[] = [
  { name: 'WETH/USDC', tokenA: 'weth', tokenB: 'usdc', amountA: 1_000n * E18, amountB: 3_000_000n * E6 },
  { name: 'WETH/DAI', tokenA: 'weth', tokenB: 'dai', amountA: 500n * E18, amountB: 1_500_000n * E18 },
  { name: 'WETH/WBTC', tokenA: 'weth', tokenB: 'wbtc', amountA: 500n * E18, amountB: 25n * E8 },
  { name: 'USDC/DAI', tokenA: 'usdc', tokenB: 'dai', amountA: 1_000_000n * E6, amountB: 1_000_000n * E18 },
  // 1 HONEY = 0.0001 WETH; 1 FEE = 0.0001 WETH (the pair receives 95% of the FEE sent: it is taxed too).
  { name: 'WETH/HONEY', tokenA: 'weth', tokenB: 'honeypot', amountA: 100n * E18, amountB: 1_000_000n * E18 },
  { name: 'WETH/FEE', tokenA: 'weth', tokenB: 'feeToken', amountA: 100n * E18, amountB: 1_000_000n * E18 },
  // 1 TAX = 0.0001 WETH; sells into the pair lose 95% (the pair is flagged after seeding).
  { name: 'WETH/TAX', tokenA: 'weth', tokenB: 'highTax', amountA: 100n * E18, amountB: 1_000_000n * E18 },
];

/** V2 pools of the tokens deployed last (`lonely` has none on purpose). */
export const PLAN_LATE_V2_POOLS: readonly PlanPool[] = [
  // 1 SWITCH = 0.0001 WETH, as deep as WETH/FEE.
  {
    name: 'WETH/SWITCH',
    tokenA: 'weth',
    tokenB: 'switchable',
    amountA: 100n * E18,
    amountB: 1_000_000n * E18,
  },
  // 1 THIN = 0.001 WETH, but only 0.5 WETH deep: below any sane liquidity floor for pricing.
  { name: 'WETH/THIN', tokenA: 'weth', tokenB: 'thin', amountA: E18 / 2n, amountB: 500n * E18 },
];

/** The V2 pool of the buy-tax token, seeded last of all (its pair is flagged after seeding). */
export const PLAN_BUY_TAX_V2_POOLS: readonly PlanPool[] = [
  // 1 BTAX = 0.0001 WETH; a buy out of the pair keeps 10% of what the pool sends. 500 WETH deep: the pricing floor's depth.
  { name: 'WETH/BTAX', tokenA: 'weth', tokenB: 'buyTax', amountA: 500n * E18, amountB: 5_000_000n * E18 },
];

export interface PlanV3Pool extends PlanPool {
  fee: 500 | 3000 | 10000;
}

export const PLAN_V3_POOLS: readonly PlanV3Pool[] = [
  {
    name: 'WETH/USDC/3000',
    tokenA: 'weth',
    tokenB: 'usdc',
    fee: 3000,
    amountA: 1_000n * E18,
    amountB: 3_000_000n * E6,
  },
  {
    name: 'WETH/USDC/500',
    tokenA: 'weth',
    tokenB: 'usdc',
    fee: 500,
    amountA: 200n * E18,
    amountB: 600_000n * E6,
  },
  {
    name: 'WETH/WBTC/3000',
    tokenA: 'weth',
    tokenB: 'wbtc',
    fee: 3000,
    amountA: 200n * E18,
    amountB: 10n * E8,
  },
];

export const TICK_SPACING: Record<number, number> = { 500: 10, 3000: 60, 10000: 200 };

/**
 * Pricing history: the deployment runs this far behind the wall clock (the chain returns to the wall clock at its
 * end), so the V3 pools' first observation is two hours old when tests start and `observe([1800, 0])` answers —
 * as it does for any established pool on a live chain. A new pool (cardinality 1, created "now") cannot answer,
 * and the pricing rules then refuse it as a price source.
 */
export const PLAN_HISTORY_SECONDS = 7_200;

/**
 * Observation slots every seeded V3 pool is given (`increaseObservationCardinalityNext`), so the 30-minute window
 * stays answerable through up to this many blocks with a swap (one observation per block that trades).
 */
export const PLAN_OBSERVATION_CARDINALITY = 256;

/**
 * Depth added at the very end of the deployment (every earlier address unchanged), at each pool's own price, so
 * these pools reach the pricing floor's depth (10 WETH tradable within 5% needs ≈ 400 WETH at full range):
 * the 100-WETH V2 pairs go to 500 WETH, and the 0.05% WETH/USDC pool to 500 WETH. `amountB` is what is sent; the
 * FEE token loses 5% on the way, so 4,000,000 sent makes 3,800,000 arrive (the pair's 100 : 950,000 ratio).
 */
export const PLAN_DEPTH_TOP_UPS: readonly (PlanPool & { protocol: 'v2' | 'v3'; fee?: 500 | 3000 | 10000 })[] =
  [
    {
      protocol: 'v2',
      name: 'WETH/HONEY',
      tokenA: 'weth',
      tokenB: 'honeypot',
      amountA: 400n * E18,
      amountB: 4_000_000n * E18,
    },
    {
      protocol: 'v2',
      name: 'WETH/FEE',
      tokenA: 'weth',
      tokenB: 'feeToken',
      amountA: 400n * E18,
      amountB: 4_000_000n * E18,
    },
    {
      protocol: 'v2',
      name: 'WETH/TAX',
      tokenA: 'weth',
      tokenB: 'highTax',
      amountA: 400n * E18,
      amountB: 4_000_000n * E18,
    },
    {
      protocol: 'v2',
      name: 'WETH/SWITCH',
      tokenA: 'weth',
      tokenB: 'switchable',
      amountA: 400n * E18,
      amountB: 4_000_000n * E18,
    },
    {
      protocol: 'v3',
      fee: 500,
      name: 'WETH/USDC/500',
      tokenA: 'weth',
      tokenB: 'usdc',
      amountA: 300n * E18,
      amountB: 900_000n * E6,
    },
  ];

/** USDC deposited into the vault by the deployer, then donated to it as simulated yield (share price 1.05). */
export const PLAN_VAULT_DEPOSIT = 1_000_000n * E6;
export const PLAN_VAULT_YIELD = 50_000n * E6;

/**
 * A second USDC vault with fees (deployed after everything else): 2% on deposits (above any sane pre-flight
 * tolerance) and 0.5% on withdrawals (so `previewRedeem` is below `convertToAssets`), seeded with a deposit.
 */
export const PLAN_FEE_VAULT = {
  name: 'Devnet USDC Fee Vault',
  symbol: 'dfUSDC',
  decimals: 6,
  entryFeeBps: 200n,
  exitFeeBps: 50n,
  seedDeposit: 100_000n * E6,
} as const;

/**
 * A USDC vault capped at 1,000 USDC of total assets, seeded with 500 USDC: `maxDeposit` is 500 USDC, below a
 * larger request.
 */
export const PLAN_CAPPED_VAULT = {
  name: 'Devnet USDC Capped Vault',
  symbol: 'dcUSDC',
  decimals: 6,
  cap: 1_000n * E6,
  seedDeposit: 500n * E6,
} as const;

/** Every dev account ends the deployment with exactly this balance (anvil's default, 10,000 ETH). */
export const ACCOUNT_BALANCE = 10_000n * E18;

/** A JSON-serialisable view of the plan, for the cache key. */
export function planFingerprint(): string {
  return JSON.stringify(
    {
      LAYOUT_VERSION,
      PLAN_ERC20S,
      PLAN_HONEYPOT,
      PLAN_FEE_TOKEN,
      PLAN_VAULT,
      PLAN_HIGH_TAX,
      PLAN_SWITCHABLE,
      PLAN_THIN,
      PLAN_LONELY,
      PLAN_COLLECTIBLE,
      PLAN_BUY_TAX,
      PLAN_V2_POOLS,
      PLAN_LATE_V2_POOLS,
      PLAN_BUY_TAX_V2_POOLS,
      PLAN_V3_POOLS,
      PLAN_VAULT_DEPOSIT,
      PLAN_VAULT_YIELD,
      PLAN_BRIDGE_LIQUIDITY,
      PLAN_RELAYER_BALANCE,
      PLAN_HISTORY_SECONDS,
      PLAN_OBSERVATION_CARDINALITY,
      PLAN_DEPTH_TOP_UPS,
      PLAN_FEE_VAULT,
      PLAN_CAPPED_VAULT,
    },
    (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value),
  );
}
