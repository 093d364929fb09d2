import type { Address } from '@org/chain-evm';

/**
 * The underlying asset of each configured vault, as read from the chain (ERC-4626 `asset()`), for the gateway's
 * `deposit` module (`createDepositAction({ assetOf })`): the compound service records what it read before it builds a
 * deposit, and the module refuses a vault whose asset is not known. A vault that later answers another asset is a
 * conflict: {@link VaultAssetBook.learn} refuses it and the first answer stays.
 *
 * @example
 * ```ts
 * const book = new VaultAssetBook();
 * book.learn({ chainId: 1, vault, asset: usdc }); // true
 * book.assetOf({ chainId: 1, vault }); // usdc
 * ```
 */
export class VaultAssetBook {
  readonly #assets = new Map<string, Address>();

  /** The asset read for `vault` on `chainId`, or null when none was. */
  assetOf = ({ chainId, vault }: { readonly chainId: number; readonly vault: Address }): Address | null =>
    this.#assets.get(`${chainId}:${vault.toLowerCase()}`) ?? null;

  /** Records the asset read on chain; false (and nothing changed) when another asset was read before. */
  learn({ chainId, vault, asset }: { chainId: number; vault: Address; asset: Address }): boolean {
    const key = `${chainId}:${vault.toLowerCase()}`;
    const known = this.#assets.get(key);
    if (known !== undefined) return known.toLowerCase() === asset.toLowerCase();
    this.#assets.set(key, asset);
    return true;
  }
}
