import { describe, expect, it } from 'vitest';
import { bridgeDeliveryBound } from './bridgeDeliveryBound.js';
import type { DecodedLifiCalldata, LifiFacetData } from './types.js';

const ASSET = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831' as const;
const decoded = (facet: Partial<LifiFacetData>, form: 'start' | 'swapAndStart' = 'start') =>
  ({
    form,
    bridgeData: { minAmount: 1_000_000n },
    facet: { parties: [], receivingAssetId: null, outputAmount: null, destinationCall: false, ...facet },
  }) as unknown as DecodedLifiCalldata;

describe('bridgeDeliveryBound', () => {
  it('a named asset and amount prove themselves', () => {
    expect(bridgeDeliveryBound(decoded({ receivingAssetId: ASSET, outputAmount: 5n }))).toEqual({
      kind: 'named',
      asset: ASSET,
      minimum: 5n,
    });
  });

  it('a slippage bound proves the sent asset less that share', () => {
    expect(bridgeDeliveryBound(decoded({ maxSlippagePpm: 5_000 }))).toEqual({
      kind: 'sent-asset',
      maxSlippagePpm: 5_000,
      minimum: 995_000n,
    });
    expect(bridgeDeliveryBound(decoded({ maxSlippagePpm: 0 }))?.minimum).toBe(1_000_000n);
    expect(bridgeDeliveryBound(decoded({ maxSlippagePpm: 1_000_000 }))?.minimum).toBe(0n);
  });

  it.each([
    ['no asset, no amount, no bound', {}, 'start'],
    ['an asset without an amount', { receivingAssetId: ASSET }, 'start'],
    ['an amount without an asset', { outputAmount: 5n }, 'start'],
    ['a bound beside an asset', { receivingAssetId: ASSET, maxSlippagePpm: 100 }, 'start'],
    ['a bound beside an amount', { outputAmount: 5n, maxSlippagePpm: 100 }, 'start'],
    ['a bound after source swaps', { maxSlippagePpm: 100 }, 'swapAndStart'],
    ['a bound above 100%', { maxSlippagePpm: 1_000_001 }, 'start'],
    ['a negative bound', { maxSlippagePpm: -1 }, 'start'],
    ['a fractional bound', { maxSlippagePpm: 0.5 }, 'start'],
    ['a null bound', { maxSlippagePpm: null }, 'start'],
  ] as const)('%s proves nothing', (_name, facet, form) => {
    expect(bridgeDeliveryBound(decoded(facet, form))).toBeNull();
  });
});
