import type { Wallet } from 'ethers';
import { WalletError } from '../errors/WalletError.js';
import { walletFromPrivateKey } from './walletFromPrivateKey.js';

/**
 * Holds several named wallets in memory. Keys live as plaintext in process memory (JavaScript cannot zero
 * memory); `clear()` drops every reference the manager holds so they can be garbage-collected. Nothing is persisted.
 *
 * @example
 * ```ts
 * const wallets = new WalletManager();
 * wallets.add({ name: 'ops', privateKey });
 * wallets.get('ops').address;
 * wallets.clear();
 * ```
 */
export class WalletManager {
  readonly #wallets = new Map<string, Wallet>();

  /**
   * Adds a wallet from a raw key or an already-built ethers `Wallet`; a duplicate name replaces the old one.
   * A bad name → `INVALID_WALLET_NAME`; a bad or missing key → `INVALID_PRIVATE_KEY`.
   */
  add({ name, privateKey, wallet }: { name: string; privateKey?: string; wallet?: Wallet }): `0x${string}` {
    if (!/^[A-Za-z0-9_.-]{1,64}$/.test(name)) {
      throw new WalletError('INVALID_WALLET_NAME', 'Wallet name must be 1–64 characters of [A-Za-z0-9_.-]');
    }
    const resolved = wallet ?? (privateKey !== undefined ? walletFromPrivateKey({ privateKey }) : undefined);
    if (!resolved) throw new WalletError('INVALID_PRIVATE_KEY', 'A private key or a wallet is required');
    this.#wallets.set(name, resolved);
    return resolved.address as `0x${string}`;
  }

  /** The wallet named `name`; throws `WALLET_NOT_FOUND` when absent. */
  get(name: string): Wallet {
    const wallet = this.#wallets.get(name);
    if (!wallet)
      throw new WalletError('WALLET_NOT_FOUND', `No wallet named ${JSON.stringify(name.slice(0, 64))}`);
    return wallet;
  }

  /** Names and addresses, never keys. */
  list(): { name: string; address: `0x${string}` }[] {
    return [...this.#wallets].map(([name, w]) => ({ name, address: w.address as `0x${string}` }));
  }

  /** Removes one wallet; returns whether it existed. */
  remove(name: string): boolean {
    return this.#wallets.delete(name);
  }

  /** Drops every key this manager holds. */
  clear(): void {
    this.#wallets.clear();
  }

  get size(): number {
    return this.#wallets.size;
  }
}
