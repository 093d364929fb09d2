import { Transaction, Wallet } from 'ethers';
import type { Address, ChainInfo } from '../chains/chains.js';
import { resolveChain } from '../chains/resolveChain.js';
import type { RpcSender } from '../multicall/aggregate3.js';
import { rpcCall } from '../rpc/rpcCall.js';
import { checkAcquiredTokens } from './checkAcquiredTokens.js';
import { checkPolicy, type Refusal } from './checkPolicy.js';
import { approveConfirmation, denyConfirmation, expireConfirmation } from './decideConfirmation.js';
import { decideApprovedRun } from './decideApprovedRun.js';
import { decideHold } from './decideHold.js';
import { CancelError } from '../errors/CancelError.js';
import { ConfirmationError } from '../errors/ConfirmationError.js';
import { isCancelTransaction } from './isCancelTransaction.js';
import { requestCancel } from './requestCancel.js';
import { ExecutionMovedError } from './ExecutionMovedError.js';
import { SenderWindow } from './SenderWindow.js';
import { UNSETTLED_STATUSES } from './store/storeInput.js';
import { transitionExecution } from './store/transitionExecution.js';
import { worstCaseFeeWei } from './worstCaseFeeWei.js';
import type {
  BroadcastTransaction,
  ConfirmationRecord,
  ConfirmationStore,
  ExecutionIntent,
  ExecutionRecord,
  ExecutionRecordPatch,
  ExecutionStatus,
  FeeQuote,
  Hex,
} from './types.js';

import type {
  ApproveHeldParameters,
  AssessReturnType,
  CancelExecutionParameters,
  ExecuteOptions,
  ExecuteReturnType,
  ExecutionGatewayParameters,
  GatewayReceipt,
  GatewaySettings,
} from './gatewayTypes.js';

/** What the value and safety step found (internal). */
interface Assessed extends AssessReturnType {
  readonly safety: ConfirmationRecord['safety'];
  /** The safety refusal on its own (it may hide behind an unknown value in `refusal`). */
  readonly unsafe: Refusal | null;
}

/** The gateway's documented defaults (what `settings` falls back to). */
export const DEFAULT_GATEWAY_SETTINGS: Readonly<GatewaySettings> = Object.freeze({
  receiptTimeoutMs: 60_000,
  replaceAfterMs: 30_000,
  maxReplacements: 3,
  feeCeilingWei: 500_000_000_000n,
  rpcTimeoutMs: 8_000,
  confirmMode: { kind: 'off' } as const,
  confirmTtlMs: 600_000,
  nonceConsumedAfterBlocks: 3,
  maxPendingPerSender: 16,
  senderWindowWaitMs: 30_000,
});

/**
 * The execution gateway: the ONE place that signs and broadcasts. `execute(intent)` runs the pipeline
 * (ARCHITECTURE §3): policy → fees (base fee above the ceiling blocks) → value in ETH-equivalent wei (unpriceable
 * blocks) → safety of acquired tokens → simulation (revert blocks; gives the gas limit) → governor reservation of
 * value + worst-case fee → kill switch re-checked → sign with the nonce manager, persist the signed transaction →
 * broadcast → receipt (replaced with higher fees when stuck) → commit (or release only when nothing can have
 * reached the chain). Every refusal is a value with a stable code on the execution record.
 *
 * @example
 * ```ts
 * const gateway = new ExecutionGateway({ privateKey, chains, provider, governor, tokenSafety, store, nonces, steps });
 * const { record } = await gateway.execute(intent);
 * record.status; // 'confirmed' | 'blocked' | 'pending' | 'reverted' | 'failed'
 * ```
 */
export class ExecutionGateway {
  /** The wallet's address (the only thing about the key that leaves the gateway). */
  readonly address: Address;
  readonly #wallet: Wallet;
  readonly #p: ExecutionGatewayParameters;
  readonly #settings: GatewaySettings;
  readonly #clock: () => number;
  readonly #createId: () => string;
  /** Executions this process is running: the reconciler must not touch them (they are not interrupted). */
  readonly #inFlight = new Set<string>();
  /** The reconcile pass under way, if any: a second caller joins it rather than settling records twice. */
  #reconciling: Promise<ExecutionRecord[]> | undefined;
  /** At most `maxPendingPerSender` unmined transactions per (chain, wallet). */
  readonly #window: SenderWindow;
  /** When a waiting execution last asked the reconciler to settle what was mined meanwhile. */
  #lastNudge = 0;

  constructor(parameters: ExecutionGatewayParameters) {
    this.#p = parameters;
    this.#wallet = new Wallet(parameters.privateKey);
    this.address = this.#wallet.address as Address;
    this.#settings = { ...DEFAULT_GATEWAY_SETTINGS, ...parameters.settings };
    this.#clock = parameters.clock ?? Date.now;
    this.#createId = parameters.createId ?? (() => globalThis.crypto.randomUUID());
    this.#window = new SenderWindow({
      maxPending: this.#settings.maxPendingPerSender,
      waitMs: this.#settings.senderWindowWaitMs,
      clock: this.#clock,
      countUnmined: async ({ chainId }) =>
        (await this.#p.store.listUnsettled()).filter(
          (r) =>
            r.chainId === chainId &&
            r.from.toLowerCase() === this.address.toLowerCase() &&
            (r.status === 'signed' || r.status === 'pending'),
        ).length,
      // Executions left pending by an earlier request hold slots until the reconciler settles them: while someone
      // waits, let it look (at most once a second; it skips what this process is running).
      onWaiting: () => {
        const at = this.#clock();
        if (this.#reconciling || at - this.#lastNudge < 1_000) return;
        this.#lastNudge = at;
        this.reconcile().catch(() => undefined);
      },
    });
    if (this.#settings.confirmMode.kind !== 'off' && parameters.confirmations === undefined) {
      throw new ConfirmationError(
        'CONFIRMATION_NOT_CONFIGURED',
        'A confirm mode other than off needs a confirmations store.',
      );
    }
  }

  /** Runs one intent through the pipeline. Refusals are values (`record.status === 'blocked'`, `record.code`). */
  async execute(intent: ExecutionIntent, options: ExecuteOptions = {}): Promise<ExecuteReturnType> {
    const chain = resolveChain({ chain: intent.chainId, registry: this.#p.chains });
    const id = this.#createId();
    this.#inFlight.add(id);
    try {
      const record = await this.#insert(id, intent, options.idempotencyKey ?? null);
      return await this.#run(record, chain, intent, options, null);
    } catch (error) {
      // Another writer moved the record (nothing more was written or sent by this run): answer what it is now.
      if (error instanceof ExecutionMovedError) return { record: error.record, receipt: null };
      throw error;
    } finally {
      this.#inFlight.delete(id);
      this.#window.notify({ chainId: chain.id, sender: this.address });
    }
  }

  async #run(
    record: ExecutionRecord,
    chain: ChainInfo,
    intent: ExecutionIntent,
    options: ExecuteOptions,
    approval: ConfirmationRecord | null,
  ): Promise<ExecuteReturnType> {
    const id = record.id;

    // 0. The kill switch: refused at once, before anything is priced, held or reserved (issue 23).
    if (await this.#killed()) return this.#block(record, KILLED);

    // 1. Policy.
    const refused = checkPolicy({ intent, chain });
    if (refused) return this.#block(record, refused);
    const provider = await this.#p.provider(chain.id);

    // 2. Fees: a base fee above the ceiling blocks new sends.
    const fees = await this.#p.steps.estimateFees({ provider, chain });
    if (maxFeeOf(fees) > this.#settings.feeCeilingWei) {
      return this.#block(record, {
        code: 'GAS_PRICE_ABOVE_CEILING',
        reason: `the fee (${maxFeeOf(fees)} wei/gas) is above the ceiling of ${this.#settings.feeCeilingWei}`,
      });
    }

    // 3–4. Value in ETH-equivalent wei and safety of every token acquired; then the confirmation rule: run, hold
    // for an operator (unknown value or safety, or above the threshold), or refuse. An approved action runs only
    // within what was approved: a value that grew, or something unknown that was known when it was held, is held
    // again; a proven harm is refused whatever was approved.
    const assessed = await this.#valueAndSafety(provider, chain, intent);
    const rule = approval
      ? decideApprovedRun({ assessed, approval })
      : decideHold({
          mode: this.#settings.confirmMode,
          valueWei: assessed.valueWei,
          refusal: assessed.refusal,
        });
    if (rule.kind === 'refuse') return this.#block(record, rule.refusal, assessed.valueWei ?? undefined);
    const value = assessed.valueWei ?? (approval?.approvedValueWei as bigint);

    // 5. Simulation of the exact transaction (revert → blocked, nothing reserved, nothing signed).
    const simulation = await this.#p.steps.simulate({
      provider,
      chainId: chain.id,
      from: this.address,
      to: intent.to,
      data: intent.data,
      value: intent.value,
    });
    if (!simulation.ok)
      return this.#block(record, { code: 'SIMULATION_REVERTED', reason: simulation.reason }, value);
    if (rule.kind === 'hold') {
      return this.#hold(record, intent, {
        reason: rule.reason,
        detail: rule.detail,
        valueWei: assessed.valueWei,
        gasLimit: simulation.gasLimit,
        safety: assessed.safety,
      });
    }
    // Worst case: every allowed replacement at +12.5%, never above the ceiling.
    const feeBudget = this.#worstFee({ gasLimit: simulation.gasLimit, maxFeePerGas: maxFeeOf(fees) });
    const reserveWei = value + feeBudget;

    // 6. Governor: atomic reservation of the priced value plus the worst-case fee.
    const decision = await this.#p.governor.reserve({ action: intent.action, value: reserveWei });
    if (!decision.allowed || decision.reservationId === null) {
      return this.#block(record, { code: decision.code, reason: decision.reason }, reserveWei);
    }
    const reservationId = decision.reservationId;
    let current: ExecutionRecord;
    try {
      current = await this.#write(record, { valueWei: reserveWei, reservationId, feeReservedWei: feeBudget });
    } catch (error) {
      // The record does not name the reservation (the store failed, or another writer moved the record): nothing
      // will be signed for it, so it must not stay counted for ever.
      await this.#p.governor.release({ id: reservationId }).catch(() => undefined);
      throw error;
    }

    // 7. In-flight window: at most `maxPendingPerSender` unmined transactions of this wallet on this chain; beyond
    // it the execution waits its turn (holding its reservation), up to `senderWindowWaitMs`.
    const key = { chainId: chain.id, sender: this.address };
    const slot = await this.#window.acquire(key);
    if (slot === null) {
      return this.#refuseReserved(current, reservationId, {
        code: 'SENDER_WINDOW_FULL',
        reason: `${this.#settings.maxPendingPerSender} transactions of this wallet are unmined on chain ${chain.id}: no slot freed within ${this.#settings.senderWindowWaitMs} ms; nothing was signed`,
      });
    }
    let sent: BroadcastTransaction;
    try {
      // 8. Kill switch re-checked immediately before signing.
      if (await this.#killed()) {
        return await this.#refuseReserved(current, reservationId, {
          code: 'KILL_SWITCH_ENGAGED',
          reason: 'the kill switch was engaged before signing',
        });
      }

      // 9. Sign (nonce manager), persist, broadcast.
      try {
        sent = await this.#p.nonces.withNonce({
          chainId: chain.id,
          address: this.address,
          send: async (nonce) => {
            const tx = await this.#sign(intent, chain, nonce, simulation.gasLimit, fees);
            // Recorded before it is broadcast, as a compare-and-set: a record moved meanwhile is not sent.
            current = await this.#addTransaction(current, tx);
            slot(); // the store counts it from now on
            await this.#broadcast(provider, chain.id, tx.raw);
            return tx;
          },
        });
      } catch (error) {
        if (error instanceof ExecutionMovedError) throw error;
        return await this.#sendFailed(current, reservationId, error);
      }
    } finally {
      slot();
    }
    current = (await this.#transition(current, ['signed'], { status: 'pending' })) ?? current;
    this.#p.onEvent?.({ type: 'broadcast', executionId: id, hash: sent.hash, nonce: sent.nonce });

    // 10. Receipt (with replacement), then settlement.
    const receipt = await this.#awaitMined(provider, chain, current, fees);
    if (receipt === null) return { record: (await this.#p.store.get(id)) ?? current, receipt: null };
    return { record: await this.#settle(id, receipt, options.describeResult), receipt };
  }

  /**
   * A read-only preview of the checks that need no simulation — policy, value priced on chain, safety of what is
   * acquired — for a caller about to send a prerequisite (the exact approval before a swap): if the swap would be
   * refused anyway, the approval is not sent. Records nothing and reserves nothing; `execute` checks everything
   * again (it is the authority).
   *
   * @example
   * ```ts
   * const { refusal } = await gateway.assess(swapIntent);
   * if (refusal === null) await gateway.execute(approvalIntent);
   * ```
   */
  async assess(intent: ExecutionIntent): Promise<AssessReturnType> {
    const chain = resolveChain({ chain: intent.chainId, registry: this.#p.chains });
    const refused = checkPolicy({ intent, chain });
    if (refused) return { refusal: refused, valueWei: null };
    const { refusal, valueWei } = await this.#valueAndSafety(await this.#p.provider(chain.id), chain, intent);
    return { refusal, valueWei };
  }

  async #valueAndSafety(provider: RpcSender, chain: ChainInfo, intent: ExecutionIntent): Promise<Assessed> {
    // Both are always read: an operator who approves an unknown value must never skip the safety gate.
    const [priced, reports] = await Promise.all([
      this.#p.steps.priceInNative({ provider, chain, amounts: intent.spends }),
      Promise.all(
        intent.acquires.map((t) => this.#p.tokenSafety.getReport({ chain: chain.id, address: t.token })),
      ),
    ]);
    const valueWei = priced.totalWei === null ? null : intent.value + priced.totalWei;
    const safety = reports.map((r, i) => ({
      token: intent.acquires[i]?.token as Address,
      isHoneypot: r.tax.isHoneypot,
      sellTax: r.tax.sellTax,
    }));
    const unsafe =
      reports.length === 0
        ? null
        : checkAcquiredTokens({
            reports,
            ...(intent.maxSellTaxBps === undefined ? {} : { maxSellTaxBps: intent.maxSellTaxBps }),
          });
    // A proven harm comes first: it is never held, whatever else is unknown.
    if (unsafe && unsafe.code !== 'TOKEN_SAFETY_UNKNOWN')
      return { refusal: unsafe, valueWei, safety, unsafe };
    if (valueWei === null) {
      return {
        refusal: { code: 'VALUE_UNKNOWN', reason: priced.reason ?? 'a token spent cannot be priced' },
        valueWei,
        safety,
        unsafe,
      };
    }
    return { refusal: unsafe, valueWei, safety, unsafe };
  }

  /**
   * Approves a held action and runs it: the same execution carries on from fresh checks (value, safety, simulation,
   * the governor's caps and kill switch). Throws {@link ConfirmationError} when it cannot be approved (unknown,
   * already decided, expired, or a value is needed). Returns how the execution ended (it may be held again).
   *
   * @example
   * ```ts
   * const { record } = await gateway.approve({ id: confirmationId, by: 'operator-key' });
   * ```
   */
  async approve({ id, by, valueWei, note }: ApproveHeldParameters): Promise<ExecuteReturnType> {
    const approved = await approveConfirmation({
      confirmations: this.#confirmations(),
      executions: this.#p.store,
      at: this.#clock(),
      id,
      by,
      ...(valueWei === undefined ? {} : { valueWei }),
      ...(note === undefined ? {} : { note }),
    });
    this.#p.onEvent?.({
      type: 'confirmation',
      executionId: approved.executionId,
      confirmationId: id,
      decision: 'approved',
      by,
    });
    return this.#runApproved(approved);
  }

  /**
   * Denies a held action: the execution is blocked with `CONFIRMATION_DENIED`; nothing was reserved or signed.
   *
   * @example
   * ```ts
   * await gateway.deny({ id: confirmationId, by: 'cli', note: 'not today' });
   * ```
   */
  async deny({ id, by, note }: { id: string; by: string; note?: string }): Promise<ExecutionRecord> {
    const { confirmation, execution } = await denyConfirmation({
      confirmations: this.#confirmations(),
      executions: this.#p.store,
      at: this.#clock(),
      id,
      by,
      ...(note === undefined ? {} : { note }),
    });
    this.#p.onEvent?.({
      type: 'confirmation',
      executionId: confirmation.executionId,
      confirmationId: id,
      decision: 'denied',
      by,
    });
    return execution;
  }

  /**
   * Housekeeping of held actions: denies those whose time ran out (`CONFIRMATION_EXPIRED`) and runs those approved
   * elsewhere (the operator CLI on the same database) that nothing runs yet — unless `runApproved` is false (a read
   * that must not wait for a transaction). Returns the executions it changed.
   *
   * @example
   * ```ts
   * setInterval(() => gateway.processConfirmations(), 2_000);
   * ```
   */
  async processConfirmations({
    runApproved = true,
  }: {
    runApproved?: boolean;
  } = {}): Promise<ExecutionRecord[]> {
    const store = this.#p.confirmations;
    if (!store) return [];
    const changed: ExecutionRecord[] = [];
    const at = this.#clock();
    for (const held of await this.#all(store, 'pending')) {
      if (at >= held.expiresAt) {
        const record = await this.#expire(held, at);
        if (record) changed.push(record);
      }
    }
    if (!runApproved) return changed;
    for (const approved of await this.#all(store, 'approved')) {
      changed.push((await this.#runApproved(approved)).record);
    }
    return changed;
  }

  async #all(store: ConfirmationStore, status: 'pending' | 'approved'): Promise<ConfirmationRecord[]> {
    const out: ConfirmationRecord[] = [];
    let cursor: string | undefined;
    do {
      const page = await store.list({ limit: 100, status, ...(cursor ? { cursor } : {}) });
      out.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return out;
  }

  async #expire(held: ConfirmationRecord, at: number): Promise<ExecutionRecord | null> {
    const record = await expireConfirmation({
      confirmations: this.#confirmations(),
      executions: this.#p.store,
      at,
      held,
    });
    if (record) {
      this.#p.onEvent?.({
        type: 'confirmation',
        executionId: held.executionId,
        confirmationId: held.id,
        decision: 'expired',
        by: 'expiry',
      });
    }
    return record;
  }

  /** Runs an approved action once (`approved` → `running` is atomic: a second runner gets nothing to do). */
  async #runApproved(approved: ConfirmationRecord): Promise<ExecuteReturnType> {
    const store = this.#confirmations();
    if (this.#clock() >= approved.expiresAt) return this.#expireApproved(approved);
    const running = await store.transition({
      id: approved.id,
      from: ['approved'],
      to: 'running',
      at: this.#clock(),
    });
    const record = await this.#p.store.get(approved.executionId);
    if (!record)
      throw new ConfirmationError('CONFIRMATION_NOT_FOUND', `No execution ${approved.executionId}.`);
    if (!running || record.status !== 'awaiting_confirmation') return { record, receipt: null };
    const chain = resolveChain({ chain: running.intent.chainId, registry: this.#p.chains });
    this.#inFlight.add(record.id);
    try {
      const resumed = await this.#write(record, { status: 'preparing', code: null, reason: null });
      return await this.#run(resumed, chain, running.intent, {}, running);
    } catch (error) {
      if (error instanceof ExecutionMovedError) return { record: error.record, receipt: null };
      throw error;
    } finally {
      this.#inFlight.delete(record.id);
      this.#window.notify({ chainId: chain.id, sender: this.address });
    }
  }

  /**
   * An approved action that nothing ran before its expiry (approved from the CLI while the server was down, and
   * picked up after): it does not run; its execution is blocked `CONFIRMATION_EXPIRED`.
   */
  async #expireApproved(approved: ConfirmationRecord): Promise<ExecuteReturnType> {
    const at = this.#clock();
    const expired = await this.#confirmations().transition({
      id: approved.id,
      from: ['approved'],
      to: 'expired',
      at,
    });
    const record =
      (expired
        ? await transitionExecution({
            store: this.#p.store,
            id: approved.executionId,
            from: ['awaiting_confirmation'],
            patch: {
              status: 'blocked',
              code: 'CONFIRMATION_EXPIRED',
              reason: 'approved, but it could not run before the approval expired',
            },
            at,
          })
        : null) ?? (await this.#p.store.get(approved.executionId));
    if (!record)
      throw new ConfirmationError('CONFIRMATION_NOT_FOUND', `No execution ${approved.executionId}.`);
    if (expired) {
      this.#p.onEvent?.({
        type: 'confirmation',
        executionId: approved.executionId,
        confirmationId: approved.id,
        decision: 'expired',
        by: 'expiry',
      });
    }
    return { record, receipt: null };
  }

  async #hold(
    record: ExecutionRecord,
    intent: ExecutionIntent,
    held: {
      reason: ConfirmationRecord['reason'];
      detail: string;
      valueWei: bigint | null;
      gasLimit: bigint;
      safety: ConfirmationRecord['safety'];
    },
  ): Promise<ExecuteReturnType> {
    // Nothing enters the confirmation queue while the kill switch is engaged (it may have been engaged meanwhile).
    if (await this.#killed()) return this.#block(record, KILLED);
    const at = this.#clock();
    const confirmation: ConfirmationRecord = {
      id: this.#createId(),
      executionId: record.id,
      createdAt: at,
      updatedAt: at,
      expiresAt: at + this.#settings.confirmTtlMs,
      status: 'pending',
      reason: held.reason,
      detail: held.detail.slice(0, 4096) || held.reason,
      intent,
      valueWei: held.valueWei,
      gasLimit: held.gasLimit,
      safety: held.safety,
      idempotencyKey: record.idempotencyKey,
      approvedValueWei: null,
      decidedAt: null,
      decidedBy: null,
      note: null,
    };
    await this.#confirmations().insert(confirmation);
    const updated = await this.#write(record, {
      status: 'awaiting_confirmation',
      code: 'CONFIRMATION_REQUIRED',
      reason: confirmation.detail,
      valueWei: held.valueWei,
    });
    this.#p.onEvent?.({
      type: 'held',
      executionId: record.id,
      confirmationId: confirmation.id,
      reason: held.reason,
      expiresAt: confirmation.expiresAt,
    });
    return { record: updated, receipt: null, confirmation };
  }

  #confirmations(): ConfirmationStore {
    const store = this.#p.confirmations;
    if (!store) {
      throw new ConfirmationError('CONFIRMATION_NOT_CONFIGURED', 'No confirmations store is configured.');
    }
    return store;
  }

  /**
   * Finishes what a crash, a time-out or a lost node left open: `preparing` records (nothing was signed) release
   * their reservation; `signed`/`pending` ones are settled from their hashes, re-broadcast when the node has never
   * seen them, and failed (reservation released) only when their nonce was provably consumed by another
   * transaction. The list is a snapshot: the executions this process is running when the pass starts are left alone
   * (a `preparing` one is not interrupted, and settling one twice would commit its reservation twice), and every
   * other record is read again, claimed, and changed only by a compare-and-set on what was just read — a pass that
   * took its list before a swap was broadcast acts on the swap as it is now, never on the stale row. A call while a
   * pass runs joins that pass. Returns the records it changed.
   */
  reconcile(): Promise<ExecutionRecord[]> {
    this.#reconciling ??= this.#reconcileAll().finally(() => {
      this.#reconciling = undefined;
    });
    return this.#reconciling;
  }

  async #reconcileAll(): Promise<ExecutionRecord[]> {
    const changed: ExecutionRecord[] = [];
    // Registered before the list is taken: whatever this process runs now is not the reconciler's, even once it ends.
    const running = new Set(this.#inFlight);
    for (const listed of await this.#p.store.listUnsettled()) {
      if (running.has(listed.id) || this.#inFlight.has(listed.id)) continue;
      // Claimed while the reconciler works on it: an approval, a cancel or another pass of this process waits.
      this.#inFlight.add(listed.id);
      try {
        const record = await this.#p.store.get(listed.id);
        if (record === null || !UNSETTLED_STATUSES.includes(record.status)) continue;
        const next = await this.#reconcileOne(record);
        if (next) changed.push(next);
      } catch {
        // Node still unreachable, or the record moved under us: leave it for the next round (fail closed: the
        // reservation keeps counting).
      } finally {
        this.#inFlight.delete(listed.id);
      }
    }
    // Settled or failed executions free slots of the in-flight window.
    for (const chainId of new Set(changed.map((r) => r.chainId))) {
      this.#window.notify({ chainId, sender: this.address });
    }
    return changed;
  }

  async #reconcileOne(read: ExecutionRecord): Promise<ExecutionRecord | null> {
    let record = read;
    if (record.status === 'preparing') {
      // Nothing was signed (signing writes the transaction and status `signed` atomically, before broadcast). The
      // record is claimed first (compare-and-set), the reservation released after: never the other way round.
      const failed = await this.#write(record, {
        status: 'failed',
        code: 'INTERRUPTED',
        reason: 'interrupted before signing; nothing was sent',
      });
      if (record.reservationId !== null)
        await this.#p.governor.release({ id: record.reservationId }).catch(() => undefined);
      return failed;
    }
    const provider = await this.#p.provider(record.chainId);
    // Strict lookups only: a node that errs or times out throws, and the record waits for the next round.
    const receipt = await this.#findReceipt(provider, record);
    if (receipt) return this.#settle(record.id, receipt);
    const last = record.transactions.at(-1);
    if (!last) return null;
    const latestNonce = await this.#nonceAt(provider, record.chainId, 'latest');
    if (latestNonce > last.nonce) {
      // Our nonce is used, and the node answered for every one of our hashes that it is not mined — unless one was
      // mined in between: look once more, strictly.
      const late = await this.#findReceipt(provider, record);
      if (late) return this.#settle(record.id, late);
      // One node's "no receipt" proves little (a load-balanced RPC may answer the nonce from a replica ahead and
      // receipts from one behind): another transaction took the nonce only when the absence is seen again, at least
      // `nonceConsumedAfterBlocks` blocks after it was first seen.
      const block = await this.#blockNumber(provider, record.chainId);
      const since = record.nonceGoneSinceBlock;
      if (since === null || block < since) return this.#write(record, { nonceGoneSinceBlock: block });
      if (block - since < this.#settings.nonceConsumedAfterBlocks) return null;
      const failed = await this.#write(record, {
        status: 'failed',
        code: 'NONCE_CONSUMED',
        reason: `the nonce was used by another transaction (no receipt of ours from block ${since} to ${block})`,
      });
      if (record.reservationId !== null)
        await this.#p.governor.release({ id: record.reservationId }).catch(() => undefined);
      return failed;
    }
    if (record.nonceGoneSinceBlock !== null) {
      // The nonce is free again (the node that said otherwise was ahead of the one answering now): start over.
      record = await this.#write(record, { nonceGoneSinceBlock: null });
    }
    // Not mined and the nonce is free. An operator's cancel request not sent yet (the CLI wrote it) goes now.
    if (this.#cancelDue(record)) return this.#sendCancel(record);
    // Make sure the node has what was signed (a crash may have come before the broadcast) — but after a kill,
    // nothing is sent that may never have reached a node (a signed transaction whose broadcast was lost), except
    // an operator's cancel.
    const killed = await this.#killed();
    for (const tx of record.transactions) {
      if (killed && !isCancelTransaction(record, tx)) continue;
      await this.#broadcast(provider, record.chainId, tx.raw).catch(() => undefined);
    }
    if (record.status === 'signed' && !killed) return this.#write(record, { status: 'pending' });
    return null;
  }

  /**
   * Clears the nonce of a stuck execution at the operator's request: a 0-value transfer to the wallet itself with
   * the execution's nonce, paying more than every transaction of it (at least +12.5%, and what the network asks
   * now; never above the fee ceiling), within the fee budget the governor holds. The one thing sent while the kill
   * switch is engaged. Whichever transaction is mined settles the execution: the action (`confirmed`/`reverted`) or
   * the cancel (`cancelled`, its fee committed). Returns the record with the cancel; throws {@link CancelError}.
   *
   * @example
   * ```ts
   * const record = await gateway.cancel({ id: executionId, by: 'operator-key' });
   * ```
   */
  async cancel({ id, by }: CancelExecutionParameters): Promise<ExecutionRecord> {
    const requested = await requestCancel({ executions: this.#p.store, id, by, at: this.#clock() });
    return this.#sendCancel(requested);
  }

  /**
   * Sends the cancels an operator asked for elsewhere (the CLI writes the request on the record) that no cancel has
   * answered yet. Returns the records it changed.
   *
   * @example
   * ```ts
   * setInterval(() => gateway.processCancelRequests(), 2_000);
   * ```
   */
  async processCancelRequests(): Promise<ExecutionRecord[]> {
    const changed: ExecutionRecord[] = [];
    for (const listed of await this.#p.store.listUnsettled()) {
      if (!this.#cancelDue(listed)) continue;
      const record = await this.#p.store.get(listed.id);
      if (!record || !this.#cancelDue(record)) continue;
      try {
        changed.push(await this.#sendCancel(record));
      } catch {
        // Refused (fee, ceiling) or moved: the request stays on the record; the next round tries again.
      }
    }
    return changed;
  }

  /**
   * Asks the governor to hold `need` for the fees of `record` (the extra over its fee budget), then writes the new
   * budget on the record. A refusal (caps, kill switch, no reservation, a ledger that cannot extend) is written on the
   * record (`REPLACEMENT_REFUSED`, still pending) and reported as a `replacement-refused` event.
   */
  async #topUpFees(
    record: ExecutionRecord,
    need: bigint,
    maxFeePerGas: bigint,
  ): Promise<{ ok: boolean; record: ExecutionRecord }> {
    const budget = this.#feeBudget(record);
    const extra = need - budget;
    let decision: { allowed: boolean; code: string; reason: string };
    if (record.reservationId === null) {
      decision = { allowed: false, code: 'NO_RESERVATION', reason: 'nothing is held for this execution' };
    } else {
      const id = record.reservationId;
      decision = await this.#p.governor.extend({ id, value: extra }).catch((error: unknown) => ({
        allowed: false,
        code: String((error as { code?: unknown }).code ?? 'LEDGER_FAILURE'),
        reason: shortOf(error),
      }));
    }
    if (!decision.allowed) {
      const reason = `not replaced: a replacement at ${maxFeePerGas} wei/gas needs ${extra} wei more held for its fee, and the governor refused (${decision.code}: ${decision.reason}); the transaction stays pending as it is`;
      const refused =
        (await this.#transition(record, ['signed', 'pending'], { code: 'REPLACEMENT_REFUSED', reason })) ??
        record;
      this.#p.onEvent?.({
        type: 'replacement-refused',
        executionId: record.id,
        code: decision.code,
        reason,
      });
      return { ok: false, record: refused };
    }
    // Held by the governor: the record names the new budget (a lost write re-reads; the value part is unchanged).
    let current = record;
    for (;;) {
      try {
        current = await this.#write(current, {
          valueWei: (current.valueWei ?? 0n) + extra,
          feeReservedWei: this.#feeBudget(current) + extra,
        });
        return { ok: true, record: current };
      } catch (error) {
        if (!(error instanceof ExecutionMovedError) || !UNSETTLED_STATUSES.includes(error.record.status))
          throw error;
        current = error.record;
      }
    }
  }

  /** A cancel was asked for and no cancel signed since answers it. */
  #cancelDue(record: ExecutionRecord): boolean {
    const asked = record.cancelRequestedAt;
    return (
      asked !== null &&
      (record.status === 'signed' || record.status === 'pending') &&
      !record.transactions.some((t) => t.signedAt >= asked && isCancelTransaction(record, t))
    );
  }

  async #sendCancel(record: ExecutionRecord): Promise<ExecutionRecord> {
    const chain = resolveChain({ chain: record.chainId, registry: this.#p.chains });
    const provider = await this.#p.provider(chain.id);
    const last = record.transactions.at(-1);
    if (!last)
      throw new CancelError('EXECUTION_NOT_CANCELLABLE', `Execution ${record.id} has no transaction.`);
    // Above every transaction of the execution (the node keeps the best-paid one of a nonce).
    let maxFeePerGas = 0n;
    let maxPriorityFeePerGas = 0n;
    for (const t of record.transactions) {
      if (t.maxFeePerGas > maxFeePerGas) maxFeePerGas = t.maxFeePerGas;
      if ((t.maxPriorityFeePerGas ?? 0n) > maxPriorityFeePerGas)
        maxPriorityFeePerGas = t.maxPriorityFeePerGas ?? 0n;
    }
    const previous: FeeQuote =
      last.maxPriorityFeePerGas === null
        ? { kind: 'legacy', gasPrice: maxFeePerGas }
        : { kind: 'eip1559', baseFeePerGas: 0n, maxFeePerGas, maxPriorityFeePerGas };
    const network = await this.#p.steps.estimateFees({ provider, chain }).catch(() => previous);
    const fees = this.#p.steps.bumpFees({
      previous,
      current: network,
      ceilingWei: this.#settings.feeCeilingWei,
    });
    if (fees === null) {
      throw new CancelError(
        'CANCEL_ABOVE_FEE_CEILING',
        `A cancel must pay more than ${maxFeePerGas} wei/gas, above the fee ceiling of ${this.#settings.feeCeilingWei}.`,
      );
    }
    const gasLimit = CANCEL_GAS;
    const budget = this.#feeBudget(record);
    if (gasLimit * maxFeeOf(fees) > budget) {
      throw new CancelError(
        'CANCEL_FEE_NOT_RESERVED',
        `The cancel may cost ${gasLimit * maxFeeOf(fees)} wei, more than the ${budget} wei held for the fees.`,
      );
    }
    const by = record.cancelRequestedBy ?? 'operator';
    const tx = await this.#sign(
      {
        chainId: chain.id,
        action: record.action,
        to: this.address,
        data: '0x',
        value: 0n,
        spends: [],
        acquires: [],
        description: 'cancel',
      },
      chain,
      last.nonce,
      gasLimit,
      fees,
    );
    let current = await this.#addTransaction(record, tx);
    try {
      await this.#broadcast(provider, chain.id, tx.raw);
    } catch (error) {
      current = (await this.#transition(current, ['signed'], { status: 'pending' })) ?? current;
      if (this.#p.steps.isDefinitelyNotSent(error)) {
        throw new CancelError('CANCEL_NOT_SENT', 'The node refused the cancel.', { details: shortOf(error) });
      }
      // Uncertain: it may be out there; the reconciler sends it again (cancels are sent even after a kill).
      return current;
    }
    current = (await this.#transition(current, ['signed'], { status: 'pending' })) ?? current;
    this.#p.onEvent?.({ type: 'cancel', executionId: record.id, hash: tx.hash, nonce: tx.nonce, by });
    return current;
  }

  /** The receipt of whichever of the record's hashes is mined; `null` only when the node says none is. */
  async #findReceipt(provider: RpcSender, record: ExecutionRecord): Promise<GatewayReceipt | null> {
    for (const { hash } of record.transactions) {
      const receipt = await this.#p.steps.fetchReceipt({ provider, chainId: record.chainId, hash });
      if (receipt) return receipt;
    }
    return null;
  }

  async #insert(
    id: string,
    intent: ExecutionIntent,
    idempotencyKey: string | null,
  ): Promise<ExecutionRecord> {
    const at = this.#clock();
    const record: ExecutionRecord = {
      id,
      version: 0,
      createdAt: at,
      updatedAt: at,
      chainId: intent.chainId,
      action: intent.action,
      from: this.address,
      to: intent.to,
      intent: {
        description: intent.description,
        value: intent.value.toString(),
        spends: intent.spends.map((t) => ({ ...t, amount: t.amount.toString() })),
        acquires: intent.acquires.map((t) => ({ ...t, amount: t.amount.toString() })),
        ...(intent.spender ? { spender: intent.spender } : {}),
      },
      status: 'preparing',
      code: null,
      reason: null,
      valueWei: null,
      reservationId: null,
      nonce: null,
      transactions: [],
      minedHash: null,
      blockNumber: null,
      feeWei: null,
      idempotencyKey,
      result: null,
      feeReservedWei: null,
      nonceGoneSinceBlock: null,
      cancelRequestedAt: null,
      cancelRequestedBy: null,
    };
    await this.#p.store.insert(record);
    return record;
  }

  /** Refuses an execution that holds a reservation and signed nothing: the record first, then the release. */
  async #refuseReserved(
    record: ExecutionRecord,
    reservationId: string,
    refusal: Refusal,
  ): Promise<ExecuteReturnType> {
    const blocked = await this.#block(record, refusal);
    await this.#p.governor.release({ id: reservationId }).catch(() => undefined);
    return blocked;
  }

  async #block(record: ExecutionRecord, refusal: Refusal, valueWei?: bigint): Promise<ExecuteReturnType> {
    const updated = await this.#write(record, {
      status: 'blocked',
      code: refusal.code,
      reason: refusal.reason,
      ...(valueWei === undefined ? {} : { valueWei }),
    });
    this.#p.onEvent?.({
      type: 'blocked',
      executionId: record.id,
      code: refusal.code,
      reason: refusal.reason,
    });
    return { record: updated, receipt: null };
  }

  async #sign(
    intent: ExecutionIntent,
    chain: ChainInfo,
    nonce: number,
    gasLimit: bigint,
    fees: FeeQuote,
  ): Promise<BroadcastTransaction> {
    const base = {
      chainId: chain.id,
      nonce,
      to: intent.to,
      data: intent.data,
      value: intent.value,
      gasLimit,
    };
    const raw = (
      fees.kind === 'eip1559'
        ? await this.#wallet.signTransaction({
            ...base,
            type: 2,
            maxFeePerGas: fees.maxFeePerGas,
            maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
          })
        : await this.#wallet.signTransaction({ ...base, type: 0, gasPrice: fees.gasPrice })
    ) as Hex;
    return {
      hash: Transaction.from(raw).hash as Hex,
      raw,
      nonce,
      gasLimit,
      maxFeePerGas: maxFeeOf(fees),
      maxPriorityFeePerGas: fees.kind === 'eip1559' ? fees.maxPriorityFeePerGas : null,
      signedAt: this.#clock(),
    };
  }

  async #broadcast(provider: RpcSender, chainId: number, raw: Hex): Promise<void> {
    try {
      await rpcCall({
        chainId,
        method: 'eth_sendRawTransaction',
        timeoutMs: this.#settings.rpcTimeoutMs,
        run: () => provider.send('eth_sendRawTransaction', [raw]),
      });
    } catch (error) {
      // The node already has it (a re-broadcast, or our first send did arrive): that is success.
      if (/already known|known transaction|already imported/i.test(describe(error))) return;
      throw error;
    }
  }

  async #sendFailed(
    record: ExecutionRecord,
    reservationId: string,
    error: unknown,
  ): Promise<ExecuteReturnType> {
    // `record` is what this run last wrote (`signed` once the transaction was recorded): any other state means
    // another writer took over, and the compare-and-set below refuses.
    if (record.transactions.length === 0 || this.#p.steps.isDefinitelyNotSent(error)) {
      // Nothing reached the node: the record is settled first, then the reservation can go.
      const updated = await this.#write(record, {
        status: 'failed',
        code: 'SEND_FAILED',
        reason: shortOf(error),
      });
      await this.#p.governor.release({ id: reservationId });
      this.#p.onEvent?.({ type: 'settled', executionId: record.id, status: 'failed', feeWei: null });
      return { record: updated, receipt: null };
    }
    // It may have reached the chain: keep counting it; the reconciler finishes it from the hash.
    const updated = await this.#write(record, {
      status: 'pending',
      code: 'BROADCAST_UNCERTAIN',
      reason: shortOf(error),
    });
    return { record: updated, receipt: null };
  }

  /**
   * Waits for any of the execution's hashes; replaces a stuck transaction with higher fees, same nonce — unless the
   * kill switch is engaged (after a kill nothing new is sent: the loop only waits for what is out) or an operator
   * asked for a cancel (the cancel owns the nonce from then on).
   */
  async #awaitMined(
    provider: RpcSender,
    chain: ChainInfo,
    record: ExecutionRecord,
    firstFees: FeeQuote,
  ): Promise<GatewayReceipt | null> {
    const deadline = this.#clock() + this.#settings.receiptTimeoutMs;
    let fees = firstFees;
    let current = record;
    let replacements = 0;
    for (;;) {
      const remaining = deadline - this.#clock();
      if (remaining <= 0) return null;
      const hashes = current.transactions.map((t) => t.hash);
      const wait =
        replacements < this.#settings.maxReplacements
          ? Math.min(remaining, this.#settings.replaceAfterMs)
          : remaining;
      const receipt = await this.#p.steps.waitForReceipt({
        provider,
        chainId: chain.id,
        hashes,
        timeoutMs: wait,
      });
      if (receipt) return receipt;
      if (replacements >= this.#settings.maxReplacements || this.#clock() >= deadline) return null;
      // Stuck. Decide on the record and the kill switch as they are now, not as they were at the broadcast.
      const fresh = await this.#p.store.get(current.id);
      if (!fresh || !UNSETTLED_STATUSES.includes(fresh.status)) return null;
      current = fresh;
      if (current.cancelRequestedAt !== null || (await this.#killed())) {
        replacements = this.#settings.maxReplacements; // no replacement from now on: wait for what is out
        continue;
      }
      // Replace (same nonce, fees raised by at least 12.5%, never above the ceiling).
      const latest = await this.#p.steps.estimateFees({ provider, chain }).catch(() => fees);
      const next = this.#p.steps.bumpFees({
        previous: fees,
        current: latest,
        ceilingWei: this.#settings.feeCeilingWei,
      });
      if (next === null) continue; // at the ceiling: keep waiting for what is out there
      const last = current.transactions.at(-1) as BroadcastTransaction;
      // Never an uncounted fee: the replacement's worst case must fit in what the governor holds for the fees, or
      // the governor must first agree to hold more (caps and kill switch apply). Refused: it stays as it is.
      const need = last.gasLimit * maxFeeOf(next);
      if (need > this.#feeBudget(current)) {
        const toppedUp = await this.#topUpFees(current, need, maxFeeOf(next));
        current = toppedUp.record;
        if (!toppedUp.ok) {
          replacements = this.#settings.maxReplacements;
          continue;
        }
      }
      const intent = {
        to: current.to,
        data: Transaction.from(last.raw).data as Hex,
        value: Transaction.from(last.raw).value,
      };
      const tx = await this.#sign(
        { ...intent, chainId: chain.id, action: current.action, spends: [], acquires: [], description: '' },
        chain,
        last.nonce,
        last.gasLimit,
        next,
      );
      try {
        current = await this.#addTransaction(current, tx);
      } catch (error) {
        // Moved meanwhile (a cancel request, a reconcile pass): not sent; look again next round.
        if (!(error instanceof ExecutionMovedError)) throw error;
        current = error.record;
        continue;
      }
      current = (await this.#transition(current, ['signed'], { status: 'pending' })) ?? current;
      try {
        await this.#broadcast(provider, chain.id, tx.raw);
        this.#p.onEvent?.({ type: 'broadcast', executionId: current.id, hash: tx.hash, nonce: tx.nonce });
      } catch {
        // The replacement was refused (e.g. the original was just mined): the loop finds the receipt.
      }
      fees = next;
      replacements++;
    }
  }

  /**
   * Settles an execution from its mined receipt, as ONE idempotent step that a later pass can finish: the governor
   * commit (value + the fee actually paid on success; the fee only on a revert), then the record (compare-and-set
   * while it is unsettled). A commit that finds the reservation already settled — an earlier pass committed it and
   * stopped before the record — still finishes the record. The commit is exact: every transaction signed fits in the
   * fee budget held for it, so the fee paid can never exceed what was reserved (no clamp to hide an overpay).
   */
  async #settle(
    id: string,
    receipt: GatewayReceipt,
    describeResult?: (receipt: GatewayReceipt) => Record<string, unknown>,
  ): Promise<ExecutionRecord> {
    const record = (await this.#p.store.get(id)) as ExecutionRecord;
    if (!UNSETTLED_STATUSES.includes(record.status)) return record;
    const feeWei = receipt.gasUsed * receipt.effectiveGasPrice;
    const mined = record.transactions.find(
      (t) => t.hash.toLowerCase() === receipt.transactionHash.toLowerCase(),
    );
    // The operator's cancel took the nonce: the action did not happen, only the cancel's fee was spent.
    const cancelled = mined !== undefined && isCancelTransaction(record, mined);
    const spent = receipt.status === 1 && !cancelled ? this.#valueOf(record) + feeWei : feeWei;
    if (record.reservationId !== null) {
      const reserved = record.valueWei ?? 0n;
      // Records reserved before the fee budget was kept (no `feeReservedWei`) may have replaced above it: the
      // commit of those is capped at the reservation, as it always was.
      const value = record.feeReservedWei === null && spent > reserved ? reserved : spent;
      await this.#p.governor.commit({ id: record.reservationId, value }).catch((error: unknown) => {
        if ((error as { code?: unknown }).code !== 'RESERVATION_ALREADY_SETTLED') throw error;
      });
    }
    const patch: ExecutionRecordPatch = {
      status: cancelled ? 'cancelled' : receipt.status === 1 ? 'confirmed' : 'reverted',
      code: cancelled ? 'CANCELLED' : receipt.status === 1 ? null : 'TX_REVERTED',
      reason: cancelled
        ? `cancelled by ${record.cancelRequestedBy ?? 'the operator'}: the action did not happen; the cancel's fee was spent`
        : receipt.status === 1
          ? null
          : 'the transaction was mined and reverted; the fee was spent',
      minedHash: receipt.transactionHash,
      blockNumber: receipt.blockNumber,
      feeWei,
      ...(receipt.status !== 1 || cancelled
        ? {}
        : describeResult
          ? { result: describeResult(receipt) }
          : this.#p.describeResult
            ? { result: this.#p.describeResult({ record, receipt }) }
            : {}),
    };
    const updated = await this.#transition(record, UNSETTLED_STATUSES, patch);
    // Null: another writer settled it meanwhile (from the same receipt); its record stands.
    if (!updated) return (await this.#p.store.get(id)) ?? record;
    this.#p.onEvent?.({ type: 'settled', executionId: id, status: updated.status, feeWei });
    return updated;
  }

  /** The value part of what the governor holds for `record` (native value + tokens priced), without the fee budget. */
  #valueOf(record: ExecutionRecord): bigint {
    const held = record.valueWei ?? 0n;
    const fees = this.#feeBudget(record);
    return held > fees ? held - fees : 0n;
  }

  /** What the governor holds for the fees of `record`: every transaction signed for it must fit in it. */
  #feeBudget(record: ExecutionRecord): bigint {
    return record.feeReservedWei ?? this.#reservedFee(record);
  }

  async #killed(): Promise<boolean> {
    return (await this.#p.governor.status()).killSwitch;
  }

  /** The worst-case fee the reservation counted (recomputed from the first transaction: same rule as reserve). */
  #reservedFee(record: ExecutionRecord): bigint {
    const first = record.transactions[0];
    if (!first) return 0n;
    return this.#worstFee(first);
  }

  #worstFee({ gasLimit, maxFeePerGas }: { gasLimit: bigint; maxFeePerGas: bigint }): bigint {
    return worstCaseFeeWei({
      gasLimit,
      maxFeePerGas,
      feeCeilingWei: this.#settings.feeCeilingWei,
      maxReplacements: this.#settings.maxReplacements,
    });
  }

  /** Compare-and-set of `patch` on the state `record` was read in; throws {@link ExecutionMovedError} when it moved. */
  async #write(record: ExecutionRecord, patch: ExecutionRecordPatch): Promise<ExecutionRecord> {
    const next = await this.#p.store.update({
      id: record.id,
      expected: { status: record.status, version: record.version },
      patch,
      at: this.#clock(),
    });
    if (next) return next;
    throw new ExecutionMovedError((await this.#p.store.get(record.id)) ?? record);
  }

  /** Records a signed transaction (compare-and-set, before broadcast); throws {@link ExecutionMovedError}. */
  async #addTransaction(
    record: ExecutionRecord,
    transaction: BroadcastTransaction,
  ): Promise<ExecutionRecord> {
    const next = await this.#p.store.addTransaction({
      id: record.id,
      expected: { status: record.status, version: record.version },
      transaction,
      at: this.#clock(),
    });
    if (next) return next;
    throw new ExecutionMovedError((await this.#p.store.get(record.id)) ?? record);
  }

  /**
   * A change decided on the status alone (e.g. `signed` → `pending` after the broadcast): applied while the record
   * is in one of `from`, whatever else another writer changed (a cancel request); `null` when it moved on.
   */
  #transition(
    record: ExecutionRecord,
    from: readonly ExecutionStatus[],
    patch: ExecutionRecordPatch,
  ): Promise<ExecutionRecord | null> {
    return transitionExecution({
      store: this.#p.store,
      id: record.id,
      from,
      patch,
      at: this.#clock(),
      read: record,
    });
  }

  async #blockNumber(provider: RpcSender, chainId: number): Promise<number> {
    const raw = await rpcCall({
      chainId,
      method: 'eth_blockNumber',
      timeoutMs: this.#settings.rpcTimeoutMs,
      run: () => provider.send('eth_blockNumber', []),
    });
    return Number(BigInt(raw as string));
  }

  async #nonceAt(provider: RpcSender, chainId: number, tag: 'latest' | 'pending'): Promise<number> {
    const raw = await rpcCall({
      chainId,
      method: 'eth_getTransactionCount',
      timeoutMs: this.#settings.rpcTimeoutMs,
      run: () => provider.send('eth_getTransactionCount', [this.address, tag]),
    });
    return Number(BigInt(raw as string));
  }
}

const KILLED: Refusal = {
  code: 'KILL_SWITCH_ENGAGED',
  reason: 'the kill switch is engaged: every fund-moving action is refused',
};

/** Gas of a cancel: a plain transfer to the wallet itself. */
const CANCEL_GAS = 21_000n;

function maxFeeOf(fees: FeeQuote): bigint {
  return fees.kind === 'eip1559' ? fees.maxFeePerGas : fees.gasPrice;
}

function describe(error: unknown): string {
  const e = error as { message?: unknown; cause?: { message?: unknown } } | null;
  return `${String(e?.message ?? '')} ${String(e?.cause?.message ?? '')}`;
}

function shortOf(error: unknown): string {
  const short = (error as { shortMessage?: unknown } | null)?.shortMessage;
  return (typeof short === 'string' ? short : error instanceof Error ? error.message : String(error)).slice(
    0,
    300,
  );
}
