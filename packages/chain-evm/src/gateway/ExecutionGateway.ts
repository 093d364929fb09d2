import { Transaction, Wallet } from 'ethers';
import type { Address, ChainInfo } from '../chains/chains.js';
import { resolveChain } from '../chains/resolveChain.js';
import type { RpcSender } from '../multicall/aggregate3.js';
import { rpcCall } from '../rpc/rpcCall.js';
import { checkAcquiredTokens } from './checkAcquiredTokens.js';
import { checkPolicy, type Refusal } from './checkPolicy.js';
import { checkTaxedBuyRoute } from './checkTaxedBuyRoute.js';
import { approveConfirmation, denyConfirmation, expireConfirmation } from './decideConfirmation.js';
import { decideApprovedRun } from './decideApprovedRun.js';
import { decideHold } from './decideHold.js';
import { ConfirmationError } from '../errors/ConfirmationError.js';
import { worstCaseFeeWei } from './worstCaseFeeWei.js';
import type {
  BroadcastTransaction,
  ConfirmationRecord,
  ConfirmationStore,
  ExecutionIntent,
  ExecutionRecord,
  FeeQuote,
  Hex,
} from './types.js';

import type {
  ApproveHeldParameters,
  AssessReturnType,
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

  constructor(parameters: ExecutionGatewayParameters) {
    this.#p = parameters;
    this.#wallet = new Wallet(parameters.privateKey);
    this.address = this.#wallet.address as Address;
    this.#settings = { ...DEFAULT_GATEWAY_SETTINGS, ...parameters.settings };
    this.#clock = parameters.clock ?? Date.now;
    this.#createId = parameters.createId ?? (() => globalThis.crypto.randomUUID());
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
    } finally {
      this.#inFlight.delete(id);
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

    // 1. Policy.
    const refused = checkPolicy({ intent, chain, wallet: this.address, actions: this.#p.actions });
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
    const reserveWei =
      value + this.#worstFee({ gasLimit: simulation.gasLimit, maxFeePerGas: maxFeeOf(fees) });

    // 6. Governor: atomic reservation of the priced value plus the worst-case fee.
    const decision = await this.#p.governor.reserve({ action: intent.action, value: reserveWei });
    if (!decision.allowed || decision.reservationId === null) {
      return this.#block(record, { code: decision.code, reason: decision.reason }, reserveWei);
    }
    const reservationId = decision.reservationId;
    let current = await this.#p.store.update(id, { valueWei: reserveWei, reservationId }, this.#clock());

    // 7. Kill switch re-checked immediately before signing.
    if ((await this.#p.governor.status()).killSwitch) {
      await this.#p.governor.release({ id: reservationId });
      return this.#block(current, {
        code: 'KILL_SWITCH_ENGAGED',
        reason: 'the kill switch was engaged before signing',
      });
    }

    // 8. Sign (nonce manager), persist, broadcast.
    let sent: BroadcastTransaction;
    try {
      sent = await this.#p.nonces.withNonce({
        chainId: chain.id,
        address: this.address,
        send: async (nonce) => {
          const tx = await this.#sign(intent, chain, nonce, simulation.gasLimit, fees);
          current = await this.#p.store.addTransaction(id, tx, this.#clock());
          await this.#broadcast(provider, chain.id, tx.raw);
          return tx;
        },
      });
    } catch (error) {
      return this.#sendFailed(current, reservationId, error);
    }
    current = await this.#p.store.update(id, { status: 'pending' }, this.#clock());
    this.#p.onEvent?.({ type: 'broadcast', executionId: id, hash: sent.hash, nonce: sent.nonce });

    // 9. Receipt (with replacement), then settlement.
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
    const refused = checkPolicy({ intent, chain, wallet: this.address, actions: this.#p.actions });
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
      buyTax: r.tax.buyTax,
      sellTax: r.tax.sellTax,
    }));
    const acquired =
      reports.length === 0
        ? null
        : checkAcquiredTokens({
            reports,
            ...(intent.maxSellTaxBps === undefined ? {} : { maxSellTaxBps: intent.maxSellTaxBps }),
            ...(intent.maxBuyTaxBps === undefined ? {} : { maxBuyTaxBps: intent.maxBuyTaxBps }),
          });
    // A taxed buy on a route that checks the pool's output, not the wallet's, is a harm like an excessive tax.
    const unsafe =
      acquired !== null && acquired.code !== 'TOKEN_SAFETY_UNKNOWN'
        ? acquired
        : (checkTaxedBuyRoute({ intent, chain, reports }) ?? acquired);
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
      const resumed = await this.#p.store.update(
        record.id,
        { status: 'preparing', code: null, reason: null },
        this.#clock(),
      );
      return await this.#run(resumed, chain, running.intent, {}, running);
    } finally {
      this.#inFlight.delete(record.id);
    }
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
    const updated = await this.#p.store.update(
      record.id,
      {
        status: 'awaiting_confirmation',
        code: 'CONFIRMATION_REQUIRED',
        reason: confirmation.detail,
        valueWei: held.valueWei,
      },
      at,
    );
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
   * transaction. Executions this process is still running are left alone (a `preparing` one is not interrupted,
   * and settling one twice would commit its reservation twice); a call while a pass runs joins that pass. Returns
   * the records it changed.
   */
  reconcile(): Promise<ExecutionRecord[]> {
    this.#reconciling ??= this.#reconcileAll().finally(() => {
      this.#reconciling = undefined;
    });
    return this.#reconciling;
  }

  async #reconcileAll(): Promise<ExecutionRecord[]> {
    const changed: ExecutionRecord[] = [];
    for (const record of await this.#p.store.listUnsettled()) {
      if (this.#inFlight.has(record.id)) continue;
      try {
        const next = await this.#reconcileOne(record);
        if (next) changed.push(next);
      } catch {
        // Node still unreachable: leave it for the next round (fail closed: the reservation keeps counting).
      }
    }
    return changed;
  }

  async #reconcileOne(record: ExecutionRecord): Promise<ExecutionRecord | null> {
    if (record.status === 'preparing') {
      // Nothing was signed (signing writes the transaction and status `signed` atomically, before broadcast).
      if (record.reservationId !== null)
        await this.#p.governor.release({ id: record.reservationId }).catch(() => undefined);
      return this.#p.store.update(
        record.id,
        { status: 'failed', code: 'INTERRUPTED', reason: 'interrupted before signing; nothing was sent' },
        this.#clock(),
      );
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
      // mined in between: look once more, strictly, before concluding another transaction took the nonce.
      const late = await this.#findReceipt(provider, record);
      if (late) return this.#settle(record.id, late);
      if (record.reservationId !== null) await this.#p.governor.release({ id: record.reservationId });
      return this.#p.store.update(
        record.id,
        { status: 'failed', code: 'NONCE_CONSUMED', reason: 'the nonce was used by another transaction' },
        this.#clock(),
      );
    }
    // Not mined and the nonce is free: make sure the node has it (a crash may have come before the broadcast).
    for (const tx of record.transactions)
      await this.#broadcast(provider, record.chainId, tx.raw).catch(() => undefined);
    if (record.status === 'signed')
      return this.#p.store.update(record.id, { status: 'pending' }, this.#clock());
    return null;
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
    };
    await this.#p.store.insert(record);
    return record;
  }

  async #block(record: ExecutionRecord, refusal: Refusal, valueWei?: bigint): Promise<ExecuteReturnType> {
    const updated = await this.#p.store.update(
      record.id,
      {
        status: 'blocked',
        code: refusal.code,
        reason: refusal.reason,
        ...(valueWei === undefined ? {} : { valueWei }),
      },
      this.#clock(),
    );
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
    const signed = (await this.#p.store.get(record.id)) ?? record;
    if (signed.transactions.length === 0 || this.#p.steps.isDefinitelyNotSent(error)) {
      // Nothing reached the node: the reservation can go.
      await this.#p.governor.release({ id: reservationId });
      const updated = await this.#p.store.update(
        record.id,
        { status: 'failed', code: 'SEND_FAILED', reason: shortOf(error) },
        this.#clock(),
      );
      this.#p.onEvent?.({ type: 'settled', executionId: record.id, status: 'failed', feeWei: null });
      return { record: updated, receipt: null };
    }
    // It may have reached the chain: keep counting it; the reconciler finishes it from the hash.
    const updated = await this.#p.store.update(
      record.id,
      { status: 'pending', code: 'BROADCAST_UNCERTAIN', reason: shortOf(error) },
      this.#clock(),
    );
    return { record: updated, receipt: null };
  }

  /** Waits for any of the execution's hashes; replaces a stuck transaction with higher fees, same nonce. */
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
      // Stuck: replace (same nonce, fees raised by at least 12.5%, never above the ceiling).
      const latest = await this.#p.steps.estimateFees({ provider, chain }).catch(() => fees);
      const next = this.#p.steps.bumpFees({
        previous: fees,
        current: latest,
        ceilingWei: this.#settings.feeCeilingWei,
      });
      if (next === null) continue; // at the ceiling: keep waiting for what is out there
      const last = current.transactions.at(-1) as BroadcastTransaction;
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
      current = await this.#p.store.addTransaction(current.id, tx, this.#clock());
      current = await this.#p.store.update(current.id, { status: 'pending' }, this.#clock());
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

  /** Settles an execution from its mined receipt: commit value + fee (success) or the fee only (revert). */
  async #settle(
    id: string,
    receipt: GatewayReceipt,
    describeResult?: (receipt: GatewayReceipt) => Record<string, unknown>,
  ): Promise<ExecutionRecord> {
    const record = (await this.#p.store.get(id)) as ExecutionRecord;
    if (record.status === 'confirmed' || record.status === 'reverted') return record;
    const feeWei = receipt.gasUsed * receipt.effectiveGasPrice;
    const reserved = record.valueWei ?? 0n;
    const spent = receipt.status === 1 ? reserved - this.#reservedFee(record) + feeWei : feeWei;
    if (record.reservationId !== null) {
      // Never more than was reserved (the reservation already counted the worst case).
      await this.#p.governor.commit({ id: record.reservationId, value: min(max(spent, 0n), reserved) });
    }
    const updated = await this.#p.store.update(
      id,
      {
        status: receipt.status === 1 ? 'confirmed' : 'reverted',
        code: receipt.status === 1 ? null : 'TX_REVERTED',
        reason: receipt.status === 1 ? null : 'the transaction was mined and reverted; the fee was spent',
        minedHash: receipt.transactionHash,
        blockNumber: receipt.blockNumber,
        feeWei,
        ...(receipt.status !== 1
          ? {}
          : describeResult
            ? { result: describeResult(receipt) }
            : this.#p.describeResult
              ? { result: this.#p.describeResult({ record, receipt }) }
              : {}),
      },
      this.#clock(),
    );
    this.#p.onEvent?.({ type: 'settled', executionId: id, status: updated.status, feeWei });
    return updated;
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

function maxFeeOf(fees: FeeQuote): bigint {
  return fees.kind === 'eip1559' ? fees.maxFeePerGas : fees.gasPrice;
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
function max(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
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
