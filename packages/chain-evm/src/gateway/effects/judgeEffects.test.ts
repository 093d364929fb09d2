import { describe, expect, it } from 'vitest';
import type { Address } from '../../chains/chains.js';
import { judgeEffects } from './judgeEffects.js';
import { type AssetTransfer, NATIVE_ASSET } from './SimulatedEffects.js';

const WALLET = '0x1111111111111111111111111111111111111111' as Address;
const ROUTER = '0x2222222222222222222222222222222222222222' as Address;
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' as Address;
const DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F' as Address;
const VAULT = '0x4444444444444444444444444444444444444444' as Address;

const out = (token: Address, amount: bigint, to: Address = ROUTER): AssetTransfer => ({
  token,
  from: WALLET,
  to,
  amount,
});
const into = (token: Address, amount: bigint): AssetTransfer => ({ token, from: ROUTER, to: WALLET, amount });
const judge = (
  transfers: AssetTransfer[],
  declared: Partial<Parameters<typeof judgeEffects>[0]['declared']> = {},
) =>
  judgeEffects({
    wallet: WALLET,
    transfers,
    declared: { value: 0n, spends: [], minimums: [], ...declared },
  });

describe('judgeEffects', () => {
  it('a swap that spends what it declares and receives its minimum → null (exactly at the bounds too)', () => {
    expect(
      judge([out(USDC, 100n), into(DAI, 95n)], {
        spends: [{ token: USDC, amount: 100n }],
        minimums: [{ token: DAI, amount: 95n }],
      }),
    ).toBeNull();
    expect(
      judge([out(NATIVE_ASSET, 10n), into(DAI, 96n)], {
        value: 10n,
        minimums: [{ token: DAI, amount: 95n }],
      }),
    ).toBeNull();
  });

  it('G2: received less than the minimum (a tax taken from the wallet) → EFFECT_SHORTFALL naming token and amounts', () => {
    const taxed = [
      out(NATIVE_ASSET, 10n),
      into(DAI, 1_000n),
      out(DAI, 900n, '0x0000000000000000000000000000000000000000' as Address),
    ];
    const refusal = judge(taxed, { value: 10n, minimums: [{ token: DAI, amount: 990n }] });
    expect(refusal?.code).toBe('EFFECT_SHORTFALL');
    expect(refusal?.reason).toContain(`leaves the wallet 100 of ${DAI.toLowerCase()}`);
    expect(refusal?.reason).toContain('less than the 990');
    // One unit short is short.
    expect(judge([into(DAI, 94n)], { minimums: [{ token: DAI, amount: 95n }] })?.code).toBe(
      'EFFECT_SHORTFALL',
    );
    // Nothing received at all.
    expect(judge([], { minimums: [{ token: DAI, amount: 1n }] })?.reason).toContain('leaves the wallet 0 of');
  });

  it('a native minimum (a swap to ETH: minimumReceived of NATIVE_ASSET) is checked on the native coin received', () => {
    const declared = {
      spends: [{ token: USDC, amount: 100n }],
      minimums: [{ token: NATIVE_ASSET, amount: 10n }],
    };
    expect(judge([out(USDC, 100n), into(NATIVE_ASSET, 10n)], declared)).toBeNull();
    const refusal = judge([out(USDC, 100n), into(NATIVE_ASSET, 9n)], declared);
    expect(refusal?.code).toBe('EFFECT_SHORTFALL');
    expect(refusal?.reason).toContain('9 of the native coin');
  });

  it('G9: a deposit whose shares fall short of the minimum → EFFECT_SHORTFALL; the same token twice adds up', () => {
    const deposit = [
      out(USDC, 1_000n, VAULT),
      {
        token: VAULT,
        from: '0x0000000000000000000000000000000000000000' as Address,
        to: WALLET,
        amount: 990n,
      },
    ];
    const declared = { spends: [{ token: USDC, amount: 1_000n }] };
    expect(judge(deposit, { ...declared, minimums: [{ token: VAULT, amount: 990n }] })).toBeNull();
    expect(judge(deposit, { ...declared, minimums: [{ token: VAULT, amount: 991n }] })?.code).toBe(
      'EFFECT_SHORTFALL',
    );
    expect(
      judge(deposit, {
        ...declared,
        minimums: [
          { token: VAULT, amount: 500n },
          { token: VAULT, amount: 491n },
        ],
      })?.code,
    ).toBe('EFFECT_SHORTFALL');
  });

  it('a token taken that the intent does not spend → EFFECT_UNDECLARED_SPEND (an approval that moves funds, too)', () => {
    const refusal = judge([out(DAI, 1n)]);
    expect(refusal?.code).toBe('EFFECT_UNDECLARED_SPEND');
    expect(refusal?.reason).toContain(`takes 1 of ${DAI.toLowerCase()}`);
    expect(
      judge([out(USDC, 100n), out(DAI, 5n), into(DAI, 2n)], { spends: [{ token: USDC, amount: 100n }] })
        ?.code,
    ).toBe('EFFECT_UNDECLARED_SPEND');
  });

  it('native coin leaving a wallet whose intent sends no value → EFFECT_UNDECLARED_SPEND', () => {
    const refusal = judge([out(NATIVE_ASSET, 5n)]);
    expect(refusal?.code).toBe('EFFECT_UNDECLARED_SPEND');
    expect(refusal?.reason).toContain('the native coin');
  });

  it('more than declared → EFFECT_OVERSPEND, for tokens and for native value; the same token declared twice adds up', () => {
    const refusal = judge([out(USDC, 101n)], { spends: [{ token: USDC, amount: 100n }] });
    expect(refusal?.code).toBe('EFFECT_OVERSPEND');
    expect(refusal?.reason).toContain('takes 101 of');
    expect(refusal?.reason).toContain('the 100 declared');
    expect(judge([out(NATIVE_ASSET, 11n)], { value: 10n })?.code).toBe('EFFECT_OVERSPEND');
    expect(
      judge([out(USDC, 101n)], {
        spends: [
          { token: USDC, amount: 50n },
          { token: USDC, amount: 51n },
        ],
      }),
    ).toBeNull();
    expect(
      judge([out(USDC, 102n)], {
        spends: [
          { token: USDC, amount: 50n },
          { token: USDC, amount: 51n },
        ],
      })?.code,
    ).toBe('EFFECT_OVERSPEND');
  });

  it('declared value adds to a native spend declared elsewhere; receiving what is not declared is fine; net, not gross', () => {
    expect(
      judge([out(NATIVE_ASSET, 15n)], { value: 10n, spends: [{ token: NATIVE_ASSET, amount: 5n }] }),
    ).toBeNull();
    expect(judge([into(DAI, 7n), into(NATIVE_ASSET, 3n)])).toBeNull();
    // A refund of excess value: 12 out, 3 back = 9 net within a value of 10.
    expect(judge([out(NATIVE_ASSET, 12n), into(NATIVE_ASSET, 3n)], { value: 10n })).toBeNull();
  });

  it('a token that comes back in full (net zero, or a transfer to itself) is not a spend', () => {
    expect(judge([out(DAI, 5n), into(DAI, 5n)])).toBeNull();
    expect(judge([{ token: DAI, from: WALLET, to: WALLET, amount: 7n }])).toBeNull();
  });

  it('compares tokens whatever their case', () => {
    expect(
      judge([out(USDC, 100n), into(DAI, 95n)], {
        spends: [{ token: USDC.toLowerCase() as Address, amount: 100n }],
        minimums: [{ token: DAI.toUpperCase().replace('0X', '0x') as Address, amount: 95n }],
      }),
    ).toBeNull();
  });
});
