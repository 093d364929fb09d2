import { describe, expect, it } from 'vitest';
import type { Address } from '../../chains/chains.js';
import { NATIVE_ASSET } from './SimulatedEffects.js';
import { walletDeltas } from './walletDeltas.js';

const WALLET = '0x1111111111111111111111111111111111111111' as Address;
const POOL = '0x2222222222222222222222222222222222222222' as Address;
const OTHER = '0x3333333333333333333333333333333333333333' as Address;
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' as Address;
const DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F' as Address;

describe('walletDeltas', () => {
  it('nets what the wallet received against what it sent, per token, lower-case keys', () => {
    const deltas = walletDeltas({
      wallet: WALLET,
      transfers: [
        { token: USDC, from: WALLET, to: POOL, amount: 100n },
        { token: DAI, from: POOL, to: WALLET, amount: 70n },
        { token: USDC, from: POOL, to: WALLET, amount: 30n },
        { token: DAI, from: POOL, to: WALLET, amount: 5n },
      ],
    });
    expect(deltas.get(USDC.toLowerCase())).toBe(-70n);
    expect(deltas.get(DAI.toLowerCase())).toBe(75n);
    expect(deltas.size).toBe(2);
  });

  it('compares addresses whatever their case; a transfer to itself nets to zero; others’ transfers are absent', () => {
    const deltas = walletDeltas({
      wallet: WALLET,
      transfers: [
        { token: USDC, from: POOL, to: WALLET.toUpperCase().replace('0X', '0x') as Address, amount: 9n },
        { token: DAI, from: WALLET, to: WALLET, amount: 50n },
        { token: NATIVE_ASSET, from: POOL, to: OTHER, amount: 1_000n },
      ],
    });
    expect(deltas.get(USDC.toLowerCase())).toBe(9n);
    expect(deltas.get(DAI.toLowerCase())).toBe(0n);
    expect(deltas.has(NATIVE_ASSET)).toBe(false);
  });

  it('a burn from the wallet after a transfer to it (a buy tax) leaves only what stayed', () => {
    const deltas = walletDeltas({
      wallet: WALLET,
      transfers: [
        { token: USDC, from: POOL, to: WALLET, amount: 1_000n },
        {
          token: USDC,
          from: WALLET,
          to: '0x0000000000000000000000000000000000000000' as Address,
          amount: 900n,
        },
      ],
    });
    expect(deltas.get(USDC.toLowerCase())).toBe(100n);
  });
});
