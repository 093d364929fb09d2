import fc from 'fast-check';
import { AbiCoder } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { FeeQuote } from '../types.js';
import { bumpFees } from './bumpFees.js';
import { createMemoryNonceManager } from './createMemoryNonceManager.js';
import { decodeRevertReason } from './decodeRevertReason.js';
import { isDefinitelyNotSent } from './isDefinitelyNotSent.js';

/** Stand-in signed bytes (the manager keeps them; these tests look at nonces). */
const signed = async () => ({ raw: '0x00' as const, hash: `0x${'00'.repeat(32)}` as const });

const GWEI = 1_000_000_000n;
const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('bumpFees', () => {
  it('property: every fee rises by at least 12.5% and to at least the current ask, never above the ceiling', () => {
    const fee = fc.bigInt({ min: 1n, max: 1_000n * GWEI });
    fc.assert(
      fc.property(
        fee,
        fee,
        fee,
        fee,
        fc.bigInt({ min: 1n, max: 2_000n * GWEI }),
        (tip, max, nowTip, nowMax, ceiling) => {
          const previous: FeeQuote = {
            kind: 'eip1559',
            baseFeePerGas: 1n,
            maxPriorityFeePerGas: tip,
            maxFeePerGas: max,
          };
          const current: FeeQuote = {
            kind: 'eip1559',
            baseFeePerGas: 1n,
            maxPriorityFeePerGas: nowTip,
            maxFeePerGas: nowMax,
          };
          const next = bumpFees({ previous, current, ceilingWei: ceiling });
          if (next === null) return;
          if (next.kind !== 'eip1559') throw new Error('kind changed');
          expect(next.maxPriorityFeePerGas * 10_000n).toBeGreaterThanOrEqual(tip * 11_250n);
          expect(next.maxFeePerGas * 10_000n).toBeGreaterThanOrEqual(max * 11_250n);
          expect(next.maxPriorityFeePerGas).toBeGreaterThanOrEqual(nowTip);
          expect(next.maxFeePerGas).toBeGreaterThanOrEqual(nowMax);
          expect(next.maxFeePerGas).toBeLessThanOrEqual(ceiling);
          expect(next.maxFeePerGas).toBeGreaterThanOrEqual(next.maxPriorityFeePerGas);
        },
      ),
    );
  });

  it('null at the ceiling; legacy gas prices bump too', () => {
    const previous: FeeQuote = { kind: 'legacy', gasPrice: 100n * GWEI };
    expect(bumpFees({ previous, current: previous, ceilingWei: 112n * GWEI })).toBeNull();
    expect(bumpFees({ previous, current: previous, ceilingWei: 200n * GWEI })).toEqual({
      kind: 'legacy',
      gasPrice: 112_500_000_000n,
    });
  });
});

describe('bumpFees: the exact replacement fees', () => {
  const eip1559 = (base: bigint, tip: bigint, max: bigint): FeeQuote => ({
    kind: 'eip1559',
    baseFeePerGas: base,
    maxPriorityFeePerGas: tip,
    maxFeePerGas: max,
  });
  const previous = eip1559(10n * GWEI, 2n * GWEI, 100n * GWEI);

  it('EIP-1559: each fee up 12.5% (rounded up) unless the network asks more, with the current base fee; signed up to the ceiling exactly', () => {
    const quiet = eip1559(20n * GWEI, 1n * GWEI, 50n * GWEI);
    const bumped = eip1559(20n * GWEI, 2_250_000_000n, 112_500_000_000n);
    expect(bumpFees({ previous, current: quiet, ceilingWei: 112_500_000_000n })).toEqual(bumped);
    expect(bumpFees({ previous, current: quiet, ceilingWei: 112_499_999_999n })).toBeNull();
    const busy = eip1559(30n * GWEI, 3n * GWEI, 150n * GWEI);
    expect(bumpFees({ previous, current: busy, ceilingWei: 200n * GWEI })).toEqual(busy);
    // A tip asked above the fee cap lifts the cap to it.
    expect(
      bumpFees({ previous, current: eip1559(1n, 120n * GWEI, 50n * GWEI), ceilingWei: 200n * GWEI }),
    ).toEqual(eip1559(1n, 120n * GWEI, 120n * GWEI));
    expect(
      bumpFees({ previous: eip1559(1n, 1n, 1n), current: eip1559(1n, 1n, 1n), ceilingWei: GWEI }),
    ).toEqual(eip1559(1n, 2n, 2n));
  });

  it('EIP-1559 replaced while the node quotes a legacy gas price: the price is the cap, the tip only bumps, the base fee stays', () => {
    const legacy: FeeQuote = { kind: 'legacy', gasPrice: 150n * GWEI };
    expect(bumpFees({ previous, current: legacy, ceilingWei: 200n * GWEI })).toEqual(
      eip1559(10n * GWEI, 2_250_000_000n, 150n * GWEI),
    );
  });

  it('legacy: the higher of +12.5% and the current ask (a legacy price or an EIP-1559 cap), up to the ceiling exactly', () => {
    const old: FeeQuote = { kind: 'legacy', gasPrice: 100n * GWEI };
    expect(bumpFees({ previous: old, current: old, ceilingWei: 112_500_000_000n })).toEqual({
      kind: 'legacy',
      gasPrice: 112_500_000_000n,
    });
    expect(
      bumpFees({ previous: old, current: eip1559(1n, 1n, 130n * GWEI), ceilingWei: 130n * GWEI }),
    ).toEqual({ kind: 'legacy', gasPrice: 130n * GWEI });
    expect(
      bumpFees({
        previous: old,
        current: { kind: 'legacy', gasPrice: 140n * GWEI },
        ceilingWei: 200n * GWEI,
      }),
    ).toEqual({ kind: 'legacy', gasPrice: 140n * GWEI });
  });
});

describe('decodeRevertReason', () => {
  const coder = AbiCoder.defaultAbiCoder();
  it('decodes Error(string), Panic(uint256), custom errors and empty reverts', () => {
    expect(
      decodeRevertReason(`0x08c379a0${coder.encode(['string'], ['UniswapV2Router: EXPIRED']).slice(2)}`),
    ).toBe('UniswapV2Router: EXPIRED');
    expect(decodeRevertReason(`0x4e487b71${coder.encode(['uint256'], [0x11]).slice(2)}`)).toBe(
      'panic 0x11: arithmetic overflow or underflow',
    );
    expect(decodeRevertReason(`0xe450d38c${'00'.repeat(96)}`)).toBe(
      'custom error 0xe450d38c (96 bytes of data)',
    );
    expect(decodeRevertReason('0x')).toBe('reverted without a reason');
    expect(decodeRevertReason(undefined)).toBe('reverted without a reason');
  });
});

describe('isDefinitelyNotSent', () => {
  it.each([
    ['nonce too low', true],
    ['insufficient funds for gas * price + value', true],
    ['replacement transaction underpriced', true],
    ['connect ECONNREFUSED 127.0.0.1:8545', true],
    ['socket hang up', false],
    ['RPC_TIMEOUT no answer within 8000 ms', false],
    ['server response 502', false],
  ])('%s → %s', (message, expected) => {
    expect(
      isDefinitelyNotSent(new Error('RPC eth_sendRawTransaction failed', { cause: new Error(message) })),
    ).toBe(expected);
  });
});

describe('createMemoryNonceManager', () => {
  function manager(pending: number) {
    let reads = 0;
    const provider = async () => ({
      send: async (method: string) => {
        if (method !== 'eth_getTransactionCount') throw new Error(method);
        reads++;
        return `0x${pending.toString(16)}`;
      },
    });
    return { nonces: createMemoryNonceManager({ provider }), reads: () => reads };
  }

  it('concurrent sends get distinct consecutive nonces from the pending count, read once', async () => {
    const { nonces, reads } = manager(7);
    const got = await Promise.all(
      Array.from({ length: 20 }, () =>
        nonces.withNonce({ chainId: 1, address: ADDRESS, sign: signed, send: async (_s, n) => n }),
      ),
    );
    expect(got).toEqual(Array.from({ length: 20 }, (_, i) => 7 + i));
    expect(reads()).toBe(1);
  });

  it('a send the node refused gives its nonce back (no gap); an uncertain failure resynchronises from the chain', async () => {
    const { nonces, reads } = manager(3);
    await expect(
      nonces.withNonce({
        chainId: 1,
        address: ADDRESS,
        sign: signed,
        send: async () => Promise.reject(new Error('insufficient funds')),
      }),
    ).rejects.toThrow();
    expect(
      await nonces.withNonce({ chainId: 1, address: ADDRESS, sign: signed, send: async (_s, n) => n }),
    ).toBe(3);
    await expect(
      nonces.withNonce({
        chainId: 1,
        address: ADDRESS,
        sign: signed,
        send: async () => Promise.reject(new Error('socket hang up')),
      }),
    ).rejects.toThrow();
    expect(reads()).toBe(1);
    await nonces.withNonce({ chainId: 1, address: ADDRESS, sign: signed, send: async (_s, n) => n });
    expect(reads()).toBe(2);
  });
});
