import { describe, expect, it } from 'vitest';
import { type ChainInfo, chains } from '../chains/chains.js';
import { buildSwapTransaction } from './buildSwapTransaction.js';
import { swapRouterInterface, v2RouterInterface } from './swapInterfaces.js';
import type { SwapQuote } from './types.js';

const mainnet = chains.find((c) => c.id === 1) as ChainInfo;
const WETH = mainnet.contracts.wrappedNative as `0x${string}`;
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const me = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const quote = (over: Partial<SwapQuote>): SwapQuote => ({
  chainId: 1,
  tokenIn: 'native',
  tokenOut: USDC,
  amountIn: 10n ** 18n,
  amountOut: 3_000_000_000n,
  feeOnTransfer: false,
  blockNumber: 1n,
  gasEstimate: 90_000n,
  priceImpactBps: 1n,
  candidates: [],
  route: {
    protocol: 'v2',
    router: mainnet.contracts.uniswapV2?.router02 as `0x${string}`,
    path: [WETH, USDC],
    fees: [],
    pools: [null],
  },
  ...over,
});
const params = { chain: mainnet, amountOutMin: 2_990_000_000n, recipient: me, deadline: 1_900_000_000n };

describe('buildSwapTransaction (executed on the devnet in quoteSwap.test.ts)', () => {
  it("dispatches on the quote's protocol, native ends and fee-on-transfer flag", () => {
    const v2 = buildSwapTransaction({ ...params, quote: quote({}) });
    expect(v2.value).toBe(10n ** 18n);
    expect(v2RouterInterface.parseTransaction({ data: v2.data, value: v2.value })?.name).toBe(
      'swapExactETHForTokens',
    );
    const fot = buildSwapTransaction({ ...params, quote: quote({ tokenIn: WETH, feeOnTransfer: true }) });
    expect(v2RouterInterface.parseTransaction({ data: fot.data })?.name).toBe(
      'swapExactTokensForTokensSupportingFeeOnTransferTokens',
    );
    const v3 = buildSwapTransaction({
      ...params,
      quote: quote({
        route: {
          protocol: 'v3',
          router: mainnet.contracts.uniswapV3?.swapRouter as `0x${string}`,
          path: [WETH, USDC],
          fees: [500],
          pools: [null],
        },
      }),
    });
    expect(swapRouterInterface.parseTransaction({ data: v3.data, value: v3.value })?.name).toBe('multicall');
  });

  it("refuses a quote from another chain or naming a router that is not the chain's", () => {
    expect(() => buildSwapTransaction({ ...params, quote: quote({ chainId: 8453 }) })).toThrow(
      expect.objectContaining({ code: 'INVALID_SWAP_PARAMETER' }),
    );
    const forged = quote({});
    expect(() =>
      buildSwapTransaction({ ...params, quote: { ...forged, route: { ...forged.route, router: me } } }),
    ).toThrow(expect.objectContaining({ code: 'INVALID_SWAP_PARAMETER' }));
  });
});
