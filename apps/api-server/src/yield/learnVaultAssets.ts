import { type Address, aggregate3, decodeUint256 } from '@org/chain-evm';
import { getAddress } from 'ethers';
import type { ChainProviders } from '../services/ChainProviders.js';
import type { VaultAssetBook } from './VaultAssetBook.js';

const ASSET = '0x38d52e0f'; // asset()

/**
 * Reads `asset()` of every configured vault (one Multicall3 request per chain) into the {@link VaultAssetBook}, so the
 * gateway's `deposit` module knows them from the start — a held deposit an operator approves after a restart is
 * checked against its vault's asset like any other. Best effort: a chain or vault that does not answer stays unknown
 * (its deposits are refused until a compound request reads it) and is reported to `onFailure`.
 *
 * @example
 * ```ts
 * void learnVaultAssets({ providers, vaults: config.yield.vaults, book, onFailure: (f) => log.warn(f) });
 * ```
 */
export async function learnVaultAssets({
  providers,
  vaults,
  book,
  onFailure,
}: {
  providers: ChainProviders;
  vaults: ReadonlyMap<number, readonly Address[]>;
  book: VaultAssetBook;
  onFailure: (failure: { chainId: number; error: string }) => void;
}): Promise<void> {
  await Promise.all(
    [...vaults].map(async ([chainId, list]) => {
      try {
        const { chain, provider, timeoutMs } = await providers.get(String(chainId));
        if (chain.contracts.multicall3 === null || list.length === 0) return;
        const results = await aggregate3({
          provider,
          chainId,
          multicall3: chain.contracts.multicall3,
          calls: list.map((vault) => ({ target: vault, callData: ASSET, allowFailure: true })),
          timeoutMs,
        });
        list.forEach((vault, i) => {
          const r = results[i];
          const word = r?.success ? decodeUint256(r.returnData) : null;
          if (word === null || word === 0n || word >= 1n << 160n) {
            onFailure({ chainId, error: `${vault} did not answer asset()` });
            return;
          }
          const asset = getAddress(`0x${word.toString(16).padStart(40, '0')}`) as Address;
          if (!book.learn({ chainId, vault, asset })) {
            onFailure({ chainId, error: `${vault} answered another asset than before` });
          }
        });
      } catch (error) {
        onFailure({ chainId, error: error instanceof Error ? error.message : String(error) });
      }
    }),
  );
}
