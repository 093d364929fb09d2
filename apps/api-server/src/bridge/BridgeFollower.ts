import { randomUUID } from 'node:crypto';
import { followSourceBlock } from './followSourceBlock.js';
import {
  type BridgeState,
  type ExecutionRecord,
  type ExecutionStore,
  type LifiClient,
  normalizeBridgeStatus,
} from '@org/chain-evm';

/**
 * What an execution's `result.bridge` holds (JSON: amounts as decimal strings, times as epoch ms). Written once the
 * bridge transaction is confirmed, then on every change of the transfer's state.
 */
export interface BridgeResult {
  provider: 'lifi';
  tool: string;
  quoteId: string;
  fromChainId: number;
  toChainId: number;
  fromToken: string;
  toToken: string;
  /** The destination token's decimals and symbol (from the quote), so what arrives reads in its units. */
  toTokenDecimals?: number | null;
  toTokenSymbol?: string | null;
  /** The destination chain's name (registry), so the record says it in words. */
  toChainName?: string | null;
  fromAmount: string;
  toAmount: string;
  toAmountMin: string;
  /** The spender approved (ERC-20 only), reset to zero after settlement. */
  spender: string | null;
  durationSeconds: number;
  /** When the source transaction was signed (epoch ms): the age `stuck` is measured from. */
  startedAt: number;
  /**
   * The provider's states, and `shortfall`: the provider says completed but the destination chain shows less than
   * `toAmountMin` of `toToken` reaching the wallet (or no such transaction) — terminal, with a high alert.
   */
  state: BridgeState | 'shortfall';
  terminal: boolean;
  reason: string;
  lifiStatus: string | null;
  lifiSubstatus: string | null;
  sourceTxHash: string | null;
  /** The block the source transaction was mined in, and its hash (the reconciler compares it with the chain). */
  sourceBlockNumber?: number | null;
  sourceBlockHash?: string | null;
  /**
   * The mark of a reorg: the source transaction's block (number and hash) was reorganized away at `at`; the transfer
   * went back to `pending` and was followed again (kept as history once it is mined again).
   */
  sourceReorg?: { blockNumber: number | null; blockHash: string | null; at: number } | null;
  destinationTxHash: string | null;
  destinationChainId: number | null;
  amountReceived: string | null;
  tokenReceived: string | null;
  checkedAt: number;
  /** Alerts raised for this transfer (`partial`, `refunded`, `failed`, `stuck`), oldest first. */
  alerts: BridgeAlert[];
  /** The reset of the approval to zero after settlement, once done (`not-needed` when nothing was left). */
  approvalReset: { executionId: string | null; status: string } | null;
  /** Why the provider's status could not be read (cleared by the next good read); the follow goes on with back-off. */
  lastError?: { code: string; message: string; at: number } | null;
}

/** A watcher-style alert about a transfer (also published on `/events` as `bridge.alert`). */
export interface BridgeAlert {
  id: string;
  createdAt: number;
  kind: `bridge-${'partial' | 'refunded' | 'failed' | 'stuck' | 'shortfall'}`;
  severity: 'medium' | 'high';
  executionId: string;
  chainId: number;
  address: string;
  reason: string;
}

/** What the follower needs to know about a transfer before its record carries it. */
export type BridgeStart = Omit<
  BridgeResult,
  | 'state'
  | 'terminal'
  | 'reason'
  | 'lifiStatus'
  | 'lifiSubstatus'
  | 'sourceTxHash'
  | 'sourceBlockNumber'
  | 'sourceBlockHash'
  | 'sourceReorg'
  | 'destinationTxHash'
  | 'destinationChainId'
  | 'amountReceived'
  | 'tokenReceived'
  | 'checkedAt'
  | 'alerts'
  | 'approvalReset'
  | 'startedAt'
>;

/** Parameters of {@link BridgeFollower}. */
export interface BridgeFollowerParameters {
  store: ExecutionStore;
  client: LifiClient;
  /** Publishes on `/events`. */
  publish: (type: string, data: Record<string, unknown>) => void;
  /** Resets the approval of a settled bridge to zero when something is left (through the gateway). */
  resetApproval: (record: ExecutionRecord, start: BridgeStart) => Promise<BridgeResult['approvalReset']>;
  /**
   * Reads on the destination chain what the transfer's destination transaction paid the wallet in `token` (ERC-20
   * Transfer logs to the wallet; the balance change at its block for the native coin). `null` when the transaction is
   * not on that chain or reverted; throws when the chain cannot be read (the follow goes on with back-off).
   */
  readDelivery: (parameters: {
    chainId: number;
    txHash: `0x${string}`;
    token: string;
    wallet: string;
  }) => Promise<bigint | null>;
  /** Reports a failed poll (the follow goes on with back-off). */
  onError: (error: unknown, executionId: string) => void;
  settings: { pollMs: number; maxPollMs: number; stuckFactor: number; stuckMinMs: number };
  now?: () => number;
}

const UNSETTLED = new Set(['preparing', 'signed', 'pending', 'awaiting_confirmation']);

/**
 * Follows bridge transfers to the other chain: waits for the bridge transaction to be confirmed (resetting the
 * approval to zero once it settles, whatever the outcome), then reads LI.FI's `/v1/status` with back-off (doubling
 * from `pollMs` up to `maxPollMs`) until the transfer is terminal. Each change of the normalised state
 * (`normalizeBridgeStatus`) is a compare-and-set on the execution record's `result.bridge`, published on `/events` as
 * `bridge.<state>`; `partial`, `refunded`, `failed` and `stuck` also raise a `bridge.alert`. `stuck` is not terminal:
 * the follow goes on at the longest interval. `resume()` picks up, after a restart, every recent bridge record whose
 * transfer is not terminal.
 *
 * @example
 * ```ts
 * const follower = new BridgeFollower({ store, client, publish, resetApproval, onError, settings });
 * follower.follow(record.id, start);
 * ```
 */
export class BridgeFollower {
  readonly #p: BridgeFollowerParameters;
  readonly #now: () => number;
  readonly #timers = new Map<string, NodeJS.Timeout>();
  readonly #running = new Set<string>();
  #stopped = false;

  constructor(parameters: BridgeFollowerParameters) {
    this.#p = parameters;
    this.#now = parameters.now ?? Date.now;
  }

  /** Starts following one bridge execution (no-op when it is already followed). */
  follow(executionId: string, start: BridgeStart): void {
    if (this.#stopped || this.#timers.has(executionId) || this.#running.has(executionId)) return;
    this.#schedule(executionId, start, 0, 0);
  }

  /**
   * One step now (also what the timer runs): settles the approval, records the start, reads the status. Resolves the
   * record as written (null when the bridge transaction did not succeed or the record is gone).
   */
  async step(
    executionId: string,
    start: BridgeStart,
  ): Promise<{ record: ExecutionRecord | null; done: boolean }> {
    let record = await this.#p.store.get(executionId);
    if (record === null) return { record: null, done: true };
    // Issue 32: the source transaction's block was reorganized away (marked, followed again) or it was mined again.
    const before = bridgeOf(record);
    const moved = before ? followSourceBlock(record, before, this.#now()) : null;
    if (before && moved) {
      const written = await this.#write(record, moved);
      if (written === null) return { record: await this.#p.store.get(executionId), done: false };
      record = written;
      if (moved.sourceReorg !== before.sourceReorg) this.#reorged(record, before, moved);
    }
    if (UNSETTLED.has(record.status)) return { record, done: false };
    const existing = bridgeOf(record);
    if (record.status !== 'confirmed') {
      // Nothing was bridged (refused, reverted, cancelled): only the approval is settled.
      await this.#p.resetApproval(record, start);
      return { record, done: true };
    }
    let current = record;
    let bridge = existing;
    if (bridge === null) {
      const startedAt = record.transactions.at(-1)?.signedAt ?? record.updatedAt;
      bridge = {
        ...start,
        startedAt,
        state: 'pending',
        terminal: false,
        reason: 'the bridge transaction is confirmed; waiting for the provider',
        lifiStatus: null,
        lifiSubstatus: null,
        sourceTxHash: record.minedHash,
        sourceBlockNumber: record.blockNumber,
        sourceBlockHash: record.blockHash,
        sourceReorg: null,
        destinationTxHash: null,
        destinationChainId: null,
        amountReceived: null,
        tokenReceived: null,
        checkedAt: this.#now(),
        alerts: [],
        approvalReset: null,
      };
      const written = await this.#write(current, bridge);
      if (written === null) return { record: await this.#p.store.get(executionId), done: false };
      current = written;
      this.#p.publish('bridge.pending', eventOf(current.id, bridge, null));
    }
    if (bridge.approvalReset === null) {
      const reset = await this.#p.resetApproval(current, start);
      bridge = { ...bridge, approvalReset: reset };
      const written = await this.#write(current, bridge);
      if (written === null) return { record: await this.#p.store.get(executionId), done: false };
      current = written;
    }
    if (bridge.terminal) return { record: current, done: true };
    let status: Awaited<ReturnType<LifiClient['getStatus']>>;
    try {
      status = await this.#p.client.getStatus({
        txHash: bridge.sourceTxHash as `0x${string}`,
        fromChain: bridge.fromChainId,
        toChain: bridge.toChainId,
        bridge: bridge.tool,
      });
    } catch (error) {
      // Not silent: the record says why the transfer cannot be followed right now (once per kind of failure).
      const code = String((error as { code?: unknown }).code ?? 'BRIDGE_STATUS_UNAVAILABLE');
      if (bridge.lastError?.code !== code) {
        const lastError = {
          code,
          message: String((error as Error).message ?? error).slice(0, 300),
          at: this.#now(),
        };
        if (await this.#write(current, { ...bridge, lastError })) {
          this.#p.publish('bridge.status-unavailable', { executionId: current.id, ...lastError });
        }
      }
      throw error;
    }
    const now = this.#now();
    const normalized = normalizeBridgeStatus({
      status,
      startedAt: bridge.startedAt,
      now,
      expectedDurationSeconds: bridge.durationSeconds,
      stuckFactor: this.#p.settings.stuckFactor,
      minStuckMs: this.#p.settings.stuckMinMs,
    });
    const receiving = status.receiving;
    const delivered =
      normalized.state === 'completed'
        ? await this.#readDelivery(current, bridge, receiving?.txHash ?? null)
        : null;
    const next: BridgeResult = {
      ...bridge,
      state: normalized.state,
      terminal: normalized.terminal,
      reason: normalized.reason,
      lifiStatus: status.status,
      lifiSubstatus: status.substatus,
      destinationTxHash: receiving?.txHash ?? bridge.destinationTxHash,
      destinationChainId: receiving?.txHash ? receiving.chainId : bridge.destinationChainId,
      amountReceived: receiving?.amount != null ? receiving.amount.toString() : bridge.amountReceived,
      tokenReceived: receiving?.token?.address ?? bridge.tokenReceived,
      checkedAt: now,
      lastError: null,
      // "Completed" is the destination chain's word, not the provider's: what reached the wallet, read there.
      ...(delivered === null ? {} : delivered),
    };
    const changed = next.state !== bridge.state;
    // A good read after a failed one clears the error on the record, without a new event.
    if (!changed && (bridge.lastError ?? null) === null) return { record: current, done: next.terminal };
    let alert: BridgeAlert | null = null;
    if (
      changed &&
      (normalized.alert || next.state === 'shortfall') &&
      next.state !== 'pending' &&
      next.state !== 'bridging' &&
      next.state !== 'completed'
    ) {
      alert = {
        id: `ba_${randomUUID()}`,
        createdAt: now,
        kind: `bridge-${next.state}`,
        severity: next.state === 'failed' || next.state === 'shortfall' ? 'high' : 'medium',
        executionId: current.id,
        chainId: bridge.fromChainId,
        address: current.from,
        reason: next.reason,
      };
      next.alerts = [...bridge.alerts, alert];
    }
    const written = await this.#write(current, next);
    if (written === null) return { record: await this.#p.store.get(executionId), done: false };
    if (changed) this.#p.publish(`bridge.${next.state}`, eventOf(current.id, next, bridge.state));
    if (alert) this.#p.publish('bridge.alert', { ...alert });
    return { record: written, done: next.terminal };
  }

  /**
   * Follows again every recent bridge record (the newest `scan`) whose transfer is not terminal — those whose
   * `result.bridge` says so, and those without one that are still unsettled or confirmed (a restart while the bridge
   * transaction was pending, or before its transfer was first written), from what their stored intent kept.
   */
  async resume(scan = 500): Promise<number> {
    let cursor: string | undefined;
    let seen = 0;
    let resumed = 0;
    while (seen < scan) {
      const page = await this.#p.store.list({ limit: 100, ...(cursor ? { cursor } : {}) });
      for (const record of page.items) {
        const bridge = record.action === 'bridge' ? bridgeOf(record) : null;
        const start =
          record.action === 'bridge' &&
          bridge === null &&
          (UNSETTLED.has(record.status) || record.status === 'confirmed')
            ? startOf(record)
            : null;
        if (bridge && !bridge.terminal) {
          this.follow(record.id, bridge);
          resumed++;
        } else if (start) {
          this.follow(record.id, start);
          resumed++;
        }
      }
      seen += page.items.length;
      if (page.nextCursor === null) break;
      cursor = page.nextCursor;
    }
    return resumed;
  }

  /** Stops every follow (shutdown). */
  stop(): void {
    this.#stopped = true;
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
  }

  /**
   * What the destination chain shows for a transfer the provider calls completed: `completed` with the amount read
   * there when at least `toAmountMin` of `toToken` reached the wallet, else `shortfall` (terminal).
   */
  async #readDelivery(
    record: ExecutionRecord,
    bridge: BridgeResult,
    txHash: `0x${string}` | null,
  ): Promise<Partial<BridgeResult>> {
    const least = BigInt(bridge.toAmountMin);
    const read =
      txHash === null
        ? null
        : await this.#p.readDelivery({
            chainId: bridge.toChainId,
            txHash,
            token: bridge.toToken,
            wallet: record.from,
          });
    if (read !== null && read >= least) {
      return { amountReceived: read.toString(), tokenReceived: bridge.toToken };
    }
    return {
      state: 'shortfall',
      terminal: true,
      amountReceived: read === null ? null : read.toString(),
      tokenReceived: bridge.toToken,
      reason:
        txHash === null
          ? 'the provider says completed, but names no destination transaction'
          : read === null
            ? `the provider says completed, but ${txHash} is not a successful transaction on chain ${bridge.toChainId}`
            : `the destination chain shows ${read} of ${bridge.toToken} reaching the wallet, below the ${least} promised`,
    };
  }

  #schedule(executionId: string, start: BridgeStart, delayMs: number, attempt: number): void {
    if (this.#stopped) return;
    const timer = setTimeout(() => {
      this.#timers.delete(executionId);
      this.#running.add(executionId);
      this.step(executionId, start)
        .then(
          ({ done }) => (done ? undefined : this.#next(executionId, start, attempt)),
          (error: unknown) => {
            this.#p.onError(error, executionId);
            this.#next(executionId, start, attempt);
          },
        )
        .finally(() => this.#running.delete(executionId));
    }, delayMs);
    timer.unref();
    this.#timers.set(executionId, timer);
  }

  #next(executionId: string, start: BridgeStart, attempt: number): void {
    const { pollMs, maxPollMs } = this.#p.settings;
    const delay = Math.min(maxPollMs, pollMs * 2 ** Math.min(attempt, 20));
    this.#running.delete(executionId);
    this.#schedule(executionId, start, delay, attempt + 1);
  }

  /** A transfer marked for a reorg of its source block: `chain.reorg` (scope `bridge-source`) and its new state. */
  #reorged(record: ExecutionRecord, before: BridgeResult, marked: BridgeResult): void {
    const block = marked.sourceReorg?.blockNumber ?? null;
    this.#p.publish('chain.reorg', {
      scope: 'bridge-source',
      chainId: marked.fromChainId,
      owner: record.from,
      reason: 'hash-mismatch',
      coveredTo: block ?? -1,
      // The head was read by the reconciler (its own `chain.reorg`, scope `execution`), not here.
      head: null,
      rewindTo: block === null ? -1 : block - 1,
      records: [record.id],
    });
    if (before.state !== marked.state) {
      this.#p.publish(`bridge.${marked.state}`, eventOf(record.id, marked, before.state));
    }
  }

  /** Compare-and-set of `result.bridge` on the record as read; null when it moved. */
  #write(record: ExecutionRecord, bridge: BridgeResult): Promise<ExecutionRecord | null> {
    return this.#p.store.update({
      id: record.id,
      expected: { status: record.status, version: record.version },
      patch: { result: { ...(record.result ?? {}), bridge: { ...bridge } } },
      at: this.#now(),
    });
  }
}

/**
 * The transfer an execution record carries, if any.
 *
 * @example
 * ```ts
 * const state = bridgeOf(record)?.state; // 'completed', or undefined before the bridge transaction is confirmed
 * ```
 */
export function bridgeOf(record: ExecutionRecord): BridgeResult | null {
  const bridge = record.result?.bridge;
  return typeof bridge === 'object' && bridge !== null ? (bridge as BridgeResult) : null;
}

const START_FIELDS = {
  provider: 'string',
  tool: 'string',
  quoteId: 'string',
  fromChainId: 'number',
  toChainId: 'number',
  fromToken: 'string',
  toToken: 'string',
  fromAmount: 'string',
  toAmount: 'string',
  toAmountMin: 'string',
  spender: 'string|null',
  durationSeconds: 'number',
} as const;

/**
 * A transfer's start as JSON for the bridge intent's `follow` (stored with the record before anything is signed).
 *
 * @example
 * ```ts
 * const intent = { …, bridge: { toChainId, toToken, minAmountOut, follow: followOf(start) } };
 * ```
 */
export function followOf(start: BridgeStart): Record<string, string | number | null> {
  const follow: Record<string, string | number | null> = {};
  for (const key of Object.keys(START_FIELDS) as (keyof typeof START_FIELDS)[]) follow[key] = start[key];
  return follow;
}

/**
 * The transfer's start a bridge record's stored intent kept (`intent.bridge.follow`), or null when it has none or a
 * field is not what it should be.
 *
 * @example
 * ```ts
 * const start = startOf(record); // after a restart, while the bridge transaction is still pending
 * if (start) follower.follow(record.id, start);
 * ```
 */
export function startOf(record: ExecutionRecord): BridgeStart | null {
  const follow = record.intent.bridge?.follow;
  if (typeof follow !== 'object' || follow === null) return null;
  for (const [key, kind] of Object.entries(START_FIELDS)) {
    const value = follow[key];
    const ok = kind === 'string|null' ? value === null || typeof value === 'string' : typeof value === kind;
    if (!ok) return null;
  }
  if (follow['provider'] !== 'lifi' || !/^[0-9]+$/.test(String(follow['toAmountMin']))) return null;
  return followOf(follow as unknown as BridgeStart) as unknown as BridgeStart;
}

function eventOf(
  executionId: string,
  bridge: BridgeResult,
  previous: BridgeResult['state'] | null,
): Record<string, unknown> {
  return {
    executionId,
    state: bridge.state,
    previous,
    terminal: bridge.terminal,
    reason: bridge.reason,
    fromChainId: bridge.fromChainId,
    toChainId: bridge.toChainId,
    sourceTxHash: bridge.sourceTxHash,
    destinationTxHash: bridge.destinationTxHash,
    destinationChainId: bridge.destinationChainId,
    amountReceived: bridge.amountReceived,
  };
}
