import type { SwapRouteQuote } from './types.js';

/** Parameters of {@link selectBestRoute}. */
export interface SelectBestRouteParameters {
  readonly candidates: readonly SwapRouteQuote[];
}

/**
 * Orders quoted routes best first: the highest `amountOut`; among equal outputs the lower `gasEstimate`; then
 * the earlier candidate (stable). Routes with no output are dropped. Returns a new array; `[]` when none remain.
 *
 * @example
 * ```ts
 * const [best] = selectBestRoute({ candidates });
 * if (best === undefined) throw new SwapError('NO_ROUTE', '…');
 * ```
 */
export function selectBestRoute({ candidates }: SelectBestRouteParameters): SwapRouteQuote[] {
  return candidates
    .filter((c) => c.amountOut > 0n)
    .map((c, i) => ({ c, i }))
    .sort((a, b) => {
      if (a.c.amountOut !== b.c.amountOut) return a.c.amountOut > b.c.amountOut ? -1 : 1;
      if (a.c.gasEstimate !== b.c.gasEstimate) return a.c.gasEstimate < b.c.gasEstimate ? -1 : 1;
      return a.i - b.i;
    })
    .map(({ c }) => c);
}
