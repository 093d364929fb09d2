import {
  type Address,
  type SharePriceReorg,
  type SharePriceStore,
  sampleVaultSharePrices,
} from '@org/chain-evm';
import type { ChainProviders } from './ChainProviders.js';
import { chainErrorOf } from './chainErrorOf.js';

/** What one sampling round did on one chain. */
export interface SamplerChainResult {
  readonly chainId: number;
  readonly blockNumber: number | null;
  readonly recorded: readonly Address[];
  readonly skipped: readonly { readonly vault: Address; readonly reason: string }[];
  /** Stored samples dropped this round before sampling: their block was reorganized away or is above the head. */
  readonly reorgs: readonly SharePriceReorg[];
  /** The chain's failure (node down…): nothing stored for it this round. */
  readonly error: { readonly code: string; readonly title: string } | null;
}

/**
 * Samples the share price of every `YIELD_VAULTS_<CHAIN>` vault on an interval (`YIELD_SAMPLE_INTERVAL_SECONDS`,
 * 0 = off) into the share-price store, stamped with chain time; the APY of `/yield/*` is measured from these samples.
 * Rounds never overlap (a caller during a round shares it); a chain that fails is reported to `onFailure` (logged and
 * published on `/events` by the server) and retried next round — it never stops silently. Each round first checks
 * the newest stored samples against the chain: those of a block reorganized away (another hash now) or above the
 * head are dropped — never used for an APY — and reported to `onReorg` (`chain.reorg` on `/events`).
 */
export class YieldVaultSampler {
  readonly #providers: ChainProviders;
  readonly #vaults: ReadonlyMap<number, readonly Address[]>;
  readonly #store: SharePriceStore;
  readonly #intervalMs: number;
  readonly #onReorg: (chainId: number, reorg: SharePriceReorg) => void;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<SamplerChainResult[]> | undefined;
  #stopped = false;

  constructor(p: {
    providers: ChainProviders;
    vaults: ReadonlyMap<number, readonly Address[]>;
    store: SharePriceStore;
    intervalMs: number;
    onReorg?: (chainId: number, reorg: SharePriceReorg) => void;
  }) {
    this.#onReorg = p.onReorg ?? (() => undefined);
    this.#providers = p.providers;
    this.#vaults = p.vaults;
    this.#store = p.store;
    this.#intervalMs = p.intervalMs;
  }

  /** Samples now (joining a round under way). */
  sampleNow(): Promise<SamplerChainResult[]> {
    this.#running ??= this.#round().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  /** First round at once, then every interval; `onFailure` hears each chain that failed. No-op when off or no vaults. */
  start(onFailure: (result: SamplerChainResult) => void): void {
    if (this.#intervalMs <= 0 || this.#vaults.size === 0) return;
    const run = () => {
      if (this.#stopped) return;
      this.sampleNow()
        .then((results) => {
          for (const r of results) if (r.error !== null) onFailure(r);
        })
        .catch(() => undefined)
        .finally(() => {
          if (this.#stopped) return;
          this.#timer = setTimeout(run, this.#intervalMs);
          this.#timer.unref();
        });
    };
    run();
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
  }

  async #round(): Promise<SamplerChainResult[]> {
    return Promise.all(
      [...this.#vaults].map(async ([chainId, vaults]): Promise<SamplerChainResult> => {
        try {
          const { provider, chain, timeoutMs } = await this.#providers.get(String(chainId));
          const r = await sampleVaultSharePrices({ provider, chain, vaults, store: this.#store, timeoutMs });
          for (const reorg of r.reorgs) this.#onReorg(chainId, reorg);
          return {
            chainId,
            blockNumber: Number(r.blockNumber),
            recorded: r.recorded,
            skipped: r.skipped,
            reorgs: r.reorgs,
            error: null,
          };
        } catch (error) {
          const { code, title } = chainErrorOf(error);
          return {
            chainId,
            blockNumber: null,
            recorded: [],
            skipped: [],
            reorgs: [],
            error: { code, title },
          };
        }
      }),
    );
  }
}
