import type { Aggregate3Result } from '../multicall/aggregate3.js';
import { decodeAbiText } from '../multicall/decodeAbiText.js';
import { decodeUint256 } from '../multicall/decodeUint256.js';

/** A token's metadata as read from the chain; `null` where the token does not answer readably. */
export interface TokenMetadata {
  /** `decimals()` (0..255), `null` when missing or out of range. */
  readonly decimals: number | null;
  /** `symbol()` as ABI `string` or `bytes32` (old tokens such as MKR), printable text only. */
  readonly symbol: string | null;
  readonly name: string | null;
}

/**
 * Decodes the three results of {@link tokenMetadataCalls} (`decimals`, `symbol`, `name`). Token metadata is
 * untrusted: `symbol()`/`name()` may be ABI `string`, `bytes32` padded with zeros, or missing; control characters
 * are stripped and lengths bounded (symbol 32, name 100). Anything unreadable is `null`, never a guess.
 *
 * @example
 * ```ts
 * const { decimals, symbol } = decodeTokenMetadata(results.slice(i * 3, i * 3 + 3));
 * ```
 */
export function decodeTokenMetadata(results: readonly (Aggregate3Result | undefined)[]): TokenMetadata {
  const [decimals, symbol, name] = results;
  const value = decimals?.success ? decodeUint256(decimals.returnData) : null;
  return {
    decimals: value === null || value > 255n ? null : Number(value),
    symbol: symbol?.success ? decodeAbiText(symbol.returnData, 32) : null,
    name: name?.success ? decodeAbiText(name.returnData, 100) : null,
  };
}
