import { describe, expect, it } from 'vitest';
import { type ChainInfo, chains } from '../chains/chains.js';
import { buildV2SwapTransaction } from './buildV2SwapTransaction.js';
import { v2RouterInterface } from './swapInterfaces.js';

const mainnet = chains.find((c) => c.id === 1) as ChainInfo;
const WETH = mainnet.contracts.wrappedNative as string;
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const me = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const base = { chain: mainnet, amountIn: 1000n, amountOutMin: 900n, recipient: me, deadline: 1_900_000_000n };

describe('buildV2SwapTransaction', () => {
  it('selects the router function from native in/out and the fee-on-transfer flag', () => {
    const cases = [
      [{ path: [USDC, WETH] }, 'swapExactTokensForTokens', 0n],
      [{ path: [WETH, USDC], nativeIn: true }, 'swapExactETHForTokens', 1000n],
      [{ path: [USDC, WETH], nativeOut: true }, 'swapExactTokensForETH', 0n],
      [
        { path: [USDC, WETH], feeOnTransfer: true },
        'swapExactTokensForTokensSupportingFeeOnTransferTokens',
        0n,
      ],
      [
        { path: [WETH, USDC], nativeIn: true, feeOnTransfer: true },
        'swapExactETHForTokensSupportingFeeOnTransferTokens',
        1000n,
      ],
      [
        { path: [USDC, WETH], nativeOut: true, feeOnTransfer: true },
        'swapExactTokensForETHSupportingFeeOnTransferTokens',
        0n,
      ],
    ] as const;
    for (const [extra, fn, value] of cases) {
      const tx = buildV2SwapTransaction({ ...base, ...extra });
      expect(tx.to).toBe(mainnet.contracts.uniswapV2?.router02);
      expect(tx.value).toBe(value);
      const parsed = v2RouterInterface.parseTransaction({ data: tx.data });
      expect(parsed?.name).toBe(fn);
      expect(parsed?.args.getValue('amountOutMin')).toBe(900n);
      expect(parsed?.args.getValue('to')).toBe(me);
      expect(parsed?.args.getValue('deadline')).toBe(1_900_000_000n);
      expect(parsed?.args.getValue('path')).toEqual(extra.path);
      if (!('nativeIn' in extra)) expect(parsed?.args.getValue('amountIn')).toBe(1000n);
    }
  });

  it('refuses amount 0, a wrong native end, a zero recipient, a bad deadline, a chain without V2', () => {
    const bad = (over: object, code: string) =>
      expect(() => buildV2SwapTransaction({ ...base, path: [USDC, WETH], ...over })).toThrow(
        expect.objectContaining({ code }),
      );
    bad({ amountIn: 0n }, 'INVALID_AMOUNT');
    bad({ amountOutMin: -1n }, 'INVALID_AMOUNT');
    bad({ nativeIn: true }, 'INVALID_SWAP_PARAMETER');
    bad({ path: [WETH, USDC], nativeOut: true }, 'INVALID_SWAP_PARAMETER');
    bad({ path: [USDC, USDC] }, 'INVALID_SWAP_PARAMETER');
    bad({ recipient: '0x0000000000000000000000000000000000000000' }, 'INVALID_SWAP_PARAMETER');
    bad({ deadline: 0n }, 'INVALID_SWAP_PARAMETER');
    bad({ chain: chains.find((c) => c.name === 'base') }, 'SWAP_NOT_CONFIGURED');
  });
});
