import { rpcCall } from '@org/chain-evm';
import type { Logger } from 'pino';
import type { Config } from '../config/Config.js';
import type { ChainProviders } from '../services/ChainProviders.js';
import type { ChainIdentityStore } from './ChainIdentityStore.js';
import { checkChainIdentity } from './checkChainIdentity.js';

/**
 * At start: {@link checkChainIdentity} over every configured chain with an RPC URL (genesis hash and head read with
 * the RPC time-out), re-basing the chains `REBASE_CHAIN_DATA` names. A chain whose node does not answer is logged
 * and checked at the next start; a mismatch throws (the server does not start).
 *
 * @example
 * ```ts
 * await checkDataChains({ store: stores.chainIdentity(), providers, config, log });
 * ```
 */
export async function checkDataChains({
  store,
  providers,
  config,
  log,
}: {
  readonly store: ChainIdentityStore;
  readonly providers: ChainProviders;
  readonly config: Pick<Config, 'rebaseChains' | 'rpcTimeoutMs'>;
  readonly log: Pick<Logger, 'info' | 'warn'>;
}): Promise<void> {
  const reports = await checkChainIdentity({
    store,
    rebase: config.rebaseChains,
    chains: providers.configured().map((chain) => ({
      id: chain.id,
      name: chain.name,
      read: async () => {
        const { provider } = await providers.get(String(chain.id));
        const call = (method: string, params: unknown[]) =>
          rpcCall({
            chainId: chain.id,
            method,
            timeoutMs: config.rpcTimeoutMs,
            run: () => provider.send(method, params),
          });
        const [genesis, head] = await Promise.all([
          call('eth_getBlockByNumber', ['0x0', false]) as Promise<{ hash?: unknown } | null>,
          call('eth_blockNumber', []) as Promise<string>,
        ]);
        if (typeof genesis?.hash !== 'string') throw new Error('no genesis block');
        return { genesisHash: genesis.hash, head: Number(BigInt(head)) };
      },
    })),
  });
  for (const report of reports) {
    if (report.status === 'unreachable') {
      log.warn({ chainId: report.chainId }, 'chain data check skipped: the node did not answer');
    } else if (report.status === 'rebased') {
      log.warn(
        { chainId: report.chainId, genesisHash: report.genesisHash },
        'chain data re-based on this chain instance (REBASE_CHAIN_DATA)',
      );
    }
  }
}
