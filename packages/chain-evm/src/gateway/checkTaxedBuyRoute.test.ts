import { describe, expect, it } from 'vitest';
import { chains } from '../chains/chains.js';
import { configureChains } from '../chains/configureChains.js';
import { v2RouterInterface } from '../swap/swapInterfaces.js';
import type { SafetyVerdictInput } from './checkAcquiredTokens.js';
import { checkTaxedBuyRoute } from './checkTaxedBuyRoute.js';
import type { ExecutionIntent, Hex } from './types.js';

const chain = configureChains({ overrides: new Map(), registry: chains }).find((c) => c.id === 1)!;
const V2 = chain.contracts.uniswapV2!.router02;
const V3 = chain.contracts.uniswapV3!.swapRouter;
const TOKEN = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const selector = (name: string) => v2RouterInterface.getFunction(name)!.selector as Hex;
const intent = (
  to: `0x${string}`,
  data: Hex,
  action: ExecutionIntent['action'] = 'swap',
): ExecutionIntent => ({
  chainId: 1,
  action,
  to,
  data: `${data}${'00'.repeat(64)}` as Hex,
  value: 0n,
  spends: [],
  acquires: [{ token: TOKEN, amount: 1n }],
  description: 'swap',
});
const report = (buyTax: number | null): SafetyVerdictInput => ({
  token: TOKEN,
  tax: { isHoneypot: false, buyTax, sellTax: 0 },
  factors: [],
});

describe('checkTaxedBuyRoute', () => {
  it('a taxed buy through a V2 …SupportingFeeOnTransferTokens function is allowed', () => {
    for (const name of [
      'swapExactETHForTokensSupportingFeeOnTransferTokens',
      'swapExactTokensForTokensSupportingFeeOnTransferTokens',
      'swapExactTokensForETHSupportingFeeOnTransferTokens',
    ]) {
      expect(
        checkTaxedBuyRoute({
          intent: intent(V2, selector(name)),
          chain,
          reports: [report(3)],
          swapLike: true,
        }),
      ).toBeNull();
    }
  });

  it('a taxed buy through plain V2 (checks the pool’s output) or the V3 router → FEE_ON_TRANSFER_ROUTE_REQUIRED', () => {
    for (const i of [
      intent(V2, selector('swapExactETHForTokens')),
      intent(V2, selector('swapExactTokensForTokens')),
      // The right selector on another contract is not the V2 router's balance check.
      intent(V3, selector('swapExactETHForTokensSupportingFeeOnTransferTokens')),
      intent(V3, '0xc04b8d59'),
    ]) {
      expect(checkTaxedBuyRoute({ intent: i, chain, reports: [report(0.5)], swapLike: true })).toMatchObject({
        code: 'FEE_ON_TRANSFER_ROUTE_REQUIRED',
        reason: expect.stringContaining('0.5% buy tax'),
      });
    }
  });

  it('no buy tax, an unknown one (the safety gate decides), or an action other than a swap → no opinion', () => {
    const plain = intent(V2, selector('swapExactETHForTokens'));
    expect(checkTaxedBuyRoute({ intent: plain, chain, reports: [report(0)], swapLike: true })).toBeNull();
    expect(checkTaxedBuyRoute({ intent: plain, chain, reports: [report(null)], swapLike: true })).toBeNull();
    expect(checkTaxedBuyRoute({ intent: plain, chain, reports: [], swapLike: true })).toBeNull();
    expect(
      checkTaxedBuyRoute({
        intent: intent(TOKEN, '0x095ea7b3', 'approve'),
        chain,
        reports: [report(5)],
        swapLike: false,
      }),
    ).toBeNull();
  });

  it('G6: the rule is keyed on the module, not the name — a dca-fill (swapLike) is held to it like a swap', () => {
    const v3Buy = intent(V3, '0xc04b8d59', 'dca-fill');
    expect(checkTaxedBuyRoute({ intent: v3Buy, chain, reports: [report(9)], swapLike: true })).toMatchObject({
      code: 'FEE_ON_TRANSFER_ROUTE_REQUIRED',
    });
    // The same intent under a module that is not a swap has no opinion here.
    expect(checkTaxedBuyRoute({ intent: v3Buy, chain, reports: [report(9)], swapLike: false })).toBeNull();
  });

  it('compares the router and the selector whatever their case', () => {
    const name = 'swapExactETHForTokensSupportingFeeOnTransferTokens';
    const upper = `0x${selector(name).slice(2).toUpperCase()}` as Hex;
    for (const to of [V2.toLowerCase(), `0x${V2.slice(2).toUpperCase()}`] as `0x${string}`[]) {
      expect(
        checkTaxedBuyRoute({ intent: intent(to, upper), chain, reports: [report(3)], swapLike: true }),
      ).toBeNull();
    }
  });

  it('a chain without a Uniswap V2 router has no balance-checked route: a taxed buy is refused', () => {
    const noV2 = { ...chain, contracts: { ...chain.contracts, uniswapV2: null } } as typeof chain;
    const name = 'swapExactETHForTokensSupportingFeeOnTransferTokens';
    expect(
      checkTaxedBuyRoute({
        intent: intent(V2, selector(name)),
        chain: noV2,
        reports: [report(3)],
        swapLike: true,
      }),
    ).toMatchObject({ code: 'FEE_ON_TRANSFER_ROUTE_REQUIRED' });
  });

  it('one taxed token among untaxed ones is enough, and the refusal names it', () => {
    const other = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
    const taxed: SafetyVerdictInput = { ...report(2), token: other };
    expect(
      checkTaxedBuyRoute({
        intent: intent(V2, selector('swapExactETHForTokens')),
        chain,
        reports: [report(0), report(null), taxed],
        swapLike: true,
      }),
    ).toMatchObject({
      code: 'FEE_ON_TRANSFER_ROUTE_REQUIRED',
      reason: expect.stringContaining(`${other} takes a 2%`),
    });
  });
});
