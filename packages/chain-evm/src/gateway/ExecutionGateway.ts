import type { Governor } from '@org/governor';
import { Transaction, Wallet } from 'ethers';
import type { Address, ChainInfo } from '../chains/chains.js';
import { resolveChain } from '../chains/resolveChain.js';
import type { RpcSender } from '../multicall/aggregate3.js';
import { rpcCall } from '../rpc/rpcCall.js';
import { checkAcquiredTokens, type SafetyVerdictInput } from './checkAcquiredTokens.js';
import { checkPolicy, type Refusal } from './checkPolicy.js';
import { worstCaseFeeWei } from './worstCaseFeeWei.js';
import type {
  BroadcastTransaction,
  ExecutionIntent,
  ExecutionRecord,
  ExecutionStore,
  FeeQuote,
  Hex,
  NonceManager,
} from './types.js';

/** A mined transaction, as the gateway reads it. */
export interface GatewayReceipt {
  readonly transactionHash: Hex;
  readonly status: 0 | 1;
  readonly blockNumber: number;
  readonly gasUsed: bigint;
  readonly effectiveGasPrice: bigint;
  readonly logs: readonly {
    readonly address: Address;
    readonly topics: readonly Hex[];
    readonly data: Hex;
  }[];
}

/**
 * The chain-facing steps of the pipeline. The defaults are the package's own implementations; they are
 * parameters so the pipeline's order and decisions can be unit-tested on their own.
 */
export interface GatewaySteps {
  estimateFees(p: { provider: RpcSender; chain: ChainInfo }): Promise<FeeQuote>;
  simulate(p: {
    provider: RpcSender;
    chainId: number;
    from: Address;
    to: Address;
    data: Hex;
    value: bigint;
  }): Promise<{ ok: true; gasLimit: bigint } | { ok: false; reason: string }>;
  priceInNative(p: {
    provider: RpcSender;
    chain: ChainInfo;
    amounts: readonly { token: Address; amount: bigint }[];
  }): Promise<{ totalWei: bigint | null; reason: string | null }>;
  waitForReceipt(p: {
    provider: RpcSender;
    chainId: number;
    hashes: readonly Hex[];
    timeoutMs: number;
  }): Promise<GatewayReceipt | null>;
  bumpFees(p: { previous: FeeQuote; current: FeeQuote; ceilingWei: bigint }): FeeQuote | null;
  /** Whether a failed `eth_sendRawTransaction` proves the node did not accept the transaction. */
  isDefinitelyNotSent(error: unknown): boolean;
}

/** Tunables of the gateway (documented defaults). */
export interface GatewaySettings {
  /** How long to wait for a receipt before answering `pending` (default 60 s). */
  readonly receiptTimeoutMs: number;
  /** A transaction not mined after this long is replaced with higher fees, same nonce (default 30 s). */
  readonly replaceAfterMs: number;
  /** At most this many replacements per execution (default 3). */
  readonly maxReplacements: number;
  /** Highest `maxFeePerGas` the gateway ever signs, in wei per gas (default 500 gwei). */
  readonly feeCeilingWei: bigint;
  /** Time-out of each JSON-RPC call (default 8 s). */
  readonly rpcTimeoutMs: number;
}

/** Parameters of {@link ExecutionGateway}. */
export interface ExecutionGatewayParameters {
  /** The wallet's private key. Held inside the gateway; never returned, logged or stored. */
  readonly privateKey: string;
  /** The configured chain registry. */
  readonly chains: readonly ChainInfo[];
  /** A provider for a configured chain, already verified to serve that chain id; throws when not configured. */
  readonly provider: (chainId: number) => Promise<RpcSender>;
  readonly governor: Governor;
  /** Token-safety reports of acquired tokens (`@org/token-safety`'s service). */
  readonly tokenSafety: { getReport(p: { chain: number; address: string }): Promise<SafetyVerdictInput> };
  readonly store: ExecutionStore;
  readonly nonces: NonceManager;
  readonly steps: GatewaySteps;
  readonly settings?: Partial<GatewaySettings>;
  readonly clock?: () => number;
  readonly createId?: () => string;
  /** Audit hook: every decision and settlement (no secret in it). */
  readonly onEvent?: (event: GatewayEvent) => void;
}

/** What the gateway reports to the audit hook. */
export type GatewayEvent =
  | { readonly type: 'blocked'; readonly executionId: string; readonly code: string; readonly reason: string }
  | { readonly type: 'broadcast'; readonly executionId: string; readonly hash: Hex; readonly nonce: number }
  | {
      readonly type: 'settled';
      readonly executionId: string;
      readonly status: string;
      readonly feeWei: bigint | null;
    };

/** Options of {@link ExecutionGateway.execute}. */
export interface ExecuteOptions {
  readonly idempotencyKey?: string;
  /** Turns the receipt into the record's `result` (e.g. amounts received from Transfer logs). */
  readonly describeResult?: (receipt: GatewayReceipt) => Record<string, unknown>;
}

/** What {@link ExecutionGateway.execute} answers: the execution record as it stands, and the receipt if mined. */
export interface ExecuteReturnType {
  readonly record: ExecutionRecord;
  readonly receipt: GatewayReceipt | null;
}

/** The gateway's documented defaults (what `settings` falls back to). */
export const DEFAULT_GATEWAY_SETTINGS: Readonly<GatewaySettings> = Object.freeze({
  receiptTimeoutMs: 60_000,
  replaceAfterMs: 30_000,
  maxReplacements: 3,
  feeCeilingWei: 500_000_000_000n,
  rpcTimeoutMs: 8_000,
});

/**
 * The execution gateway: the ONE place that signs and broadcasts. `execute(intent)` runs the pipeline
 * (ARCHITECTURE §3): policy → fees (base fee above the ceiling blocks) → simulation (revert blocks; gives the gas
 * limit) → value in ETH-equivalent wei (unpriceable blocks) → safety of acquired tokens → governor reservation of
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

  constructor(parameters: ExecutionGatewayParameters) {
    this.#p = parameters;
    this.#wallet = new Wallet(parameters.privateKey);
    this.address = this.#wallet.address as Address;
    this.#settings = { ...DEFAULT_GATEWAY_SETTINGS, ...parameters.settings };
    this.#clock = parameters.clock ?? Date.now;
    this.#createId = parameters.createId ?? (() => globalThis.crypto.randomUUID());
  }

  /** Runs one intent through the pipeline. Refusals are values (`record.status === 'blocked'`, `record.code`). */
  async execute(intent: ExecutionIntent, options: ExecuteOptions = {}): Promise<ExecuteReturnType> {
    const chain = resolveChain({ chain: intent.chainId, registry: this.#p.chains });
    const id = this.#createId();
    const record = await this.#insert(id, intent, options.idempotencyKey ?? null);

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

    // 3. Simulation of the exact transaction (revert → blocked, nothing reserved, nothing signed).
    const simulation = await this.#p.steps.simulate({
      provider,
      chainId: chain.id,
      from: this.address,
      to: intent.to,
      data: intent.data,
      value: intent.value,
    });
    if (!simulation.ok)
      return this.#block(record, { code: 'SIMULATION_REVERTED', reason: simulation.reason });

    // 4. Value in ETH-equivalent wei: native value + tokens spent, priced on chain; unpriceable → blocked.
    const priced = await this.#p.steps.priceInNative({ provider, chain, amounts: intent.spends });
    if (priced.totalWei === null) {
      return this.#block(record, {
        code: 'VALUE_UNKNOWN',
        reason: priced.reason ?? 'a token spent cannot be priced',
      });
    }
    const value = intent.value + priced.totalWei;
    // Worst case: every allowed replacement at +12.5%, never above the ceiling.
    const reserveWei =
      value + this.#worstFee({ gasLimit: simulation.gasLimit, maxFeePerGas: maxFeeOf(fees) });

    // 5. Safety of every token acquired.
    if (intent.acquires.length > 0) {
      const reports = await Promise.all(
        intent.acquires.map((t) => this.#p.tokenSafety.getReport({ chain: chain.id, address: t.token })),
      );
      const unsafe = checkAcquiredTokens({
        reports,
        ...(intent.maxSellTaxBps === undefined ? {} : { maxSellTaxBps: intent.maxSellTaxBps }),
      });
      if (unsafe) return this.#block(record, unsafe, reserveWei);
    }

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
   * Finishes what a crash, a time-out or a lost node left open: `preparing` records (nothing was signed) release
   * their reservation; `signed`/`pending` ones are settled from their hashes, re-broadcast when the node has never
   * seen them, and failed (reservation released) only when their nonce was provably consumed by another
   * transaction. Returns the records it changed.
   */
  async reconcile(): Promise<ExecutionRecord[]> {
    const changed: ExecutionRecord[] = [];
    for (const record of await this.#p.store.listUnsettled()) {
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
    const hashes = record.transactions.map((t) => t.hash);
    const receipt = await this.#p.steps.waitForReceipt({
      provider,
      chainId: record.chainId,
      hashes,
      timeoutMs: 1,
    });
    if (receipt) return this.#settle(record.id, receipt);
    const last = record.transactions.at(-1);
    if (!last) return null;
    const latestNonce = await this.#nonceAt(provider, record.chainId, 'latest');
    if (latestNonce > last.nonce) {
      // Our nonce is used, yet none of our hashes is mined: another transaction took it. Ours can never land.
      // Check once more for a receipt that arrived in between, then release.
      const late = await this.#p.steps.waitForReceipt({
        provider,
        chainId: record.chainId,
        hashes,
        timeoutMs: 1,
      });
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
        ...(describeResult && receipt.status === 1 ? { result: describeResult(receipt) } : {}),
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
