import { getAddress } from 'ethers';
import { InvalidAddressError } from '../errors/InvalidAddressError.js';

/** Parameters of {@link parseAddress}. */
export interface ParseAddressParameters {
  /** Untrusted input: `0x` + 40 hex digits; mixed case must be a valid EIP-55 checksum. */
  address: string;
}

/**
 * Validates an EVM address and returns its EIP-55 checksummed form. Anything else (ENS names, ICAP, wrong length,
 * bad checksum, surrounding spaces) throws `INVALID_ADDRESS`.
 *
 * @example
 * ```ts
 * parseAddress({ address: '0xd8da6bf26964af9d7eed9e03e53415d37aa96045' });
 * // '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
 * ```
 */
export function parseAddress({ address }: ParseAddressParameters): `0x${string}` {
  if (typeof address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(address)) {
    throw new InvalidAddressError({ address: String(address) });
  }
  try {
    return getAddress(address) as `0x${string}`;
  } catch {
    throw new InvalidAddressError({ address });
  }
}
