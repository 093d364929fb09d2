import { AbiCoder } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { Aggregate3Result } from '../multicall/aggregate3.js';
import { decodePoolState } from './decodePoolState.js';

const coder = AbiCoder.defaultAbiCoder();
const ok = (types: string[], values: unknown[]): Aggregate3Result => ({
  success: true,
  returnData: coder.encode(types, values) as `0x${string}`,
});
const failed: Aggregate3Result = { success: false, returnData: '0x' };
const slot0 = (sqrtPriceX96: bigint, tick: number) =>
  ok(
    ['uint160', 'int24', 'uint16', 'uint16', 'uint16', 'uint8', 'bool'],
    [sqrtPriceX96, tick, 0, 1, 1, 0, true],
  );
const observe = (then: bigint, now: bigint) =>
  ok(
    ['int56[]', 'uint160[]'],
    [
      [then, now],
      [0n, 0n],
    ],
  );

describe('decodePoolState', () => {
  it('V2: the reserves of getReserves; an empty side or a failed read (no pair) → null', () => {
    expect(
      decodePoolState({
        protocol: 'v2',
        results: [ok(['uint112', 'uint112', 'uint32'], [5n, 7n, 1])],
        twapWindowSeconds: 1800,
      }),
    ).toEqual({ protocol: 'v2', reserve0: 5n, reserve1: 7n });
    expect(
      decodePoolState({
        protocol: 'v2',
        results: [ok(['uint112', 'uint112', 'uint32'], [0n, 7n, 1])],
        twapWindowSeconds: 1800,
      }),
    ).toBeNull();
    expect(decodePoolState({ protocol: 'v2', results: [failed], twapWindowSeconds: 1800 })).toBeNull();
  });

  it('V3: price, signed tick, in-range liquidity and the mean tick, rounded towards −∞ as OracleLibrary does', () => {
    const state = decodePoolState({
      protocol: 'v3',
      results: [
        slot0(2n ** 96n, -200_123),
        ok(['uint128'], [42n]),
        observe(1_000n, 1_000n - 1_801n * 1_800n - 1n),
      ],
      twapWindowSeconds: 1800,
    });
    // (−1,801 × 1,800 − 1) / 1,800 = −1,801.0006 → −1,802.
    expect(state).toEqual({
      protocol: 'v3',
      sqrtPriceX96: 2n ** 96n,
      tick: -200_123,
      liquidity: 42n,
      twapTick: -1_802,
    });
    const exact = decodePoolState({
      protocol: 'v3',
      results: [slot0(2n ** 96n, 5), ok(['uint128'], [1n]), observe(-3_600n, 0n)],
      twapWindowSeconds: 1800,
    });
    expect(exact).toMatchObject({ tick: 5, twapTick: 2 });
  });

  it('V3: observe that cannot answer (a new pool: OLD) → twapTick null; unreadable liquidity → 0; no slot0 or price 0 → null', () => {
    expect(
      decodePoolState({
        protocol: 'v3',
        results: [slot0(2n ** 96n, 0), failed, failed],
        twapWindowSeconds: 1800,
      }),
    ).toEqual({ protocol: 'v3', sqrtPriceX96: 2n ** 96n, tick: 0, liquidity: 0n, twapTick: null });
    expect(
      decodePoolState({ protocol: 'v3', results: [failed, failed, failed], twapWindowSeconds: 1800 }),
    ).toBeNull();
    // An answer that is not two cumulatives (one element, truncated) is no TWAP either.
    for (const odd of [
      ok(['int56[]', 'uint160[]'], [[5n], [0n]]),
      { success: true, returnData: '0x1234' } as Aggregate3Result,
    ]) {
      expect(
        decodePoolState({
          protocol: 'v3',
          results: [slot0(2n ** 96n, 0), failed, odd],
          twapWindowSeconds: 1800,
        }),
      ).toMatchObject({ twapTick: null });
    }
    expect(
      decodePoolState({ protocol: 'v3', results: [slot0(0n, 0), failed, failed], twapWindowSeconds: 1800 }),
    ).toBeNull();
  });
});
