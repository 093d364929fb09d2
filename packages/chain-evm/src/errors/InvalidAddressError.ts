import { BaseError } from './BaseError.js';

/**
 * An input that is not a valid EVM address (20 bytes hex; a mixed-case address must carry a valid checksum).
 *
 * @example
 * ```ts
 * throw new InvalidAddressError({ address: '0x123' });
 * ```
 */
export class InvalidAddressError extends BaseError<'INVALID_ADDRESS'> {
  override name = 'InvalidAddressError';
  constructor({ address }: { address: string }) {
    super('INVALID_ADDRESS', 'Invalid EVM address', {
      details: `got ${JSON.stringify(address.slice(0, 80))}`,
    });
  }
}
