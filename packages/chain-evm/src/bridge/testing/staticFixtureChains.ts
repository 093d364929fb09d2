// Two chains for the LI.FI fixture without any node behind them: quotes and discovery only (`/status` says
// NOT_FOUND for every hash). The addresses are the devnet's, so quotes look like the devnet bridge's.
import type { LifiFixtureChain } from '@org/devnet';

export const BRIDGE = '0x4631BCAbD6dF18D94796344963cB60d44a4136b6' as const;
export const USDC = '0x2279B7A0a67DB372996a5FaB50D91eAA73d2eBe6' as const;
export const DAI = '0x8A791620dd6260079BF849Dc5567aDC3F2FdC318' as const;
export const NATIVE = '0x0000000000000000000000000000000000000000' as const;
export const WALLET = '0x90F79bf6EB2c4f870365E785982E1f101E93b906' as const;

const tokens = [
  { address: NATIVE, symbol: 'ETH', name: 'Ether', decimals: 18, priceUSD: '3000' },
  { address: USDC, symbol: 'USDC', name: 'USD Coin', decimals: 6, priceUSD: '1' },
  { address: DAI, symbol: 'DAI', name: 'Dai Stablecoin', decimals: 18, priceUSD: '1' },
];

export const STATIC_FIXTURE_CHAINS: readonly LifiFixtureChain[] = [
  { id: 31_337, key: 'dva', name: 'Devnet', bridge: BRIDGE, tokens },
  { id: 31_338, key: 'dvb', name: 'Devnet B', bridge: BRIDGE, tokens },
];

/** A `getQuote` request of 1,000 USDC from the devnet to devnet B. */
export const USDC_REQUEST = {
  fromChain: 31_337,
  toChain: 31_338,
  fromToken: USDC,
  toToken: USDC,
  fromAddress: WALLET,
  fromAmount: 1_000_000_000n,
  slippageBps: 50,
} as const;
