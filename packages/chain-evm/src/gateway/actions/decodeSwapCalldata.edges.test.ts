import { solidityPacked } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { Address } from '../../chains/chains.js';
import { resolveChain } from '../../chains/resolveChain.js';
import { swapRouter02Interface, swapRouterInterface } from '../../swap/swapInterfaces.js';
import { decodeSwapCalldata } from './decodeSwapCalldata.js';

// The shapes a router call must NOT have, written by hand with each router's ABI: every one decodes to null (the
// policy then refuses the intent), none throws.
const mainnet = resolveChain({ chain: 1 }); // the original SwapRouter
const base = resolveChain({ chain: 8453 }); // SwapRouter02
const USDC: Address = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const DAI: Address = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
const ME: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const router = (chain: typeof mainnet) => chain.contracts.uniswapV3?.swapRouter as Address;

const single = swapRouterInterface.encodeFunctionData('exactInputSingle', [
  [USDC, DAI, 500, ME, 1_900_000_000n, 1000n, 900n, 0n],
]);
const byPath = (path: string) =>
  swapRouterInterface.encodeFunctionData('exactInput', [[path, ME, 1_900_000_000n, 1000n, 900n]]);
const multicall = (steps: string[]) => swapRouterInterface.encodeFunctionData('multicall', [steps]);
const refund = swapRouterInterface.encodeFunctionData('refundETH', []);
const decode = (data: string, chain = mainnet, to: string = router(chain)) =>
  decodeSwapCalldata({ chain, to, data });

describe('decodeSwapCalldata: refused shapes', () => {
  it('an exactInput path of exactly two tokens decodes; a path of one token or a ragged one is null, not an error', () => {
    expect(decode(byPath(solidityPacked(['address', 'uint24', 'address'], [USDC, 500, DAI])))).toMatchObject({
      path: [USDC, DAI],
      amountIn: 1000n,
    });
    expect(decode(byPath(solidityPacked(['address'], [USDC])))).toBeNull();
    expect(
      decode(byPath(solidityPacked(['address', 'uint24', 'address', 'uint24'], [USDC, 500, DAI, 500]))),
    ).toBeNull();
  });

  it('a multicall of more than the swap and one tail step, or whose steps are not a swap then refundETH/unwrapWETH9, is null', () => {
    expect(decode(multicall([single, refund]))).toMatchObject({ nativeIn: true });
    expect(decode(multicall([single, refund, refund]))).toBeNull();
    expect(decode(multicall([refund, single]))).toBeNull();
    expect(decode(multicall(['0xdeadbeef']))).toBeNull();
    expect(decode(multicall([single, '0xdeadbeef']))).toBeNull();
    expect(decode(multicall([single, single]))).toBeNull();
  });

  it('SwapRouter02 takes the swap only inside multicall(deadline, bytes[]): a bare swap is null', () => {
    const bare = swapRouter02Interface.encodeFunctionData('exactInputSingle', [
      [USDC, DAI, 500, ME, 1000n, 900n, 0n],
    ]);
    expect(decode(bare, base)).toBeNull();
    const wrapped = swapRouter02Interface.encodeFunctionData('multicall(uint256,bytes[])', [
      1_900_000_000n,
      [bare],
    ]);
    expect(decode(wrapped, base)).toMatchObject({ protocol: 'v3', path: [USDC, DAI], amountIn: 1000n });
  });

  it('a V3 swap sent to any other address than the chain’s routers is null', () => {
    expect(decode(single)).toMatchObject({ protocol: 'v3' });
    expect(decode(single, mainnet, ME)).toBeNull();
    const noV3 = { ...mainnet, contracts: { ...mainnet.contracts, uniswapV3: null } } as typeof mainnet;
    expect(decodeSwapCalldata({ chain: noV3, to: router(mainnet), data: single })).toBeNull();
  });
});
