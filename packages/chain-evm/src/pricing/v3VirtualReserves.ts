const Q96 = 1n << 96n;

/** Parameters of {@link v3VirtualReserves}. */
export interface V3VirtualReservesParameters {
  /** The pool's `liquidity()`: the liquidity of the positions in range at the current tick. */
  readonly liquidity: bigint;
  /** `slot0().sqrtPriceX96`. */
  readonly sqrtPriceX96: bigint;
}

/**
 * The virtual reserves of a Uniswap V3 pool's IN-RANGE liquidity at its current price: `L / √P` of token0 and
 * `L · √P` of token1 (rounded down) — the reserves a V2 pair would need to trade like this pool does right here.
 * Out-of-range positions and tokens merely sent to the pool add nothing: they are not in `liquidity()`.
 *
 * @example
 * ```ts
 * const { reserve0, reserve1 } = v3VirtualReserves({ liquidity, sqrtPriceX96 });
 * ```
 */
export function v3VirtualReserves({ liquidity, sqrtPriceX96 }: V3VirtualReservesParameters): {
  reserve0: bigint;
  reserve1: bigint;
} {
  if (liquidity <= 0n || sqrtPriceX96 <= 0n) return { reserve0: 0n, reserve1: 0n };
  return { reserve0: (liquidity * Q96) / sqrtPriceX96, reserve1: (liquidity * sqrtPriceX96) / Q96 };
}
