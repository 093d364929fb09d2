import { BaseError } from './BaseError.js';

/**
 * A chain name or id that is not in the chain registry. There is never a fallback to chain 1.
 *
 * @example
 * ```ts
 * throw new UnsupportedChainError({ chain: 'dogechain' });
 * ```
 */
export class UnsupportedChainError extends BaseError<'UNSUPPORTED_CHAIN'> {
  override name = 'UnsupportedChainError';
  readonly chain: string;
  constructor({ chain }: { chain: string | number }) {
    super('UNSUPPORTED_CHAIN', `Unsupported chain: ${String(chain).slice(0, 64)}`);
    this.chain = String(chain).slice(0, 64);
  }
}
