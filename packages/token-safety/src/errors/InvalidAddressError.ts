import { BaseError } from './BaseError.js';

/** Parameters of {@link InvalidAddressError}. */
export type InvalidAddressErrorParameters = { address: unknown; expected: string };

/**
 * The token address is malformed for its chain. Code `INVALID_ADDRESS`.
 *
 * @example
 * ```ts
 * throw new InvalidAddressError({ address: '0x12', expected: '0x followed by 40 hex digits' });
 * ```
 */
export class InvalidAddressError extends BaseError {
  override name = 'InvalidAddressError';
  constructor({ address, expected }: InvalidAddressErrorParameters) {
    super({
      code: 'INVALID_ADDRESS',
      shortMessage: `Invalid token address: ${String(address).slice(0, 100)}`,
      details: `Expected ${expected}.`,
    });
  }
}
