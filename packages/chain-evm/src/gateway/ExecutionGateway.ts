import { Wallet } from 'ethers';
import type { Address, ChainInfo } from '../chains/chains.js';
import { resolveChain } from '../chains/resolveChain.js';
import { ConfirmationError } from '../errors/ConfirmationError.js';
import { approveConfirmation, denyConfirmation, expireConfirmation } from './decideConfirmation.js';
import { ExecutionMovedError } from './ExecutionMovedError.js';
import type {
  ApproveHeldParameters,
  AssessReturnType,
  CancelExecutionParameters,
  ExecuteOptions,
  ExecuteReturnType,
  ExecutionGatewayParameters,
} from './gatewayTypes.js';
import { assessStep } from './pipeline/assessStep.js';
import { blockExecution } from './pipeline/blockExecution.js';
import { confirmRuleStep } from './pipeline/confirmRuleStep.js';
import { createGatewayContext } from './pipeline/createGatewayContext.js';
import { effectValueStep } from './pipeline/effectValueStep.js';
import { expireApprovedStep } from './pipeline/expireApprovedStep.js';
import { failUnsigned } from './pipeline/failUnsigned.js';
import { feesStep } from './pipeline/feesStep.js';
import type { GatewayContext } from './pipeline/GatewayContext.js';
import { holdStep } from './pipeline/holdStep.js';
import { killSwitchStep } from './pipeline/killSwitchStep.js';
import { listAllConfirmations } from './pipeline/listAllConfirmations.js';
import { newExecutionRecord } from './pipeline/newExecutionRecord.js';
import { policyStep } from './pipeline/policyStep.js';
import { receiptStep } from './pipeline/receiptStep.js';
import { afterBroadcast } from './pipeline/afterBroadcast.js';
import { reconcilePass } from './pipeline/reconcilePass.js';
import { requireConfirmations } from './pipeline/requireConfirmations.js';
import { reserveStep } from './pipeline/reserveStep.js';
import { sendCancel } from './pipeline/sendCancel.js';
import { sendFailureStep } from './pipeline/sendFailureStep.js';
import { sendRequestedCancels } from './pipeline/sendRequestedCancels.js';
import { settleStep } from './pipeline/settleStep.js';
import { signStep } from './pipeline/signStep.js';
import { simulateStep } from './pipeline/simulateStep.js';
import { windowStep } from './pipeline/windowStep.js';
import { writeExecution } from './pipeline/writeExecution.js';
import { requestCancel } from './requestCancel.js';
import type { ConfirmationRecord, ExecutionIntent, ExecutionRecord } from './types.js';

export { DEFAULT_GATEWAY_SETTINGS } from './defaultGatewaySettings.js';

/**
 * The execution gateway: the ONE place that signs and broadcasts. It holds the key and the stores, and runs every
 * intent through the pipeline (ARCHITECTURE §3), one step per module in `pipeline/`:
 *
 * kill switch → policy → fees → value ∥ safety → confirmation rule → simulate (the exact transaction's effects,
 * judged against the intent; a swap's output valued against its charge) → hold → reserve → in-flight window →
 * kill switch re-checked → sign (in the nonce lane: kill switch read again, record, then broadcast; a nonce taken by
 * another sender of the key → the chain's counts re-read and signed again above them) → receipt (replacements
 * within the fee budget) → settle.
 *
 * A refusal is a value with a stable code on the execution record (`blocked`); every change of a record is a
 * compare-and-set on what was read. The reconciler, the operator's cancel and held actions run on the same steps.
 *
 * @example
 * ```ts
 * const gateway = new ExecutionGateway({ privateKey, chains, provider, governor, tokenSafety, store, nonces, steps });
 * const { record } = await gateway.execute(intent);
 * record.status; // 'confirmed' | 'blocked' | 'pending' | 'reverted' | 'failed' | 'awaiting_confirmation'
 * ```
 */
export class ExecutionGateway {
  /** The wallet's address (the only thing about the key that leaves the gateway). */
  readonly address: Address;
  readonly #ctx: GatewayContext;
  /** Executions this process is running: the reconciler must not touch them (they are not interrupted). */
  readonly #inFlight = new Set<string>();
  /** The reconcile pass under way, if any: a second caller joins it rather than settling records twice. */
  #reconciling: Promise<ExecutionRecord[]> | undefined;

  constructor(parameters: ExecutionGatewayParameters) {
    const wallet = new Wallet(parameters.privateKey);
    this.address = wallet.address as Address;
    this.#ctx = createGatewayContext({
      parameters,
      wallet,
      // Executions left pending by an earlier request hold window slots until the reconciler settles them.
      onWindowWait: () => {
        if (!this.#reconciling) this.reconcile().catch(() => undefined);
      },
    });
    if (this.#ctx.settings.confirmMode.kind !== 'off' && parameters.confirmations === undefined) {
      throw new ConfirmationError(
        'CONFIRMATION_NOT_CONFIGURED',
        'A confirm mode other than off needs a confirmations store.',
      );
    }
  }

  /** Runs one intent through the pipeline. Refusals are values (`record.status === 'blocked'`, `record.code`). */
  async execute(intent: ExecutionIntent, options: ExecuteOptions = {}): Promise<ExecuteReturnType> {
    const ctx = this.#ctx;
    const chain = resolveChain({ chain: intent.chainId, registry: ctx.chains });
    const id = ctx.createId();
    this.#inFlight.add(id);
    try {
      const record = newExecutionRecord({
        id,
        at: ctx.clock(),
        from: this.address,
        intent,
        idempotencyKey: options.idempotencyKey ?? null,
      });
      await ctx.store.insert(record);
      return await this.#run(record, chain, intent, options, null);
    } catch (error) {
      // Another writer moved the record (nothing more was written or sent by this run): answer what it is now.
      if (error instanceof ExecutionMovedError) return { record: error.record, receipt: null };
      throw error;
    } finally {
      this.#inFlight.delete(id);
      ctx.window.notify({ chainId: chain.id, sender: this.address });
    }
  }

  /** The pipeline, step by step (each step is a module of `pipeline/`; a refusal ends it with the record blocked). */
  async #run(
    record: ExecutionRecord,
    chain: ChainInfo,
    intent: ExecutionIntent,
    options: ExecuteOptions,
    approval: ConfirmationRecord | null,
  ): Promise<ExecuteReturnType> {
    const ctx = this.#ctx;
    const killed = await killSwitchStep(ctx, 'request');
    if (killed) return blockExecution(ctx, record, killed);
    const refused = policyStep({ intent, chain, wallet: this.address, actions: this.#ctx.actions });
    if (refused) return blockExecution(ctx, record, refused);
    const provider = await ctx.provider(chain.id);
    const quoted = await feesStep(ctx, { provider, chain });
    if ('refusal' in quoted) return blockExecution(ctx, record, quoted.refusal);
    const { fees } = quoted;
    const assessed = await assessStep(ctx, { provider, chain, intent });
    const rule = confirmRuleStep(ctx, { assessed, approval });
    if (rule.kind === 'refuse') {
      return blockExecution(ctx, record, rule.refusal, {
        ...(assessed.valueWei === null ? {} : { valueWei: assessed.valueWei }),
      });
    }
    const valueWei = assessed.valueWei ?? (approval?.approvedValueWei as bigint);
    const simulated = await simulateStep(ctx, { provider, chain, intent });
    if ('refusal' in simulated) return blockExecution(ctx, record, simulated.refusal, { valueWei });
    const { gasLimit } = simulated;
    if (typeof valueWei === 'bigint') {
      const lost = await effectValueStep(ctx, {
        provider,
        chain,
        intent,
        effects: simulated.effects,
        chargedWei: valueWei,
        safety: assessed.safety,
        acquired: assessed.acquired ?? null,
      });
      if (lost) return blockExecution(ctx, record, lost, { valueWei });
    }
    if (rule.kind === 'hold') {
      const { reason, detail } = rule;
      return holdStep(ctx, {
        record,
        intent,
        reason,
        detail,
        valueWei: assessed.valueWei,
        gasLimit,
        safety: assessed.safety,
      });
    }
    const reserved = await reserveStep(ctx, { record, intent, valueWei, gasLimit, fees });
    if ('refusal' in reserved)
      return blockExecution(ctx, record, reserved.refusal, { valueWei: reserved.reserveWei });
    const { reservationId } = reserved;
    // Until a transaction is handed to the record nothing of this execution can reach the chain: an error on the way
    // (the database or the ledger failed) fails the record and releases the reservation at once ({@link failUnsigned}).
    const unsigned =
      (at: ExecutionRecord) =>
      async (error: unknown): Promise<never> => {
        if (!(error instanceof ExecutionMovedError) && at.transactions.length === 0)
          await failUnsigned(ctx, at, reservationId, error);
        throw error;
      };
    const window = await windowStep(ctx, { chainId: chain.id }).catch(unsigned(reserved.record));
    if ('refusal' in window)
      return blockExecution(ctx, reserved.record, window.refusal, { reservationId }).catch(
        unsigned(reserved.record),
      );
    let signed: Awaited<ReturnType<typeof signStep>>;
    try {
      const killedSince = await killSwitchStep(ctx, 'signing');
      if (killedSince) return await blockExecution(ctx, reserved.record, killedSince, { reservationId });
      signed = await signStep(ctx, {
        record: reserved.record,
        intent,
        chain,
        provider,
        gasLimit,
        fees,
        onRecorded: window.slot,
      });
    } catch (error) {
      return unsigned(reserved.record)(error);
    } finally {
      window.slot();
    }
    // The kill switch engaged while this send queued in the nonce lane: nothing was signed.
    if ('killed' in signed)
      return blockExecution(ctx, signed.record, signed.killed, { reservationId }).catch(
        unsigned(signed.record),
      );
    if ('error' in signed) return sendFailureStep(ctx, { ...signed, reservationId });
    return afterBroadcast(ctx, signed.record, signed.sent, async (pending) => {
      const receipt = await receiptStep(ctx, { provider, chain, record: pending, fees });
      if (receipt === null) return { record: (await ctx.store.get(record.id)) ?? pending, receipt: null };
      return {
        record: await settleStep(ctx, { id: record.id, receipt, describeResult: options.describeResult }),
        receipt,
      };
    });
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
    const ctx = this.#ctx;
    const chain = resolveChain({ chain: intent.chainId, registry: ctx.chains });
    const refused = policyStep({ intent, chain, wallet: this.address, actions: this.#ctx.actions });
    if (refused) return { refusal: refused, valueWei: null };
    const { refusal, valueWei } = await assessStep(ctx, {
      provider: await ctx.provider(chain.id),
      chain,
      intent,
    });
    return { refusal, valueWei };
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
    const ctx = this.#ctx;
    const approved = await approveConfirmation({
      confirmations: requireConfirmations(ctx),
      executions: ctx.store,
      at: ctx.clock(),
      id,
      by,
      ...(valueWei === undefined ? {} : { valueWei }),
      ...(note === undefined ? {} : { note }),
    });
    ctx.emit({
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
    const ctx = this.#ctx;
    const { confirmation, execution } = await denyConfirmation({
      confirmations: requireConfirmations(ctx),
      executions: ctx.store,
      at: ctx.clock(),
      id,
      by,
      ...(note === undefined ? {} : { note }),
    });
    ctx.emit({
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
    const ctx = this.#ctx;
    const store = ctx.confirmations;
    if (!store) return [];
    const changed: ExecutionRecord[] = [];
    const at = ctx.clock();
    for (const held of await listAllConfirmations(store, 'pending')) {
      if (at < held.expiresAt) continue;
      const record = await expireConfirmation({ confirmations: store, executions: ctx.store, at, held });
      if (!record) continue;
      ctx.emit({
        type: 'confirmation',
        executionId: held.executionId,
        confirmationId: held.id,
        decision: 'expired',
        by: 'expiry',
      });
      changed.push(record);
    }
    if (!runApproved) return changed;
    for (const approved of await listAllConfirmations(store, 'approved')) {
      changed.push((await this.#runApproved(approved)).record);
    }
    return changed;
  }

  /**
   * Runs an approved action once (`approved` → `running` is atomic: a second runner gets nothing to do) — unless its
   * approval expired before anything ran it.
   */
  async #runApproved(approved: ConfirmationRecord): Promise<ExecuteReturnType> {
    const ctx = this.#ctx;
    if (ctx.clock() >= approved.expiresAt) return expireApprovedStep(ctx, approved);
    const running = await requireConfirmations(ctx).transition({
      id: approved.id,
      from: ['approved'],
      to: 'running',
      at: ctx.clock(),
    });
    const record = await ctx.store.get(approved.executionId);
    if (!record)
      throw new ConfirmationError('CONFIRMATION_NOT_FOUND', `No execution ${approved.executionId}.`);
    if (!running || record.status !== 'awaiting_confirmation') return { record, receipt: null };
    const chain = resolveChain({ chain: running.intent.chainId, registry: ctx.chains });
    this.#inFlight.add(record.id);
    try {
      const resumed = await writeExecution(ctx, record, {
        patch: { status: 'preparing', code: null, reason: null },
      });
      return await this.#run(resumed, chain, running.intent, {}, running);
    } catch (error) {
      if (error instanceof ExecutionMovedError) return { record: error.record, receipt: null };
      throw error;
    } finally {
      this.#inFlight.delete(record.id);
      ctx.window.notify({ chainId: chain.id, sender: this.address });
    }
  }

  /**
   * Finishes what a crash, a time-out or a lost node left open ({@link reconcileExecution}: interrupted, settled,
   * nonce consumed, broadcast again or cancelled as the operator asked). The list is a snapshot: what this process is
   * running when the pass starts is left alone (a `preparing` one is not interrupted, and settling one twice would
   * commit its reservation twice), and every other record is read again, claimed, and changed only by a
   * compare-and-set on what was just read — a pass that took its list before a swap was broadcast acts on the swap
   * as it is now, never on the stale row. A call while a pass runs joins that pass. Returns the records it changed.
   *
   * @example
   * ```ts
   * setInterval(() => gateway.reconcile(), 30_000);
   * ```
   */
  reconcile(): Promise<ExecutionRecord[]> {
    this.#reconciling ??= reconcilePass(this.#ctx, this.#inFlight).finally(() => {
      this.#reconciling = undefined;
    });
    return this.#reconciling;
  }

  /**
   * Clears the nonce of a stuck execution at the operator's request ({@link sendCancel}: a 0-value transfer to the
   * wallet itself with the execution's nonce, paying more than every transaction of it, within the fee budget held) —
   * the one thing sent while the kill switch is engaged. Whichever transaction is mined settles the execution: the
   * action (`confirmed`/`reverted`) or the cancel (`cancelled`, only its fee committed). Returns the record with the
   * cancel; throws {@link CancelError}.
   *
   * @example
   * ```ts
   * const record = await gateway.cancel({ id: executionId, by: 'operator-key' });
   * ```
   */
  async cancel({ id, by }: CancelExecutionParameters): Promise<ExecutionRecord> {
    const ctx = this.#ctx;
    return sendCancel(ctx, await requestCancel({ executions: ctx.store, id, by, at: ctx.clock() }));
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
  processCancelRequests(): Promise<ExecutionRecord[]> {
    return sendRequestedCancels(this.#ctx);
  }
}
