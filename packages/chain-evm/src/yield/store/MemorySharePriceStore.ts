import type { Address } from '../../chains/chains.js';
import type { ListSharePricesParameters, SharePriceSample, SharePriceStore } from '../types.js';
import { checkedBlock, checkedLimit, checkedVault, checkSharePriceSample } from './checkSharePriceSample.js';

/**
 * {@link SharePriceStore} in process memory (tests, single-process tools; lost on exit). Each call completes
 * without awaiting, so concurrent records of one block store it once.
 *
 * @example
 * ```ts
 * import { MemorySharePriceStore, sampleVaultSharePrices } from '@org/chain-evm';
 * const store = new MemorySharePriceStore();
 * await sampleVaultSharePrices({ provider, chain, vaults: [vault], store });
 * ```
 */
export class MemorySharePriceStore implements SharePriceStore {
  /** `chainId:vault` → samples ordered by (at, blockNumber). */
  readonly #byVault = new Map<string, SharePriceSample[]>();

  async record(sample: SharePriceSample): Promise<boolean> {
    const checked = checkSharePriceSample(sample);
    const key = `${checked.chainId}:${checked.vault}`;
    const list = this.#byVault.get(key) ?? [];
    if (list.some((s) => s.blockNumber === checked.blockNumber)) return false;
    list.push(checked);
    list.sort((a, b) => a.at - b.at || a.blockNumber - b.blockNumber);
    this.#byVault.set(key, list);
    return true;
  }

  async list({
    chainId,
    vault,
    since,
    limit,
  }: ListSharePricesParameters): Promise<readonly SharePriceSample[]> {
    const max = checkedLimit(limit);
    const list = this.#byVault.get(`${chainId}:${checkedVault(vault)}`) ?? [];
    const range = list.filter((s) => since === undefined || s.at >= since);
    return range.slice(Math.max(0, range.length - max));
  }

  async oldest({ chainId, vault }: { chainId: number; vault: Address }): Promise<SharePriceSample | null> {
    return this.#byVault.get(`${chainId}:${checkedVault(vault)}`)?.[0] ?? null;
  }

  async prune({ before }: { before: number }): Promise<number> {
    let removed = 0;
    for (const [key, list] of this.#byVault) {
      const kept = list.filter((s) => s.at >= before);
      removed += list.length - kept.length;
      if (kept.length === 0) this.#byVault.delete(key);
      else this.#byVault.set(key, kept);
    }
    return removed;
  }

  async drop(parameters: { chainId: number; blockNumber: number }): Promise<number> {
    const { chainId, blockNumber } = checkedBlock(parameters);
    let removed = 0;
    for (const [key, list] of this.#byVault) {
      if (!key.startsWith(`${chainId}:`)) continue;
      const kept = list.filter((s) => s.blockNumber !== blockNumber);
      removed += list.length - kept.length;
      if (kept.length === 0) this.#byVault.delete(key);
      else this.#byVault.set(key, kept);
    }
    return removed;
  }
}
