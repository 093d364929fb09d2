import { type ChainInfo, createRpcProvider, resolveChain } from '@org/chain-evm';
import type { JsonRpcProvider } from 'ethers';
import { ApiProblem } from '../http/ApiProblem.js';

/**
 * One JSON-RPC provider per configured chain, created on first use. A chain the registry does not know →
 * `UNSUPPORTED_CHAIN`; a known chain without an RPC URL → `CHAIN_NOT_CONFIGURED` (both 422).
 */
export class ChainProviders {
  readonly #urls: ReadonlyMap<number, string>;
  readonly #timeoutMs: number;
  readonly #providers = new Map<number, JsonRpcProvider>();

  constructor({ rpcUrls, timeoutMs }: { rpcUrls: ReadonlyMap<number, string>; timeoutMs: number }) {
    this.#urls = rpcUrls;
    this.#timeoutMs = timeoutMs;
  }

  /** Resolves `chain` (name or id) and returns its provider. */
  get(chain: string): { chain: ChainInfo; provider: JsonRpcProvider; timeoutMs: number } {
    const info = resolveChain({ chain });
    const url = this.#urls.get(info.id);
    if (url === undefined) {
      throw new ApiProblem(
        422,
        'CHAIN_NOT_CONFIGURED',
        `Chain ${info.name} has no RPC URL configured`,
        `set RPC_URL_${info.name.toUpperCase()}`,
      );
    }
    let provider = this.#providers.get(info.id);
    if (!provider) {
      provider = createRpcProvider({ url, chainId: info.id, timeoutMs: this.#timeoutMs });
      this.#providers.set(info.id, provider);
    }
    return { chain: info, provider, timeoutMs: this.#timeoutMs };
  }

  /** Names of the chains that have an RPC URL. */
  configured(): ChainInfo[] {
    return [...this.#urls.keys()].map((id) => resolveChain({ chain: id }));
  }

  /** Stops every provider (no timers or sockets left behind). */
  destroy(): void {
    for (const provider of this.#providers.values()) provider.destroy();
    this.#providers.clear();
  }
}
