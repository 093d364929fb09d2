import { InvalidParameterError } from './errors/InvalidParameterError.js';

/** Parameters of {@link encodeSqrtPriceX96}. */
export interface EncodeSqrtPriceX96Parameters {
  /** Amount of token0 in base units (the pool's price is amount1 / amount0). */
  amount0: bigint;
  /** Amount of token1 in base units. */
  amount1: bigint;
}

/** Return type of {@link encodeSqrtPriceX96}: `floor(sqrt(amount1 / amount0) * 2**96)`. */
export type EncodeSqrtPriceX96ReturnType = bigint;

/**
 * Uniswap V3 `sqrtPriceX96` for a pool whose price (token1 per token0, in base units) equals
 * `amount1 / amount0`, computed exactly with bigint arithmetic (no floats).
 *
 * @example
 * ```ts
 * import { encodeSqrtPriceX96 } from '@org/devnet';
 * encodeSqrtPriceX96({ amount0: 1n, amount1: 1n }); // 2n ** 96n
 * ```
 */
export function encodeSqrtPriceX96(parameters: EncodeSqrtPriceX96Parameters): EncodeSqrtPriceX96ReturnType {
  const { amount0, amount1 } = parameters;
  if (typeof amount0 !== 'bigint' || amount0 <= 0n)
    throw new InvalidParameterError('amount0', 'must be a positive bigint');
  if (typeof amount1 !== 'bigint' || amount1 <= 0n)
    throw new InvalidParameterError('amount1', 'must be a positive bigint');
  return bigintSqrt((amount1 << 192n) / amount0);
}

function bigintSqrt(value: bigint): bigint {
  if (value < 2n) return value;
  // Newton's method from a power of two above the root; converges monotonically downwards.
  let x = 1n << BigInt(Math.ceil(value.toString(2).length / 2));
  for (;;) {
    const y = (x + value / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}
