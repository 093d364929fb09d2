import { AbiCoder, toUtf8String } from 'ethers';
import type { Aggregate3Result } from '../multicall/aggregate3.js';
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
    symbol: symbol?.success ? decodeText(symbol.returnData, 32) : null,
    name: name?.success ? decodeText(name.returnData, 100) : null,
  };
}

/** ABI `string`, or `bytes32` padded with zeros; printable text only, else `null`. */
function decodeText(data: `0x${string}`, maxLength: number): string | null {
  let text: string | null = null;
  try {
    if (data.length === 66) {
      text = toUtf8String(data).replace(/\0+$/, '');
    } else {
      text = AbiCoder.defaultAbiCoder().decode(['string'], data)[0] as string;
    }
  } catch {
    return null;
  }
  // Token metadata is untrusted: no control characters, bounded length.
  const clean = text.replace(/\p{C}/gu, '').trim().slice(0, maxLength);
  return clean.length > 0 ? clean : null;
}
