import { solidityPacked } from 'ethers';
import { parseAddress } from '../address/parseAddress.js';
import { SwapError } from './SwapError.js';

/** Parameters of {@link encodeV3Path}. */
export interface EncodeV3PathParameters {
  /** Tokens in swap order (exact input: first = token in). */
  readonly path: readonly string[];
  /** Fee tier of each hop (hundredths of a bip); `path.length - 1` entries. */
  readonly fees: readonly number[];
}

/**
 * Encodes a Uniswap V3 multi-hop path (`token fee token fee … token`, 20 + 3 bytes per hop) as used by
 * `exactInput`, QuoterV2 `quoteExactInput`. For exact-output functions pass the path reversed (token out first).
 * A malformed path (fewer than two tokens, wrong fee count, fee outside 1..2**24-1) → `INVALID_SWAP_PARAMETER`.
 *
 * @example
 * ```ts
 * encodeV3Path({ path: [usdc, weth, dai], fees: [500, 3000] }); // '0x…' (66 bytes)
 * ```
 */
export function encodeV3Path({ path, fees }: EncodeV3PathParameters): `0x${string}` {
  if (path.length < 2 || fees.length !== path.length - 1) {
    throw new SwapError('INVALID_SWAP_PARAMETER', 'A V3 path needs n ≥ 2 tokens and n - 1 fee tiers', {
      details: `${path.length} tokens, ${fees.length} fees`,
    });
  }
  const types: string[] = [];
  const values: (string | number)[] = [];
  path.forEach((token, i) => {
    types.push('address');
    values.push(parseAddress({ address: token }));
    if (i < fees.length) {
      const fee = fees[i] as number;
      if (!Number.isInteger(fee) || fee <= 0 || fee >= 2 ** 24) {
        throw new SwapError('INVALID_SWAP_PARAMETER', 'Invalid V3 fee tier', { details: String(fee) });
      }
      types.push('uint24');
      values.push(fee);
    }
  });
  return solidityPacked(types, values) as `0x${string}`;
}
