/**
 * Types of the portfolio module. Amounts are `bigint` base units; values are ETH-equivalent wei (the chain's
 * native currency, as the execution gateway counts it) and USD scaled by 10^18.
 */
import type { Address } from '../chains/chains.js';

/** A token to read. Without `decimals`, its `decimals()`, `symbol()` and `name()` are read in the balance batch. */
export interface PortfolioTokenInput {
  readonly address: Address;
  readonly symbol?: string | null;
  readonly name?: string | null;
  readonly decimals?: number;
  /**
   * `erc4626`: shares valued through the vault's `convertToAssets`, then its `asset()`'s price. Declare only vaults
   * you trust: a vault's own answers decide its value.
   */
  readonly kind?: 'erc20' | 'erc4626';
}

/** What a holding is. `address` is `null` for the native currency. */
export interface PortfolioAsset {
  readonly kind: 'native' | 'erc20' | 'erc4626';
  readonly address: Address | null;
  readonly symbol: string | null;
  readonly name: string | null;
  readonly decimals: number;
}

/** Where a price comes from. */
export type PortfolioPriceSource =
  /** The chain's native currency: 1:1 by definition. */
  | { readonly kind: 'native' }
  /** The wrapped native token (WETH): 1:1. */
  | { readonly kind: 'wrapped-native' }
  /** The highest usable Uniswap pool against the wrapped native (the gateway's pricing module). */
  | {
      readonly kind: 'uniswap-v2' | 'uniswap-v3';
      readonly pool: Address;
      /** V3 fee tier (500 = 0.05%); `null` for V2. */
      readonly fee: number | null;
      /** The pool's depth: wrapped native it pays out within the pricing depth band (not what it merely holds). */
      readonly liquidityWei: bigint;
    }
  /** ERC-4626 shares: `convertToAssets(balance)` of `asset`, priced by `assetSource`. */
  | {
      readonly kind: 'erc4626';
      readonly asset: Address;
      /** `convertToAssets(balance)`, in the asset's base units. */
      readonly assets: bigint;
      readonly assetSource: PortfolioPriceSource | null;
    };

/** One holding, priced on chain. `null` values are unknown, never 0. */
export interface PortfolioHolding {
  readonly asset: PortfolioAsset;
  /** Base units. */
  readonly balance: bigint;
  /** ETH-equivalent wei of one whole unit (10^decimals base units); `null` when unpriceable. */
  readonly priceWei: bigint | null;
  /** ETH-equivalent wei of the balance; `null` when unpriceable. */
  readonly valueWei: bigint | null;
  /** USD × 10^18 of one whole unit; `null` when unpriceable or the chain has no USD route. */
  readonly priceUsdE18: bigint | null;
  /** USD × 10^18 of the balance; `null` when unpriceable or the chain has no USD route. */
  readonly valueUsdE18: bigint | null;
  readonly source: PortfolioPriceSource | null;
  /** Why the value is `null`; `null` when priced. */
  readonly unpricedReason: string | null;
}

/** The chain's USD route: a stablecoin priced against the wrapped native through the same pools. */
export interface PortfolioUsdRoute {
  readonly token: Address;
  readonly symbol: string | null;
  readonly decimals: number;
  /**
   * ETH-equivalent wei of {@link USD_REFERENCE_WHOLE_UNITS} whole stablecoins; `null` when the stablecoin itself
   * cannot be priced (then every USD figure of the chain is `null`).
   */
  readonly referenceWei: bigint | null;
  readonly source: PortfolioPriceSource | null;
  readonly unpricedReason: string | null;
}

/** Totals of a snapshot: priced holdings only, and what is left out. */
export interface PortfolioTotals {
  /** Sum of every priced holding, ETH-equivalent wei. */
  readonly valueWei: bigint;
  /** Sum of every priced holding in USD × 10^18; `null` when the chain has no working USD route. */
  readonly valueUsdE18: bigint | null;
  readonly holdings: number;
  readonly priced: number;
  /** Holdings whose value is unknown (listed, not counted in the sums). */
  readonly unpriced: number;
  /** Their assets (`null` = native; never unpriced in practice). */
  readonly unpricedAssets: readonly (Address | null)[];
}

/** A token whose balance could not be read (not a contract, reverts, garbage, no `decimals()`). */
export interface PortfolioUnreadable {
  readonly token: Address;
  readonly reason: string;
}

/** A portfolio snapshot of one address on one chain, every figure read at `blockNumber`. */
export interface PortfolioSnapshot {
  readonly chainId: number;
  readonly owner: Address;
  readonly blockNumber: bigint;
  /** Native first, then by value (highest first), unpriced last. */
  readonly holdings: readonly PortfolioHolding[];
  readonly usd: PortfolioUsdRoute | null;
  readonly totals: PortfolioTotals;
  readonly unreadable: readonly PortfolioUnreadable[];
}

/** Whole stablecoins in the USD reference amount: large, so USD per wei is exact to ~20 significant digits. */
export const USD_REFERENCE_WHOLE_UNITS = 1_000_000n;
