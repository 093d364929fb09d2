import { describe, expect, it } from 'vitest';
import type { Address } from '../../chains/chains.js';
import { resolveChain } from '../../chains/resolveChain.js';
import { swapRouterInterface, v2RouterInterface } from '../../swap/swapInterfaces.js';
import type { ExecutionIntent, Hex } from '../types.js';
import { defaultActionModules } from './defaultActionModules.js';
import { swapAction } from './swapAction.js';

// Swaps whose calldata decodes but whose native ends or declared tokens do not hold, written by hand with the
// routers' ABIs: each one alone is refused.
const mainnet = resolveChain({ chain: 1 }); // V2 Router02 + the original V3 SwapRouter
const V2 = mainnet.contracts.uniswapV2?.router02 as Address;
const V3 = mainnet.contracts.uniswapV3?.swapRouter as Address;
const WETH = mainnet.contracts.wrappedNative as Address;
const USDC: Address = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const DAI: Address = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
const WALLET: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const DEADLINE = 1_900_000_000n;
const IN = 1_000_000n;
const MIN = 900n;

const single = (tokenIn: Address, tokenOut: Address, recipient: Address) =>
  swapRouterInterface.encodeFunctionData('exactInputSingle', [
    [tokenIn, tokenOut, 500, recipient, DEADLINE, IN, MIN, 0n],
  ]);
const multicall = (steps: string[]) => swapRouterInterface.encodeFunctionData('multicall', [steps]) as Hex;
const intent = (o: Partial<ExecutionIntent>): ExecutionIntent => ({
  chainId: 1,
  action: 'swap',
  to: V3,
  data: '0x',
  value: 0n,
  spends: [],
  acquires: [],
  description: 'test swap',
  ...o,
});
const check = (i: ExecutionIntent) =>
  swapAction.check({ intent: i, chain: mainnet, wallet: WALLET, actions: defaultActionModules })?.code ??
  null;

describe('checkSwapIntent: native ends and declared tokens', () => {
  it('native in (V3 + refundETH) must start at the wrapped native: a USDC-in swap paid "in ETH" would pull undeclared USDC', () => {
    const refund = swapRouterInterface.encodeFunctionData('refundETH', []);
    const fromWeth = intent({
      data: multicall([single(WETH, DAI, WALLET), refund]),
      value: IN,
      acquires: [{ token: DAI, amount: MIN }],
    });
    expect(check(fromWeth)).toBeNull();
    expect(check({ ...fromWeth, data: multicall([single(USDC, DAI, WALLET), refund]) })).toBe(
      'INTENT_INVALID',
    );
  });

  it('native out (V3 + unwrapWETH9) must end at the wrapped native', () => {
    const unwrap = swapRouterInterface.encodeFunctionData('unwrapWETH9', [MIN, WALLET]);
    const toWeth = intent({
      data: multicall([single(USDC, WETH, V3), unwrap]),
      spends: [{ token: USDC, amount: IN }],
    });
    expect(check(toWeth)).toBeNull();
    expect(check({ ...toWeth, data: multicall([single(USDC, DAI, V3), unwrap]) })).toBe('INTENT_INVALID');
  });

  it('token out: exactly one acquired token, the path’s last', () => {
    const data = v2RouterInterface.encodeFunctionData('swapExactTokensForTokens', [
      IN,
      MIN,
      [USDC, DAI],
      WALLET,
      DEADLINE,
    ]) as Hex;
    const ok = intent({
      to: V2,
      data,
      spends: [{ token: USDC, amount: IN }],
      acquires: [{ token: DAI, amount: MIN }],
    });
    expect(check(ok)).toBeNull();
    expect(check({ ...ok, acquires: [{ token: WETH, amount: MIN }] })).toBe('INTENT_INVALID');
    expect(
      check({
        ...ok,
        acquires: [
          { token: DAI, amount: MIN },
          { token: USDC, amount: 1n },
        ],
      }),
    ).toBe('INTENT_INVALID');
    expect(check({ ...ok, acquires: [] })).toBe('INTENT_INVALID');
  });
});
