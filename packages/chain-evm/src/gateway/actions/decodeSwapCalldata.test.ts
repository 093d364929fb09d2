import { describe, expect, it } from 'vitest';
import type { Address } from '../../chains/chains.js';
import { resolveChain } from '../../chains/resolveChain.js';
import { buildSwapExactOutput } from '../../swap/buildSwapExactOutput.js';
import { buildV2SwapTransaction } from '../../swap/buildV2SwapTransaction.js';
import { buildV3SwapTransaction } from '../../swap/buildV3SwapTransaction.js';
import { decodeSwapCalldata } from './decodeSwapCalldata.js';

const mainnet = resolveChain({ chain: 1 });
const base = resolveChain({ chain: 8453 });
const WETH = mainnet.contracts.wrappedNative as Address;
const USDC: Address = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const DAI: Address = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
const ME: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const common = { amountIn: 1000n, amountOutMin: 900n, recipient: ME, deadline: 1_900_000_000n };

describe('decodeSwapCalldata', () => {
  it('V2: path, amounts, recipient and the native ends of each function', () => {
    const tokens = buildV2SwapTransaction({
      ...common,
      chain: mainnet,
      path: [USDC, WETH, DAI],
      feeOnTransfer: true,
    });
    expect(decodeSwapCalldata({ chain: mainnet, ...tokens })).toEqual({
      protocol: 'v2',
      fn: 'swapExactTokensForTokensSupportingFeeOnTransferTokens',
      path: [USDC, WETH, DAI],
      exactOutput: false,
      amountIn: 1000n,
      amountOut: 900n,
      recipient: ME,
      nativeIn: false,
      nativeOut: false,
      unwrap: null,
    });
    const ethIn = buildV2SwapTransaction({ ...common, chain: mainnet, path: [WETH, USDC], nativeIn: true });
    expect(decodeSwapCalldata({ chain: mainnet, ...ethIn })).toMatchObject({
      amountIn: null,
      nativeIn: true,
      nativeOut: false,
    });
    const ethOut = buildV2SwapTransaction({ ...common, chain: mainnet, path: [USDC, WETH], nativeOut: true });
    expect(decodeSwapCalldata({ chain: mainnet, ...ethOut })).toMatchObject({
      amountIn: 1000n,
      nativeIn: false,
      nativeOut: true,
    });
  });

  it('V3 (both router kinds): the swap inside the multicall, refundETH as native in, unwrapWETH9 as native out', () => {
    for (const chain of [mainnet, base]) {
      const weth = chain.contracts.wrappedNative as Address;
      const router = chain.contracts.uniswapV3?.swapRouter as Address;
      const out = buildV3SwapTransaction({
        ...common,
        chain,
        path: [DAI, USDC, weth],
        fees: [100, 500],
        nativeOut: true,
      });
      expect(decodeSwapCalldata({ chain, ...out })).toEqual({
        protocol: 'v3',
        fn: 'exactInput',
        path: [DAI, USDC, weth],
        exactOutput: false,
        amountIn: 1000n,
        amountOut: 900n,
        recipient: router,
        nativeIn: false,
        nativeOut: true,
        unwrap: { amountMinimum: 900n, recipient: ME },
      });
      const ethIn = buildV3SwapTransaction({
        ...common,
        chain,
        path: [weth, USDC],
        fees: [500],
        nativeIn: true,
      });
      expect(decodeSwapCalldata({ chain, ...ethIn })).toMatchObject({
        fn: 'exactInputSingle',
        nativeIn: true,
        unwrap: null,
      });
      const exactOut = buildSwapExactOutput({
        chain,
        tokenIn: USDC,
        tokenOut: DAI,
        fee: 500,
        amountOut: 7n,
        amountInMaximum: 11n,
        recipient: ME,
        deadline: common.deadline,
      });
      expect(decodeSwapCalldata({ chain, ...exactOut })).toMatchObject({
        fn: 'exactOutputSingle',
        exactOutput: true,
        amountIn: 11n,
        amountOut: 7n,
        path: [USDC, DAI],
      });
    }
  });

  it('null for a target that is not a configured router, and for the other router kind’s ABI', () => {
    const v3 = buildV3SwapTransaction({ ...common, chain: mainnet, path: [USDC, WETH], fees: [500] });
    expect(decodeSwapCalldata({ chain: mainnet, to: USDC, data: v3.data })).toBeNull();
    // The V2 router does not speak V3, and SwapRouter02 calldata is not the original router's.
    expect(
      decodeSwapCalldata({
        chain: mainnet,
        to: mainnet.contracts.uniswapV2?.router02 as string,
        data: v3.data,
      }),
    ).toBeNull();
    const v302 = buildV3SwapTransaction({
      ...common,
      chain: base,
      path: [USDC, base.contracts.wrappedNative as string],
      fees: [500],
    });
    expect(decodeSwapCalldata({ chain: mainnet, to: v3.to, data: v302.data })).toBeNull();
    expect(decodeSwapCalldata({ chain: mainnet, to: v3.to, data: 'not hex' })).toBeNull();
  });
});
