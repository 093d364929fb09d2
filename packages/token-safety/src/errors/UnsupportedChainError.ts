import { BaseError } from './BaseError.js';

/** Parameters of {@link UnsupportedChainError}. */
export type UnsupportedChainErrorParameters = { chain: unknown };

/**
 * The chain is not in the chain table. Never falls back to chain 1. Code `UNSUPPORTED_CHAIN`.
 *
 * @example
 * ```ts
 * throw new UnsupportedChainError({ chain: 999 });
 * ```
 */
export class UnsupportedChainError extends BaseError {
  override name = 'UnsupportedChainError';
  constructor({ chain }: UnsupportedChainErrorParameters) {
    super({
      code: 'UNSUPPORTED_CHAIN',
      shortMessage: `Unsupported chain: ${JSON.stringify(chain) ?? String(chain)}`,
      details: 'Use an EVM chain id from the chain table or "solana".',
    });
  }
}
