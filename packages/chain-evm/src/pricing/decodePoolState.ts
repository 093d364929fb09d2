import type { Aggregate3Result } from '../multicall/aggregate3.js';
import type { PoolState } from './types.js';

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
  // (int56[] tickCumulatives, uint160[] …): the first array's offset, then its length and two words, read by hand
  // (ethers' coder costs ~10× more, on every pool of every quote).
  const data = result.returnData;
  const wordAt = (byte: number): bigint | null => {
    const start = 2 + byte * 2;
    return data.length >= start + 64 ? BigInt(`0x${data.slice(start, start + 64)}`) : null;
  };
  const offset = wordAt(0);
  if (offset === null || offset > 1_000_000n) return null;
  const at = Number(offset);
  const [length, thenWord, nowWord] = [wordAt(at), wordAt(at + 32), wordAt(at + 64)];
  if (length !== 2n || thenWord === null || nowWord === null) return null;
  const delta = BigInt.asIntN(56, nowWord) - BigInt.asIntN(56, thenWord);
  const span = BigInt(window);
  let tick = delta / span;
  if (delta < 0n && delta % span !== 0n) tick -= 1n;
  return Number(tick);
}
