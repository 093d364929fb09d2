import type { ChainErrorDto } from './gas.js';
import type { EthAmountDto } from './governor.js';
import type { ChainRefDto } from './wallet.js';

/** A pool (or rule) a price comes from. */
export interface PriceRouteDto {
  /** `native` (1:1), `wrapped-native` (WETH, 1:1), or the Uniswap pool used (the highest usable one). */
  kind: 'native' | 'wrapped-native' | 'uniswap-v2' | 'uniswap-v3';
  /** The pool, for `uniswap-*`. */
  pool: string | null;
  /**
   * V3 fee tier (500 = 0.05%), for `uniswap-v3`.
   * @isInt
   */
  fee: number | null;
  /** Wrapped native held by the pool, for `uniswap-*`. */
  poolLiquidity: EthAmountDto | null;
}

/** Where a holding's price comes from. */
export interface PortfolioPriceSourceDto {
  kind: 'native' | 'wrapped-native' | 'uniswap-v2' | 'uniswap-v3' | 'erc4626';
  pool: string | null;
  /** @isInt */
  fee: number | null;
  poolLiquidity: EthAmountDto | null;
  /** ERC-4626 shares: `convertToAssets(balance)` of `asset`, priced by `assetRoute`; null otherwise. */
  vault: { asset: string; assetsBase: string; assetRoute: PriceRouteDto | null } | null;
}

/** The asset of a holding. */
export interface PortfolioTokenDto {
  kind: 'native' | 'erc20' | 'erc4626';
  /** `native` for the chain's currency, else the checksummed token address. */
  address: string;
  symbol: string | null;
  name: string | null;
  /** @isInt */
  decimals: number;
}

/** An ETH-equivalent and USD figure; `null` = unknown (never 0). */
export interface PortfolioFigureDto {
  /** ETH-equivalent as the governor counts it (the chain's native currency). */
  eth: EthAmountDto | null;
  /** USD as a decimal string (exact, 18 decimals at most); null when unpriceable or the chain has no USD route. */
  usd: string | null;
}

/** One holding. */
export interface PortfolioHoldingDto {
  token: PortfolioTokenDto;
  /** Human units and base units. */
  balance: { amount: string; amountBase: string };
  /** One whole token. */
  price: PortfolioFigureDto;
  /** The balance. */
  value: PortfolioFigureDto;
  source: PortfolioPriceSourceDto | null;
  /** Why the value is null (no pool, pools under the liquidity floor, vault did not answer); null when priced. */
  unpricedReason: string | null;
}

/** The chain's USD route: a stablecoin priced against the wrapped native through the same pools. */
export interface UsdRouteDto {
  token: string;
  symbol: string | null;
  /** USD of one whole native coin through this route; null when the stablecoin cannot be priced. */
  usdPerNative: string | null;
  route: PriceRouteDto | null;
  unpricedReason: string | null;
}

/** Totals of one chain: priced holdings only, and what is left out. */
export interface PortfolioChainTotalsDto {
  eth: EthAmountDto;
  /** Null when the chain has no working USD route. */
  usd: string | null;
  /** @isInt */
  holdings: number;
  /** @isInt */
  priced: number;
  /** @isInt */
  unpriced: number;
  /** Addresses of the unpriced holdings (not counted in the sums). */
  unpricedTokens: string[];
}

/** One chain of a portfolio: its holdings, or the error it answered. */
export interface PortfolioChainDto {
  chain: ChainRefDto;
  /** The unit of `eth` figures on this chain (its native currency). */
  nativeSymbol: string;
  ok: boolean;
  error: ChainErrorDto | null;
  /** @isLong */
  blockNumber: number | null;
  usdRoute: UsdRouteDto | null;
  /** Native first, then by value, unpriced last; zero balances only with `includeZero=true`. */
  holdings: PortfolioHoldingDto[];
  /** Tokens whose balance or decimals could not be read. */
  unreadable: { token: string; reason: string }[];
  totals: PortfolioChainTotalsDto | null;
}

/** An unpriced holding in the overall totals. */
export interface UnpricedHoldingDto {
  chain: string;
  token: string;
  symbol: string | null;
  balance: string;
}

/** Totals over every chain read. */
export interface PortfolioTotalsDto {
  /** Sum of the priced holdings of chains whose native currency is ETH (others are in `ethExcludedChains`). */
  eth: EthAmountDto;
  /** Sum over the chains with a working USD route (others are in `usdMissingChains`); null when none has one. */
  usd: string | null;
  /** @isInt */
  holdings: number;
  /** @isInt */
  priced: number;
  /** @isInt */
  unpriced: number;
  /** What is not in the sums: holdings that cannot be priced. */
  unpricedHoldings: UnpricedHoldingDto[];
  /** Chains that could not be read (their error is in `chains`). */
  failedChains: string[];
  /** Chains whose native currency is not ETH: not summed into `eth`. */
  ethExcludedChains: string[];
  /** Chains without a working USD route: not summed into `usd`. */
  usdMissingChains: string[];
  /** True when every chain was read, every holding priced and every chain has USD. */
  complete: boolean;
}

/** `GET /portfolio/`: the full snapshot. */
export interface PortfolioDto {
  address: string;
  chains: PortfolioChainDto[];
  totals: PortfolioTotalsDto;
}

/** One chain of `GET /portfolio/value`. */
export interface PortfolioChainValueDto {
  chain: ChainRefDto;
  nativeSymbol: string;
  ok: boolean;
  error: ChainErrorDto | null;
  /** @isLong */
  blockNumber: number | null;
  totals: PortfolioChainTotalsDto | null;
}

/** `GET /portfolio/value`: the totals only (same reads as the snapshot). */
export interface PortfolioValueDto {
  address: string;
  chains: PortfolioChainValueDto[];
  totals: PortfolioTotalsDto;
}
