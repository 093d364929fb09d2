import { hex } from '../store/storeInput.js';
import type { SignedNonceTransaction } from '../types.js';

/**
 * The signed bytes and hash an outbox row keeps, checked (0x hex; a 32-byte hash) before anything is written.
 *
 * @example
 * ```ts
 * const { raw, hash } = checkSignedNonceTransaction(await sign(nonce));
 * ```
 */
export function checkSignedNonceTransaction(signed: SignedNonceTransaction): SignedNonceTransaction {
  return { raw: hex(signed?.raw, 'signed transaction'), hash: hex(signed?.hash, 'transaction hash', 32) };
}
