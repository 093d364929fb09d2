import { describe, expect, it } from 'vitest';
import { selectBestRoute } from './selectBestRoute.js';
import type { SwapRouteQuote } from './types.js';

const route = (protocol: 'v2' | 'v3', amountOut: bigint, gasEstimate: bigint): SwapRouteQuote => ({
  route: { protocol, router: '0x0000000000000000000000000000000000000001', path: [], fees: [], pools: [] },
  amountOut,
  gasEstimate,
  priceImpactBps: null,
});

describe('selectBestRoute', () => {
  it('highest output first, whatever the order; the lower gas breaks a tie; no-output routes dropped', () => {
    const a = route('v2', 100n, 90_000n);
    const b = route('v3', 120n, 150_000n);
    const c = route('v3', 100n, 80_000n);
    const d = route('v2', 0n, 1n);
    expect(selectBestRoute({ candidates: [a, b, c, d] })).toEqual([b, c, a]);
    expect(selectBestRoute({ candidates: [d, c, a, b] })).toEqual([b, c, a]);
    expect(selectBestRoute({ candidates: [d] })).toEqual([]);
  });
});
