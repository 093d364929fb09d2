import { AbiCoder } from 'ethers';
import type { Aggregate3Result } from '../multicall/aggregate3.js';
import type { PoolState } from './types.js';

const coder = AbiCoder.defaultAbiCoder();

/** Parameters of {@link decodePoolState}. */
export interface DecodePoolStateParameters {
  readonly protocol: 'v2' | 'v3';
  /** The results of `poolReadCalls` for this pool, in order (1 for V2, 3 for V3). */
  readonly results: readonly (Aggregate3Result | undefined)[];
  /** The window `observe` was asked for. */
  readonly twapWindowSeconds: number;
}

/**
 * Decodes what `poolReadCalls` read. `null` when there is no live pool (the read failed: nothing deployed there; a
 * V2 pair with an empty reserve; a V3 pool not initialized). A V3 pool whose `liquidity()` fails counts 0 in range;
 * one whose `observe` fails (window older than its oldest observation) has `twapTick: null`. The mean tick is
 * rounded towards −∞, as Uniswap's `OracleLibrary.consult` does.
 *
 * @example
 * ```ts
 * const state = decodePoolState({ protocol: 'v3', results: results.slice(i, i + 3), twapWindowSeconds: 1800 });
 * ```
 */
export function decodePoolState({
  protocol,
  results,
  twapWindowSeconds,
}: DecodePoolStateParameters): PoolState | null {
  if (protocol === 'v2') {
    const r = results[0];
    if (!r?.success || r.returnData.length < 2 + 64 * 2) return null;
    const reserve0 = BigInt(r.returnData.slice(0, 66));
    const reserve1 = BigInt(`0x${r.returnData.slice(66, 130)}`);
    return reserve0 > 0n && reserve1 > 0n ? { protocol, reserve0, reserve1 } : null;
  }
  const [slot0, liquidityResult, observeResult] = results;
  if (!slot0?.success || slot0.returnData.length < 2 + 64 * 2) return null;
  const sqrtPriceX96 = BigInt(slot0.returnData.slice(0, 66));
  if (sqrtPriceX96 === 0n) return null;
  const tick = Number(BigInt.asIntN(24, BigInt(`0x${slot0.returnData.slice(66, 130)}`)));
  let liquidity = 0n;
  if (liquidityResult?.success && liquidityResult.returnData.length >= 66) {
    liquidity = BigInt(liquidityResult.returnData.slice(0, 66));
  }
  return { protocol, sqrtPriceX96, tick, liquidity, twapTick: meanTick(observeResult, twapWindowSeconds) };
}

function meanTick(result: Aggregate3Result | undefined, window: number): number | null {
  if (!result?.success || window <= 0) return null;
  try {
    const [cumulatives] = coder.decode(['int56[]', 'uint160[]'], result.returnData) as unknown as [bigint[]];
    const [then, now] = cumulatives;
    if (cumulatives.length !== 2 || then === undefined || now === undefined) return null;
    const delta = now - then;
    const span = BigInt(window);
    let tick = delta / span;
    if (delta < 0n && delta % span !== 0n) tick -= 1n;
    return Number(tick);
  } catch {
    return null;
  }
}
