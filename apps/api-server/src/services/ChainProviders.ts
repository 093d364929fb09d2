import { type ChainInfo, createRpcProvider, resolveChain, verifyChainId } from '@org/chain-evm';
import type { JsonRpcProvider } from 'ethers';
import { ApiProblem } from '../http/ApiProblem.js';

/**
 * One JSON-RPC provider per configured chain, created on first use. A chain the registry does not know →
 * `UNSUPPORTED_CHAIN`; a known chain without an RPC URL → `CHAIN_NOT_CONFIGURED` (both 422); no chain named →
 * the default chain (`DEFAULT_CHAIN`, or the only configured one), else `VALIDATION_FAILED`. Before a provider's
 * first answer is trusted, the node must prove it serves that chain (`eth_chainId`); a node on another chain →
 * `RPC_CHAIN_MISMATCH` (502), never a balance labelled with the wrong chain.
 */
export class ChainProviders {
  readonly #urls: ReadonlyMap<number, string>;
  readonly #timeoutMs: number;
  readonly #registry: readonly ChainInfo[];
  readonly #defaultChainId: number | undefined;
  readonly #providers = new Map<number, JsonRpcProvider>();
  /** Chain id → the (possibly in-flight) chain-id check of its provider. A failed check is forgotten and retried. */
  readonly #verified = new Map<number, Promise<void>>();
  /** Chain id → when its current check started (a send re-checks one older than `#recheckMs`). */
  readonly #verifiedAt = new Map<number, number>();
  readonly #recheckMs: number;

  constructor({
    rpcUrls,
    timeoutMs,
    registry,
    defaultChainId,
    recheckMs = Number.POSITIVE_INFINITY,
  }: {
    rpcUrls: ReadonlyMap<number, string>;
    timeoutMs: number;
    /** The configured registry (contract overrides applied). */
    registry: readonly ChainInfo[];
    defaultChainId?: number | undefined;
    /** How long a proved chain id is trusted by `get(…, { recheck: true })` (fund-moving sends). Default: forever. */
    recheckMs?: number;
  }) {
    this.#recheckMs = recheckMs;
    this.#urls = rpcUrls;
    this.#timeoutMs = timeoutMs;
    this.#registry = registry;
    this.#defaultChainId = defaultChainId;
  }

  /**
   * Resolves `chain` (name, alias or id) against the registry, whether or not it has an RPC URL; no I/O. Omitted →
   * the default chain; empty or no default → `VALIDATION_FAILED`; unknown → `UNSUPPORTED_CHAIN` (same code and
   * message on every endpoint).
   */
  known(chain: string | undefined): ChainInfo {
    if (chain === undefined && this.#defaultChainId !== undefined) {
      return resolveChain({ chain: this.#defaultChainId, registry: this.#registry });
    }
    if (chain === undefined || chain === '') {
      throw new ApiProblem(422, 'VALIDATION_FAILED', 'Request validation failed', undefined, {
        fields: {
          chain:
            chain === undefined
              ? 'chain is required (no DEFAULT_CHAIN is configured and more than one chain is)'
              : 'chain must not be empty',
        },
      });
    }
    return resolveChain({ chain, registry: this.#registry });
  }

  /** Resolves `chain` (see {@link known}) and checks that it has an RPC URL; no I/O. */
  resolve(chain: string | undefined): ChainInfo {
    const info = this.known(chain);
    if (!this.#urls.has(info.id)) {
      throw new ApiProblem(
        422,
        'CHAIN_NOT_CONFIGURED',
        `Chain ${info.name} has no RPC URL configured`,
        `set RPC_URL_${info.name.toUpperCase()}`,
      );
    }
    return info;
  }

  /**
   * Resolves `chain` (name or id) and returns its provider, once the node has proved it serves that chain. With
   * `recheck` (a fund-moving send) a proof older than `recheckMs` is asked again (`eth_chainId`, one call shared by
   * concurrent sends): a node that switched chains since → `RPC_CHAIN_MISMATCH`, and every later use checks again.
   */
  async get(
    chain: string | undefined,
    { recheck = false }: { recheck?: boolean } = {},
  ): Promise<{ chain: ChainInfo; provider: JsonRpcProvider; timeoutMs: number }> {
    const info = this.resolve(chain);
    let provider = this.#providers.get(info.id);
    if (!provider) {
      const url = this.#urls.get(info.id);
      if (url === undefined) throw new Error('unreachable: resolve() checked the URL');
      provider = createRpcProvider({ url, chainId: info.id, timeoutMs: this.#timeoutMs });
      this.#providers.set(info.id, provider);
    }
    let verified = this.#verified.get(info.id);
    const stale = recheck && Date.now() - (this.#verifiedAt.get(info.id) ?? 0) >= this.#recheckMs;
    if (!verified || stale) {
      verified = verifyChainId({ provider, chainId: info.id, timeoutMs: this.#timeoutMs });
      this.#verified.set(info.id, verified);
      this.#verifiedAt.set(info.id, Date.now());
      const pending = verified;
      pending.catch(() => {
        if (this.#verified.get(info.id) === pending) this.#verified.delete(info.id);
      });
    }
    await verified;
    return { chain: info, provider, timeoutMs: this.#timeoutMs };
  }

  /**
   * Whether the node of a configured chain answers, with that chain's id, within `timeoutMs` (for `/health`). Never
   * throws.
   */
  async ping(chainId: number, timeoutMs: number): Promise<boolean> {
    try {
      const { provider } = await this.get(String(chainId));
      await verifyChainId({ provider, chainId, timeoutMs });
      return true;
    } catch {
      return false;
    }
  }

  /** Names of the chains that have an RPC URL. */
  configured(): ChainInfo[] {
    return [...this.#urls.keys()].map((id) => resolveChain({ chain: id, registry: this.#registry }));
  }

  /** Stops every provider (no timers or sockets left behind). */
  destroy(): void {
    for (const provider of this.#providers.values()) provider.destroy();
    this.#providers.clear();
    this.#verified.clear();
    this.#verifiedAt.clear();
  }
}
