import type { Address } from '../chains/chains.js';
import type { DecodedLifiCalldata } from './types.js';

/** One million: cBridge's `maxSlippage` unit is a millionth (1e-6) of the amount. */
const PPM = 1_000_000;

/**
 * What a bridge call's own calldata proves about what arrives: the asset and the least amount it names (`named`), or —
 * for a bridge that names neither but pays the sent asset's counterpart, less at most its own slippage bound
 * (cBridge's `maxSlippage`) — that bound and the amount it leaves (`sent-asset`, in the sent asset's base units).
 */
export type BridgeDeliveryBound =
  | { readonly kind: 'named'; readonly asset: Address; readonly minimum: bigint }
  | { readonly kind: 'sent-asset'; readonly maxSlippagePpm: number; readonly minimum: bigint };

/**
 * Pure: the bound on delivery a decoded LI.FI call proves by itself, or `null` when its calldata proves neither a
 * named asset and amount nor a slippage bound on the sent asset — such a call must be refused
 * (`BRIDGE_CALLDATA_UNKNOWN`), never let through on the quote's word. A `swapAndStart…` call never proves a
 * `sent-asset` bound (the swap's output is not the amount sent); a slippage bound outside 0…1,000,000 proves nothing.
 *
 * @example
 * ```ts
 * const bound = bridgeDeliveryBound(decoded);
 * if (bound === null) return refuse('BRIDGE_CALLDATA_UNKNOWN');
 * if (bound.kind === 'sent-asset' && bound.maxSlippagePpm > slippageBps * 100) return refuse('BRIDGE_SLIPPAGE_TOO_HIGH');
 * ```
 */
export function bridgeDeliveryBound(decoded: DecodedLifiCalldata): BridgeDeliveryBound | null {
  const { facet, bridgeData } = decoded;
  if (facet.receivingAssetId !== null && facet.outputAmount !== null) {
    return { kind: 'named', asset: facet.receivingAssetId, minimum: facet.outputAmount };
  }
  // A missing bound is NaN: never an integer.
  const ppm = facet.maxSlippagePpm ?? Number.NaN;
  if (
    facet.receivingAssetId === null &&
    facet.outputAmount === null &&
    decoded.form === 'start' &&
    Number.isInteger(ppm) &&
    ppm >= 0 &&
    ppm <= PPM
  ) {
    const minimum = (bridgeData.minAmount * BigInt(PPM - ppm)) / BigInt(PPM);
    return { kind: 'sent-asset', maxSlippagePpm: ppm, minimum };
  }
  return null;
}
