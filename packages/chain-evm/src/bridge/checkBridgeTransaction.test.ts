import { describe, expect, it } from 'vitest';
import { checkBridgeTransaction } from './checkBridgeTransaction.js';
import { ACROSS_REQUEST, ATTACKER, acrossQuote, NATIVE } from './testing/acrossQuote.js';
import type { LifiFeeCost, LifiQuote } from './types.js';

const nativeFee = (amount: bigint, included = false, chainId = 8453): LifiFeeCost => ({
  name: 'LI.Fuel',
  token: { address: NATIVE, chainId, symbol: 'ETH', decimals: 18, name: 'Ether', priceUSD: '3000' },
  amount,
  included,
  percentage: null,
  amountUSD: null,
});
function quote(
  value: bigint,
  fees: LifiFeeCost[] = [],
  tx: Partial<LifiQuote['transactionRequest']> = {},
): LifiQuote {
  const q = acrossQuote();
  return {
    ...q,
    estimate: { ...q.estimate, feeCosts: fees },
    transactionRequest: { ...q.transactionRequest, value, ...tx },
  };
}
const native = { ...ACROSS_REQUEST, fromToken: NATIVE, fromAmount: 10n ** 18n };

describe('checkBridgeTransaction', () => {
  it.each([
    ['ERC-20, value 0', ACROSS_REQUEST, quote(0n), undefined, null, 0n],
    [
      'ERC-20, any value without a quoted fee',
      ACROSS_REQUEST,
      quote(1n),
      10n ** 18n,
      'BRIDGE_VALUE_MISMATCH',
      0n,
    ],
    [
      'ERC-20, a quoted native fee within the bound',
      ACROSS_REQUEST,
      quote(500n, [nativeFee(500n)]),
      1_000n,
      null,
      500n,
    ],
    [
      'ERC-20, a quoted fee but no bound configured',
      ACROSS_REQUEST,
      quote(500n, [nativeFee(500n)]),
      undefined,
      'BRIDGE_VALUE_MISMATCH',
      0n,
    ],
    [
      'ERC-20, more than the quoted fee',
      ACROSS_REQUEST,
      quote(501n, [nativeFee(500n)]),
      1_000n,
      'BRIDGE_VALUE_MISMATCH',
      0n,
    ],
    [
      'ERC-20, a quoted fee above the bound',
      ACROSS_REQUEST,
      quote(500n, [nativeFee(500n)]),
      499n,
      'BRIDGE_VALUE_MISMATCH',
      0n,
    ],
    [
      'ERC-20, an included fee is no reason for value',
      ACROSS_REQUEST,
      quote(500n, [nativeFee(500n, true)]),
      1_000n,
      'BRIDGE_VALUE_MISMATCH',
      0n,
    ],
    [
      'ERC-20, a fee in another chain’s coin is no reason',
      ACROSS_REQUEST,
      quote(500n, [nativeFee(500n, false, 1)]),
      1_000n,
      'BRIDGE_VALUE_MISMATCH',
      0n,
    ],
    ['native, exactly the amount', native, quote(10n ** 18n), undefined, null, 0n],
    ['native, short of the amount', native, quote(10n ** 18n - 1n), undefined, 'BRIDGE_VALUE_MISMATCH', 0n],
    ['native, one wei over', native, quote(10n ** 18n + 1n), undefined, 'BRIDGE_VALUE_MISMATCH', 0n],
    ['native, amount + quoted fee', native, quote(10n ** 18n + 7n, [nativeFee(7n)]), 10n, null, 7n],
  ] as const)('%s', (_name, request, q, maxNativeFeeWei, code, nativeFeeWei) => {
    const result = checkBridgeTransaction({ quote: q, request, maxNativeFeeWei });
    expect(result.refusal?.code ?? null).toBe(code);
    expect(result.nativeFeeWei).toBe(nativeFeeWei);
  });

  it('another chain or another sender', () => {
    expect(
      checkBridgeTransaction({ quote: quote(0n, [], { chainId: 1 }), request: ACROSS_REQUEST }).refusal?.code,
    ).toBe('BRIDGE_CHAIN_MISMATCH');
    expect(
      checkBridgeTransaction({ quote: quote(0n, [], { from: ATTACKER }), request: ACROSS_REQUEST }).refusal
        ?.code,
    ).toBe('BRIDGE_SENDER_MISMATCH');
  });
});
