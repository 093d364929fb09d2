import { describe, expect, it } from 'vitest';
import { buildApproveTransaction } from './buildApproveTransaction.js';
import { erc20Interface } from './swapInterfaces.js';

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const ROUTER = '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D';

describe('buildApproveTransaction (executed on the devnet in quoteSwap.test.ts)', () => {
  it('encodes approve(spender, exact amount) to the token', () => {
    const tx = buildApproveTransaction({ token: USDC.toLowerCase(), spender: ROUTER, amount: 1_234_567n });
    expect(tx.to).toBe(USDC);
    expect(tx.value).toBe(0n);
    const parsed = erc20Interface.parseTransaction({ data: tx.data });
    expect([parsed?.name, ...(parsed?.args ?? [])]).toEqual(['approve', ROUTER, 1_234_567n]);
  });

  it('refuses amounts outside uint256 and the zero spender', () => {
    expect(() => buildApproveTransaction({ token: USDC, spender: ROUTER, amount: -1n })).toThrow(
      expect.objectContaining({ code: 'INVALID_AMOUNT' }),
    );
    expect(() => buildApproveTransaction({ token: USDC, spender: ROUTER, amount: 1n << 256n })).toThrow(
      expect.objectContaining({ code: 'INVALID_AMOUNT' }),
    );
    expect(() =>
      buildApproveTransaction({
        token: USDC,
        spender: '0x0000000000000000000000000000000000000000',
        amount: 1n,
      }),
    ).toThrow(expect.objectContaining({ code: 'INVALID_SWAP_PARAMETER' }));
  });
});
