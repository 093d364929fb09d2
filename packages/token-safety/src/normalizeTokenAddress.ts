import { PublicKey } from '@solana/web3.js';
import { InvalidAddressError } from './errors/InvalidAddressError.js';
import type { ChainInfo } from './types.js';

/** Parameters of {@link normalizeTokenAddress}. */
export type NormalizeTokenAddressParameters = { chain: ChainInfo; address: unknown };

/** Return type of {@link normalizeTokenAddress}: EVM → lowercase `0x…`; Solana → canonical base58. */
export type NormalizeTokenAddressReturnType = string;

/**
 * Validates a token address for its chain and returns its canonical form. EVM addresses are lowercased
 * (this package does not depend on a keccak implementation, so it neither checks nor produces EIP-55
 * checksums); Solana mints must be canonical base58 of 32 bytes.
 *
 * @example
 * ```ts
 * normalizeTokenAddress({ chain, address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' });
 * // '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
 * ```
 */
export function normalizeTokenAddress({
  chain,
  address,
}: NormalizeTokenAddressParameters): NormalizeTokenAddressReturnType {
  if (typeof address !== 'string') {
    throw new InvalidAddressError({ address, expected: 'a string' });
  }
  const text = address.trim();
  if (chain.kind === 'evm') {
    if (!/^0x[0-9a-fA-F]{40}$/.test(text)) {
      throw new InvalidAddressError({ address, expected: '0x followed by 40 hex digits' });
    }
    const lower = text.toLowerCase();
    if (lower === '0x0000000000000000000000000000000000000000') {
      throw new InvalidAddressError({ address, expected: 'a token contract, not the zero address' });
    }
    return lower;
  }
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(text)) {
    throw new InvalidAddressError({ address, expected: 'a base58 Solana mint address' });
  }
  try {
    const key = new PublicKey(text);
    if (key.toBase58() !== text) throw new Error('not canonical');
    return text;
  } catch (cause) {
    throw Object.assign(new InvalidAddressError({ address, expected: 'a base58 Solana mint address' }), {
      cause,
    });
  }
}
