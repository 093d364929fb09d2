import type { SwapToken } from './types.js';

// Data, not logic. Only tokens whose addresses are published by their issuers and widely cross-checked; a wrong
// address here would send money to the wrong contract, so fewer is better than one wrong. `getSwapTokenList.test.ts`
// checks every address is EIP-55 checksummed and every wrapped native token matches the chain registry.

const t = (address: `0x${string}`, symbol: string, name: string, decimals: number): SwapToken => ({
  address,
  symbol,
  name,
  decimals,
});

/**
 * Well-known tokens per chain id (Ethereum, OP Mainnet, Polygon, Base, Arbitrum One). Chains not listed have no
 * built-in list (the devnet's list is built from its manifest by `devnetTokenList`).
 *
 * @example
 * ```ts
 * WELL_KNOWN_TOKENS[1]?.find((x) => x.symbol === 'USDC')?.decimals; // 6
 * ```
 */
export const WELL_KNOWN_TOKENS: Readonly<Record<number, readonly SwapToken[]>> = {
  1: [
    t('0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', 'WETH', 'Wrapped Ether', 18),
    t('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 'USDC', 'USD Coin', 6),
    t('0xdAC17F958D2ee523a2206206994597C13D831ec7', 'USDT', 'Tether USD', 6),
    t('0x6B175474E89094C44Da98b954EedeAC495271d0F', 'DAI', 'Dai Stablecoin', 18),
    t('0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599', 'WBTC', 'Wrapped BTC', 8),
    t('0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984', 'UNI', 'Uniswap', 18),
    t('0x514910771AF9Ca656af840dff83E8264EcF986CA', 'LINK', 'ChainLink Token', 18),
    t('0x7Fc66500c84A76Ad7e9c93437bFc5Ac33E2DDaE9', 'AAVE', 'Aave Token', 18),
    t('0x7f39C581F595B53c5cb19bD0b3f8dA6c935E2Ca0', 'wstETH', 'Wrapped liquid staked Ether 2.0', 18),
  ],
  10: [
    t('0x4200000000000000000000000000000000000006', 'WETH', 'Wrapped Ether', 18),
    t('0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85', 'USDC', 'USD Coin', 6),
    t('0x7F5c764cBc14f9669B88837ca1490cCa17c31607', 'USDC.e', 'Bridged USD Coin', 6),
    t('0x94b008aA00579c1307B0EF2c499aD98a8ce58e58', 'USDT', 'Tether USD', 6),
    t('0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1', 'DAI', 'Dai Stablecoin', 18),
    t('0x68f180fcCe6836688e9084f035309E29Bf0A2095', 'WBTC', 'Wrapped BTC', 8),
    t('0x4200000000000000000000000000000000000042', 'OP', 'Optimism', 18),
  ],
  137: [
    t('0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270', 'WPOL', 'Wrapped POL', 18),
    t('0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', 'USDC', 'USD Coin', 6),
    t('0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174', 'USDC.e', 'Bridged USD Coin', 6),
    t('0xc2132D05D31c914a87C6611C10748AEb04B58e8F', 'USDT', 'Tether USD', 6),
    t('0x8f3Cf7ad23Cd3CaDbD9735AFf958023239c6A063', 'DAI', 'Dai Stablecoin', 18),
    t('0x1BFD67037B42Cf73acF2047067bd4F2C47D9BfD6', 'WBTC', 'Wrapped BTC', 8),
    t('0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619', 'WETH', 'Wrapped Ether', 18),
  ],
  8453: [
    t('0x4200000000000000000000000000000000000006', 'WETH', 'Wrapped Ether', 18),
    t('0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', 'USDC', 'USD Coin', 6),
    t('0xd9aAEc86B65D86f6A7B5B1b0c42FFA531710b6CA', 'USDbC', 'USD Base Coin', 6),
    t('0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2', 'USDT', 'Tether USD', 6),
    t('0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb', 'DAI', 'Dai Stablecoin', 18),
    t('0xcbB7C0000aB88B473b1f5aFd9ef808440eed33Bf', 'cbBTC', 'Coinbase Wrapped BTC', 8),
    t('0x2Ae3F1Ec7F1F5012CFEab0185bfc7aa3cf0DEc22', 'cbETH', 'Coinbase Wrapped Staked ETH', 18),
  ],
  42161: [
    t('0x82aF49447D8a07e3bd95BD0d56f35241523fBab1', 'WETH', 'Wrapped Ether', 18),
    t('0xaf88d065e77c8cC2239327C5EDb3A432268e5831', 'USDC', 'USD Coin', 6),
    t('0xFF970A61A04b1cA14834A43f5dE4533eBDDB5CC8', 'USDC.e', 'Bridged USD Coin', 6),
    t('0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', 'USDT', 'Tether USD', 6),
    t('0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1', 'DAI', 'Dai Stablecoin', 18),
    t('0x2f2a2543B76A4166549F7aaB2e75Bef0aefC5B0f', 'WBTC', 'Wrapped BTC', 8),
    t('0x912CE59144191C1204E64559FE8253a0e49E6548', 'ARB', 'Arbitrum', 18),
    t('0xf97f4df75117a78c1A5a0DBb814Af92458539FB4', 'LINK', 'ChainLink Token', 18),
  ],
};
