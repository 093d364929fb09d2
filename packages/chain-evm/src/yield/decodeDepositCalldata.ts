import { getAddress } from 'ethers';
import type { Address } from '../chains/chains.js';
import type { Hex } from '../gateway/types.js';

/** Selector of ERC-4626 `deposit(uint256 assets, address receiver)`. */
export const DEPOSIT_SELECTOR = '0x6e553f65';

/** What {@link decodeDepositCalldata} found. */
export interface DecodedDepositCalldata {
  /** Assets deposited, base units. */
  readonly assets: bigint;
  /** Who receives the shares (checksummed). */
  readonly receiver: Address;
}

/**
 * Decodes ERC-4626 `deposit(assets, receiver)` calldata strictly: the selector, exactly two 32-byte words, an address
 * word whose upper 12 bytes are zero. Anything else — another function, trailing bytes, a dirty address word, odd
 * hex — is `null` (calldata the gateway cannot decode is never signed).
 *
 * @example
 * ```ts
 * const decoded = decodeDepositCalldata({ data: intent.data });
 * if (decoded === null || decoded.receiver !== wallet) refuse();
 * ```
 */
export function decodeDepositCalldata({ data }: { readonly data: Hex }): DecodedDepositCalldata | null {
  if (typeof data !== 'string' || !/^0x[0-9a-fA-F]{136}$/.test(data)) return null;
  if (data.slice(0, 10).toLowerCase() !== DEPOSIT_SELECTOR) return null;
  const assetsWord = data.slice(10, 74);
  const receiverWord = data.slice(74, 138);
  if (!/^0{24}/.test(receiverWord)) return null;
  return {
    assets: BigInt(`0x${assetsWord}`),
    receiver: getAddress(`0x${receiverWord.slice(24)}`) as Address,
  };
}
