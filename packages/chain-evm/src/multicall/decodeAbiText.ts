import { AbiCoder, toUtf8String } from 'ethers';

/**
 * Token metadata text (`symbol()`, `name()`): an ABI `string`, or a `bytes32` padded with zeros (old tokens such
 * as MKR). Untrusted: control characters removed, trimmed, cut to `maxLength`; `null` when empty or undecodable.
 *
 * @example
 * ```ts
 * decodeAbiText(result.returnData, 32); // 'USDC' | null
 * ```
 */
export function decodeAbiText(data: `0x${string}`, maxLength: number): string | null {
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
  const clean = text.replace(/\p{C}/gu, '').trim().slice(0, maxLength);
  return clean.length > 0 ? clean : null;
}
