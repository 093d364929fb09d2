import { Wallet } from 'ethers';
import { WalletError } from '../errors/WalletError.js';

/** Parameters of {@link walletFromPrivateKey}. */
export interface WalletFromPrivateKeyParameters {
  /** 32-byte hex key, with or without `0x`. */
  privateKey: string;
}

/**
 * Builds an ethers `Wallet` (unconnected) from a raw private key. A malformed key throws `INVALID_PRIVATE_KEY`
 * with no part of the key in the message.
 *
 * @example
 * ```ts
 * const wallet = walletFromPrivateKey({ privateKey: process.env.WALLET_PRIVATE_KEY! });
 * ```
 */
export function walletFromPrivateKey({ privateKey }: WalletFromPrivateKeyParameters): Wallet {
  const hex = privateKey.trim().startsWith('0x') ? privateKey.trim() : `0x${privateKey.trim()}`;
  if (!/^0x[0-9a-fA-F]{64}$/.test(hex)) {
    throw new WalletError('INVALID_PRIVATE_KEY', 'Private key must be 32 bytes of hex');
  }
  try {
    return new Wallet(hex);
  } catch {
    // The cause is dropped on purpose: ethers' message can include the key.
    throw new WalletError('INVALID_PRIVATE_KEY', 'Private key is not a valid secp256k1 scalar');
  }
}
