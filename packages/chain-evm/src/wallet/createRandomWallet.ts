import { Wallet } from 'ethers';

/** Result of {@link createRandomWallet}. */
export interface CreateRandomWalletReturnType {
  address: `0x${string}`;
  /** 32-byte private key, 0x-prefixed hex. Show it once; never log or store it. */
  privateKey: `0x${string}`;
}

/**
 * Generates a new EVM wallet from the platform's CSPRNG (via ethers' `randomBytes`). The key exists only in the
 * returned object; nothing is persisted.
 *
 * @example
 * ```ts
 * const { address, privateKey } = createRandomWallet();
 * ```
 */
export function createRandomWallet(): CreateRandomWalletReturnType {
  const wallet = Wallet.createRandom();
  return { address: wallet.address as `0x${string}`, privateKey: wallet.privateKey as `0x${string}` };
}
