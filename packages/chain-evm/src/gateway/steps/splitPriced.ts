import type { PriceInNativeReturnType } from './priceInNative.js';

/**
 * Pure: splits one `priceInNative` answer over `[...amounts, ...alsoValue]` into the port's answer — `totalWei` and
 * `reason` of the first `ownCount` items only (an unpriceable `alsoValue` amount never makes the charge unknown), and
 * `alsoValued`, the value of each of the rest in order. `priceInNative` names the first unpriceable item in `reason`,
 * so when an own item is unpriceable the reason is about it.
 *
 * @example
 * ```ts
 * const { totalWei, alsoValued } = splitPriced(await priceInNative({ ...p, amounts: [...spends, ...acquires] }), spends.length);
 * ```
 */
export function splitPriced(
  priced: Pick<PriceInNativeReturnType, 'items' | 'reason'>,
  ownCount: number,
): { totalWei: bigint | null; reason: string | null; alsoValued: (bigint | null)[] } {
  let totalWei: bigint | null = 0n;
  for (const item of priced.items.slice(0, ownCount)) {
    if (item.valueWei === null) {
      totalWei = null;
      break;
    }
    totalWei += item.valueWei;
  }
  return {
    totalWei,
    reason: totalWei === null ? (priced.reason ?? 'a token spent cannot be priced') : null,
    alsoValued: priced.items.slice(ownCount).map((item) => item.valueWei),
  };
}
