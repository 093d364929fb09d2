import { type Address, resolveChain, type SharePriceStore, sampleVaultSharePrices } from '@org/chain-evm';
import { mintToken, type StartDevnetReturnType } from '@org/devnet';
import { JsonRpcProvider } from 'ethers';

const DAY = 86_400;

/** Parameters of {@link seedVaultHistory}. */
export interface SeedVaultHistoryParameters {
  readonly devnet: StartDevnetReturnType;
  readonly vault: Address;
  readonly store: SharePriceStore;
  /** Days of history (default 31: one more than `YIELD_MIN_HISTORY_DAYS`' default of 30). */
  readonly days?: number;
  /** The vault's yield per day in parts per million of its assets (default 300: 0.03% a day, ≈ 11.6% a year). */
  readonly dailyYieldPpm?: bigint;
}

/**
 * Gives the demo's devnet vault a measured history, so `/yield/*` have a real APY to show: the chain's clock is
 * set `days` back, and then, one day of chain time apart, the vault earns (its asset is minted to it, as a
 * strategy's harvest would) and its share price is sampled into the server's store, the same
 * `sampleVaultSharePrices` the server's sampler runs. The last day ends at the wall-clock time, so the chain's
 * clock is where it was (swap deadlines are wall-clock). No pool trades while the clock is back, so no Uniswap
 * oracle sees time run backwards. Returns how many samples were stored.
 *
 * @example
 * ```ts
 * await seedVaultHistory({ devnet, vault: devnet.manifest.tokens.vault.address, store: sharePrices });
 * ```
 */
export async function seedVaultHistory({
  devnet,
  vault,
  store,
  days = 31,
  dailyYieldPpm = 300n,
}: SeedVaultHistoryParameters): Promise<number> {
  const provider = new JsonRpcProvider(devnet.rpcUrl, devnet.manifest.chainId, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
  const chain = resolveChain({ chain: devnet.manifest.chainId });
  const usdc = devnet.manifest.tokens.usdc;
  try {
    const now = Math.floor(Date.now() / 1000);
    const start = now - days * DAY;
    await devnet.rpc.request('evm_setTime', [start]);
    let stored = 0;
    for (let day = 0; day <= days; day++) {
      await devnet.rpc.request('evm_setNextBlockTimestamp', [start + day * DAY]);
      if (day === 0) {
        await devnet.rpc.request('evm_mine', []);
      } else {
        const assets = await vaultAssets(provider, vault);
        await mintToken({ devnet, token: usdc, to: vault, amount: (assets * dailyYieldPpm) / 1_000_000n });
      }
      const r = await sampleVaultSharePrices({ provider, chain, vaults: [vault], store, timeoutMs: 10_000 });
      stored += r.recorded.length;
    }
    // Back to the wall clock (a block at or after now), whatever the loop took.
    await devnet.rpc.request('evm_setTime', [Math.max(Math.floor(Date.now() / 1000), now) + 1]);
    await devnet.rpc.request('evm_mine', []);
    return stored;
  } finally {
    provider.destroy();
  }
}

async function vaultAssets(provider: JsonRpcProvider, vault: Address): Promise<bigint> {
  // totalAssets()
  return BigInt(await provider.call({ to: vault, data: '0x01e1d114' }));
}
