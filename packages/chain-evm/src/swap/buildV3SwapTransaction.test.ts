import { describe, expect, it } from 'vitest';
import { type ChainInfo, chains } from '../chains/chains.js';
import { buildV3SwapTransaction } from './buildV3SwapTransaction.js';
import { encodeV3Path } from './encodeV3Path.js';
import { swapRouter02Interface, swapRouterInterface } from './swapInterfaces.js';

const mainnet = chains.find((c) => c.id === 1) as ChainInfo; // original SwapRouter
const baseChain = chains.find((c) => c.id === 8453) as ChainInfo; // SwapRouter02
const me = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const common = { amountIn: 1000n, amountOutMin: 900n, recipient: me, deadline: 1_900_000_000n };

describe('buildV3SwapTransaction (devnet execution in quoteSwap.test.ts: original SwapRouter)', () => {
  it('SwapRouter: a plain exactInputSingle with the deadline in the params', () => {
    const WETH = mainnet.contracts.wrappedNative as string;
    const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
    const tx = buildV3SwapTransaction({ ...common, chain: mainnet, path: [USDC, WETH], fees: [500] });
    expect(tx).toMatchObject({ to: mainnet.contracts.uniswapV3?.swapRouter, value: 0n });
    const parsed = swapRouterInterface.parseTransaction({ data: tx.data });
    expect(parsed?.name).toBe('exactInputSingle');
    expect(parsed?.args[0].toObject()).toEqual({
      tokenIn: USDC,
      tokenOut: WETH,
      fee: 500n,
      recipient: me,
      deadline: 1_900_000_000n,
      amountIn: 1000n,
      amountOutMinimum: 900n,
      sqrtPriceLimitX96: 0n,
    });
  });

  it('SwapRouter02: always multicall(deadline, …); native in → value + refundETH; native out → router + unwrapWETH9', () => {
    const WETH = baseChain.contracts.wrappedNative as string;
    const USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
    const DAI = '0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb';
    const router = baseChain.contracts.uniswapV3?.swapRouter;

    const ethIn = buildV3SwapTransaction({
      ...common,
      chain: baseChain,
      path: [WETH, USDC],
      fees: [500],
      nativeIn: true,
    });
    expect(ethIn).toMatchObject({ to: router, value: 1000n });
    const outer = swapRouter02Interface.parseTransaction({ data: ethIn.data, value: ethIn.value });
    expect(outer?.signature).toBe('multicall(uint256,bytes[])');
    expect(outer?.args[0]).toBe(1_900_000_000n);
    const [swap, refund] = ((outer?.args[1] ?? []) as string[]).map((d) =>
      swapRouter02Interface.parseTransaction({ data: d }),
    );
    expect(swap?.name).toBe('exactInputSingle');
    expect(swap?.args[0].toObject()).toEqual({
      tokenIn: WETH,
      tokenOut: USDC,
      fee: 500n,
      recipient: me,
      amountIn: 1000n,
      amountOutMinimum: 900n,
      sqrtPriceLimitX96: 0n,
    });
    expect(refund?.name).toBe('refundETH');

    const ethOut = buildV3SwapTransaction({
      ...common,
      chain: baseChain,
      path: [DAI, USDC, WETH],
      fees: [100, 500],
      nativeOut: true,
    });
    expect(ethOut.value).toBe(0n);
    const outer2 = swapRouter02Interface.parseTransaction({ data: ethOut.data });
    const [swap2, unwrap] = ((outer2?.args[1] ?? []) as string[]).map((d) =>
      swapRouter02Interface.parseTransaction({ data: d }),
    );
    expect(swap2?.name).toBe('exactInput');
    expect(swap2?.args[0].toObject()).toEqual({
      path: encodeV3Path({ path: [DAI, USDC, WETH], fees: [100, 500] }),
      recipient: router,
      amountIn: 1000n,
      amountOutMinimum: 900n,
    });
    expect(unwrap?.name).toBe('unwrapWETH9');
    expect([...(unwrap?.args ?? [])]).toEqual([900n, me]);
  });

  it('refuses a native end that is not the wrapped native token, native on both ends, bad fees', () => {
    const WETH = mainnet.contracts.wrappedNative as string;
    const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
    const build = (over: object) => () =>
      buildV3SwapTransaction({ ...common, chain: mainnet, path: [USDC, WETH], fees: [500], ...over });
    expect(build({ nativeIn: true })).toThrow(expect.objectContaining({ code: 'INVALID_SWAP_PARAMETER' }));
    expect(build({ nativeIn: true, nativeOut: true })).toThrow(
      expect.objectContaining({ code: 'SWAP_SAME_TOKEN' }),
    );
    expect(build({ fees: [] })).toThrow(expect.objectContaining({ code: 'INVALID_SWAP_PARAMETER' }));
    expect(build({ amountIn: 0n })).toThrow(expect.objectContaining({ code: 'INVALID_AMOUNT' }));
  });
});
