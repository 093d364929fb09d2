import type { ApprovalScanReorg } from '@org/chain-evm';

/** What {@link ChainRescans} publishes when stored chain positions no longer match the chain. */
export interface ChainReorgEvent {
  /**
   * Which records were affected: `approval-scan` (one owner's approval-scan coverage), `execution` (executions mined
   * in a block that has another hash now), `dca-fill` (DCA fills whose swap was mined there), `bridge-source` (bridge
   * transfers whose source transaction was), `vault-sample` (vault share-price samples read at that block).
   */
  readonly scope: 'approval-scan' | 'execution' | 'dca-fill' | 'bridge-source' | 'vault-sample';
  readonly chainId: number;
  /** The wallet whose records they are (absent for vault samples, which belong to no wallet). */
  readonly owner?: string;
  readonly reason: ApprovalScanReorg['reason'];
  readonly coveredTo: number;
  /** The chain's head when the mismatch was found (null where it was not read: `bridge-source`). */
  readonly head: number | null;
  /** The last position that still matched; what follows it is read again (-1: everything). */
  readonly rewindTo: number;
  /** The records marked (execution ids, fill ids, transfer ids, vault addresses), when the scope has them. */
  readonly records?: readonly string[];
}

/**
 * The re-scans running because a reorg, a reset or a lagging node made stored chain positions untrustworthy:
 * each one is published (`chain.reorg`) and logged when it starts, and `/health` answers `degraded` while any runs.
 *
 * @example
 * ```ts
 * const rescans = new ChainRescans({ publish: (type, data) => hub.publish(type, data), warn });
 * const done = rescans.begin(event); try { await rescan(); } finally { done(); }
 * ```
 */
export class ChainRescans {
  readonly #publish: (type: string, data: Readonly<Record<string, unknown>>) => void;
  readonly #warn: (data: ChainReorgEvent, message: string) => void;
  #running = 0;

  constructor({
    publish,
    warn,
  }: {
    publish: (type: string, data: Readonly<Record<string, unknown>>) => void;
    warn: (data: ChainReorgEvent, message: string) => void;
  }) {
    this.#publish = publish;
    this.#warn = warn;
  }

  /** A re-scan starts: published and counted until the returned function is called (once). */
  begin(event: ChainReorgEvent): () => void {
    this.#running++;
    this.#publish('chain.reorg', { ...event });
    this.#warn(
      event,
      `chain ${event.chainId}: stored positions no longer match the chain (${event.reason}); re-scanning`,
    );
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.#running--;
    };
  }

  /** How many re-scans run now. */
  running(): number {
    return this.#running;
  }
}
