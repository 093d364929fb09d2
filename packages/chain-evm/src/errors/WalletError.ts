import { BaseError, type BaseErrorParameters } from './BaseError.js';

/** Codes of {@link WalletError}. */
export type WalletErrorCode =
  | 'INVALID_PRIVATE_KEY'
  | 'KEYSTORE_INVALID'
  | 'KEYSTORE_PASSWORD'
  | 'WALLET_NOT_FOUND'
  | 'INVALID_WALLET_NAME';

/**
 * A wallet could not be created, loaded or found. Messages never contain key material or passwords.
 *
 * @example
 * ```ts
 * throw new WalletError('WALLET_NOT_FOUND', 'No wallet named "ops"');
 * ```
 */
export class WalletError extends BaseError<WalletErrorCode> {
  override name = 'WalletError';
  constructor(code: WalletErrorCode, shortMessage: string, parameters: BaseErrorParameters = {}) {
    super(code, shortMessage, parameters);
  }
}
