import { Wallet } from 'ethers';
import { WalletError } from '../errors/WalletError.js';

/** Parameters of {@link loadKeystore}. */
export interface LoadKeystoreParameters {
  /** Contents of an Ethereum JSON keystore (V3, scrypt or pbkdf2). */
  json: string;
  /** The keystore password. */
  password: string;
}

/**
 * Decrypts an Ethereum JSON keystore into an ethers `Wallet`. Malformed JSON → `KEYSTORE_INVALID`; wrong
 * password → `KEYSTORE_PASSWORD`. Neither message contains the password or the key.
 *
 * @example
 * ```ts
 * const wallet = await loadKeystore({ json: readFileSync('key.json', 'utf8'), password });
 * ```
 */
export async function loadKeystore({ json, password }: LoadKeystoreParameters): Promise<Wallet> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new WalletError('KEYSTORE_INVALID', 'Keystore is not valid JSON');
  }
  const crypto =
    (parsed as { crypto?: unknown; Crypto?: unknown } | null)?.crypto ??
    (parsed as { Crypto?: unknown })?.Crypto;
  if (typeof parsed !== 'object' || parsed === null || typeof crypto !== 'object' || crypto === null) {
    throw new WalletError('KEYSTORE_INVALID', 'Keystore has no crypto section');
  }
  try {
    const wallet = await Wallet.fromEncryptedJson(json, password);
    return wallet instanceof Wallet ? wallet : new Wallet(wallet.privateKey);
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : '';
    if (/incorrect password|invalid password/i.test(message)) {
      throw new WalletError('KEYSTORE_PASSWORD', 'Keystore password is incorrect');
    }
    throw new WalletError('KEYSTORE_INVALID', 'Keystore could not be decrypted', {
      details: message.slice(0, 120),
    });
  }
}
