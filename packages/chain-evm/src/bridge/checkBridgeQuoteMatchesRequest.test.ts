import { describe, expect, it } from 'vitest';
import { checkBridgeQuoteMatchesRequest } from './checkBridgeQuoteMatchesRequest.js';
import { ACROSS_REQUEST, ATTACKER, acrossQuote, NATIVE, USDC_ARBITRUM } from './testing/acrossQuote.js';
import type { LifiQuote } from './types.js';

const base = acrossQuote();
const withAction = (action: Partial<LifiQuote['action']>): LifiQuote => ({
  ...base,
  action: { ...base.action, ...action },
});
const withEstimate = (estimate: Partial<LifiQuote['estimate']>): LifiQuote => ({
  ...base,
  estimate: { ...base.estimate, ...estimate },
});

describe('checkBridgeQuoteMatchesRequest', () => {
  it.each([
    ['the quote asked for', base, null],
    ['another type', { ...base, type: 'protocol' }, 'BRIDGE_QUOTE_MISMATCH'],
    ['another destination chain', withAction({ toChainId: 10 }), 'BRIDGE_QUOTE_MISMATCH'],
    [
      'another source token',
      withAction({ fromToken: { ...base.action.fromToken, address: ATTACKER } }),
      'BRIDGE_QUOTE_MISMATCH',
    ],
    [
      'the right token on the wrong chain',
      withAction({ toToken: { ...base.action.toToken, chainId: 1 } }),
      'BRIDGE_QUOTE_MISMATCH',
    ],
    ['another amount', withAction({ fromAmount: 24_000_000n }), 'BRIDGE_QUOTE_MISMATCH'],
    ['another estimated amount', withEstimate({ fromAmount: 26_000_000n }), 'BRIDGE_QUOTE_MISMATCH'],
    ['another sender', withAction({ fromAddress: ATTACKER }), 'BRIDGE_QUOTE_MISMATCH'],
    ['another receiver', withAction({ toAddress: ATTACKER }), 'BRIDGE_QUOTE_MISMATCH'],
    ['no addresses echoed', withAction({ fromAddress: null, toAddress: null }), null],
    ['a minimum above the output', withEstimate({ toAmountMin: 24_990_001n }), 'BRIDGE_QUOTE_MISMATCH'],
    ['no output', withEstimate({ toAmount: 0n, toAmountMin: 0n }), 'BRIDGE_QUOTE_MISMATCH'],
  ] as const)('%s', (_name, quote, code) => {
    expect(checkBridgeQuoteMatchesRequest({ quote, request: ACROSS_REQUEST })?.code ?? null).toBe(code);
  });

  it('0x000…000 and 0xEeee…EEeE are the same native coin', () => {
    const eee = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE';
    const quote = withAction({
      fromToken: { ...base.action.fromToken, address: eee },
      toToken: { ...base.action.toToken, address: USDC_ARBITRUM },
    });
    expect(
      checkBridgeQuoteMatchesRequest({ quote, request: { ...ACROSS_REQUEST, fromToken: NATIVE } }),
    ).toBeNull();
  });
});
