/**
 * Types of the execution gateway: the one path by which anything is signed and broadcast. Everything here is
 * plain data (bigint for amounts, numbers for epoch milliseconds) so stores can persist it without ethers.
 */

import type { Address } from '../chains/chains.js';
import type { NonceOutboxRow } from './nonces/NonceStore.js';
import type { OutboxDecision, RecoverNonceOutboxReturnType } from './nonces/recoverNonceOutbox.js';
/** 0x-prefixed hex data. */
export type Hex = `0x${string}`;

/**
 * What an intent does. Each kind's rules (target allowlist, calldata decoder, what it spends and acquires) are one
 * module of the gateway's action table (`ActionModule`, `defaultActionModules`): `swap`, `dca-fill` (a recurring
 * buy's fill, checked as a swap), `approve`, `revoke` (lowers an allowance to 0 or clears an operator approval: any
 * token, any spender, but only exactly `approve(spender, 0)` / `setApprovalForAll(operator, false)`), `wrap`,
 * `unwrap`. `deposit` (ERC-4626 vaults) and `bridge` have no built-in module: they are refused until a table with
 * their module is given to the gateway.
 */
export type ExecutionAction =
  | 'swap'
  | 'approve'
  | 'wrap'
  | 'unwrap'
  | 'revoke'
  | 'dca-fill'
  | 'deposit'
  | 'bridge';

/** A token amount in base units. */
export interface TokenAmount {
  readonly token: Address;
  readonly amount: bigint;
  readonly symbol?: string;
  readonly decimals?: number;
}

/**
 * A typed intent: what the caller wants done. `data` is always built by our own code (never taken from an HTTP
 * request); `spends` are ERC-20 amounts that leave the wallet (maximum), `acquires` what the wallet receives
 * (minimum). The gateway prices `value + spends` on chain, checks the safety of every `acquires` token, and only
 * then reserves, simulates, signs and broadcasts.
 */
export interface ExecutionIntent {
  readonly chainId: number;
  readonly action: ExecutionAction;
  /** The contract called (a router for swaps, the token for approvals and revokes). */
  readonly to: Address;
  readonly data: Hex;
  /** Native value sent with the call, in wei. */
  readonly value: bigint;
  readonly spends: readonly TokenAmount[];
  readonly acquires: readonly TokenAmount[];
  /**
   * For `approve`: the spender the calldata approves (must be on the chain's allowlist). For `revoke`: the spender or
   * operator whose approval the calldata clears. The policy checks the calldata names exactly this address.
   */
  readonly spender?: Address;
  /**
   * For `bridge`: what the transfer must deliver on the other chain (the bridge module checks the decoded calldata
   * against it). Absent on every other action.
   */
  readonly bridge?: BridgeIntent;
  /**
   * What the wallet must receive at least that is not priced or safety-checked as an acquired token — a deposit's
   * vault shares (`minShares`). Checked only against the simulated effects of the exact transaction
   * (`EFFECT_SHORTFALL`), like `acquires`.
   */
  readonly minimumReceived?: readonly TokenAmount[];
  /**
   * The exact ERC-20 approval this action needs first (a bridge's, a deposit's): never sent on its own. The gateway
   * simulates it together with the action, holds it with the action when the confirmation rule holds the action, and
   * sends it — through the pipeline, as an outstanding approval — only when the action is about to be signed (after
   * its caps are reserved; after the operator approved it when it was held). A held action that is denied or expires
   * leaves nothing approved on chain. It must approve exactly what the action spends of that token.
   */
  readonly prerequisiteApproval?: PrerequisiteApproval;
  /** Highest acceptable sell tax of an acquired token, in basis points (default 1000 = 10%). */
  readonly maxSellTaxBps?: number;
  /** Highest acceptable buy tax of an acquired token, in basis points (default 1000 = 10%). */
  readonly maxBuyTaxBps?: number;
  /** One line for humans: records, logs, confirmations. */
  readonly description: string;
}

/** The exact ERC-20 approval an action needs before it (`ExecutionIntent.prerequisiteApproval`). */
export interface PrerequisiteApproval {
  /** The ERC-20 approved (one the action spends). */
  readonly token: Address;
  /** Who may spend it (the bridge's spender, the vault): an allowlisted spender, as for every approval. */
  readonly spender: Address;
  /** Base units approved: exactly what the action spends of `token`. */
  readonly amount: bigint;
  /** The token's symbol, for the approval's description. */
  readonly symbol?: string;
  /** The token's decimals, for the approval's record. */
  readonly decimals?: number;
}

/**
 * The destination side of a `bridge` intent: the chain and asset the transfer must deliver to the wallet. Tokens on
 * another chain are not `acquires` (the safety gate reads the source chain): the caller checks the destination
 * token's safety before building the intent.
 */
export interface BridgeIntent {
  /** The destination chain id (not the intent's own). */
  readonly toChainId: number;
  /** The asset delivered on the destination chain (`0x000…000` for its native coin). */
  readonly toToken: Address;
  /** The least the transfer may promise to deliver (base units of `toToken`), when the calldata names an amount. */
  readonly minAmountOut?: bigint;
  /**
   * The slippage the caller accepted, basis points. A bridge whose calldata names neither the asset nor the amount
   * delivered (cBridge) is allowed only with it, within it (its own `maxSlippage`), and with `sameAsset`.
   */
  readonly maxSlippageBps?: number;
  /** True when `toToken` is the same asset as the one sent (the caller's own token lists say so). */
  readonly sameAsset?: boolean;
  /**
   * What the caller needs to follow the transfer after a restart (the quote, the tool, the spender to reset…): JSON,
   * stored with the record's intent before anything is signed, never checked by the gateway.
   */
  readonly follow?: Readonly<Record<string, string | number | null>>;
}

/** Where an execution is in its life. */
export type ExecutionStatus =
  /**
   * Accepted and being checked (policy, simulation, value, safety, reservation); nothing signed yet. A record
   * still `preparing` after a crash never reached the chain: the reconciler releases its reservation.
   */
  | 'preparing'
  /** Refused before anything was signed (policy, value, safety, governor, simulation, fee ceiling). Final. */
  | 'blocked'
  /** Signed and persisted with its nonce and hash; broadcast in progress (or interrupted by a crash). */
  | 'signed'
  /** Broadcast; not yet known to be mined (receipt time-out, node lost). The reconciler finishes it. */
  | 'pending'
  /** Mined with status 1. Final. */
  | 'confirmed'
  /** Mined with status 0: the fee was spent, the action failed. Final; never reported as success. */
  | 'reverted'
  /** Nothing reached the chain (the send failed before the node accepted it). Final. */
  | 'failed'
  /**
   * Held for an operator's approval (`CONFIRM_MODE`): checked and simulated, nothing reserved, nothing signed. An
   * approval runs it on (fresh checks); a denial or the expiry blocks it.
   */
  | 'awaiting_confirmation'
  /**
   * The operator's same-nonce cancel (a 0-value transfer to the wallet itself, at a higher fee) was mined instead of
   * the action: the action did not happen; the cancel's fee was spent (and committed). Final.
   */
  | 'cancelled';

/** One signed transaction of an execution (a replacement adds another with the same nonce). */
export interface BroadcastTransaction {
  readonly hash: Hex;
  /** The signed raw transaction (public once broadcast; kept so a crash before broadcast can be re-sent). */
  readonly raw: Hex;
  readonly nonce: number;
  readonly gasLimit: bigint;
  /** EIP-1559 fees, or `gasPrice` (as `maxFeePerGas`, with `maxPriorityFeePerGas` null) on legacy chains. */
  readonly maxFeePerGas: bigint;
  readonly maxPriorityFeePerGas: bigint | null;
  readonly signedAt: number;
}

/**
 * The persisted history of one attempt (no secret in it). Every change after insertion is a compare-and-set on the
 * `status` and `version` it was read with ({@link ExecutionStore.update}), so two writers working from the same read
 * cannot both win.
 */
export interface ExecutionRecord {
  readonly id: string;
  /** Bumped by every write after insertion (0 when inserted): the compare-and-set token. */
  readonly version: number;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly chainId: number;
  readonly action: ExecutionAction;
  readonly from: Address;
  readonly to: Address;
  /** JSON-friendly intent summary (amounts as base-unit decimal strings). */
  readonly intent: ExecutionIntentSummary;
  readonly status: ExecutionStatus;
  /** Refusal or failure code (`VALUE_UNKNOWN`, `TOKEN_UNSAFE`, `DAILY_LIMIT_EXCEEDED`, `TX_REVERTED`…), else null. */
  readonly code: string | null;
  readonly reason: string | null;
  /**
   * ETH-equivalent wei the governor holds for it (value + the fee budget, including any top-up before a
   * replacement), null when unknown.
   */
  readonly valueWei: bigint | null;
  /**
   * The part of `valueWei` held for fees: every transaction signed for the execution fits in it (gas limit × max fee
   * per gas ≤ this), so the fee actually paid never exceeds it. Null before the reservation (and on records written
   * before this field existed).
   */
  readonly feeReservedWei: bigint | null;
  readonly reservationId: string | null;
  readonly nonce: number | null;
  /** Every transaction broadcast for this execution, oldest first. */
  readonly transactions: readonly BroadcastTransaction[];
  /** The hash that was mined (one of `transactions`), once known. */
  readonly minedHash: Hex | null;
  readonly blockNumber: number | null;
  /**
   * The hash of block `blockNumber` when the receipt was read, once mined (null before, and on records settled before
   * this field existed). The reorg follow compares it with the chain's block at that number: a different hash, or a
   * head below it, means the block was reorganized away (or the node lags) and the receipt is read again.
   */
  readonly blockHash: Hex | null;
  /** Fee actually paid (gasUsed × effectiveGasPrice), once mined. */
  readonly feeWei: bigint | null;
  readonly idempotencyKey: string | null;
  /** Free-form JSON result (amounts received from the receipt logs…). */
  readonly result: Record<string, unknown> | null;
  /**
   * The block at which the reconciler first saw our nonce used with no receipt for any of our hashes; `NONCE_CONSUMED`
   * is decided only when a later look, some blocks on, still finds none. Null otherwise.
   */
  readonly nonceGoneSinceBlock: number | null;
  /** When an operator asked for a same-nonce cancel (epoch ms), and who (`operator-key`, `cli`); null otherwise. */
  readonly cancelRequestedAt: number | null;
  readonly cancelRequestedBy: string | null;
}

/** {@link ExecutionIntent} as stored: JSON-friendly. */
export interface ExecutionIntentSummary {
  readonly description: string;
  readonly value: string;
  readonly spends: readonly { token: Address; amount: string; symbol?: string; decimals?: number }[];
  readonly acquires: readonly { token: Address; amount: string; symbol?: string; decimals?: number }[];
  readonly spender?: Address;
  /** For `bridge`: the intent's destination side as JSON (`minAmountOut` a base-unit decimal string). */
  readonly bridge?: {
    readonly toChainId: number;
    readonly toToken: Address;
    readonly minAmountOut?: string;
    readonly follow?: Readonly<Record<string, string | number | null>>;
  };
}

/** Fields of an execution record that may change after insertion. */
export type ExecutionRecordPatch = Partial<
  Pick<
    ExecutionRecord,
    | 'status'
    | 'code'
    | 'reason'
    | 'valueWei'
    | 'reservationId'
    | 'nonce'
    | 'minedHash'
    | 'blockNumber'
    | 'blockHash'
    | 'feeWei'
    | 'result'
    | 'feeReservedWei'
    | 'nonceGoneSinceBlock'
    | 'cancelRequestedAt'
    | 'cancelRequestedBy'
  >
>;

/** The state a writer read a record in: a write applies only while the record is still exactly there. */
export interface ExpectedExecutionState {
  readonly status: ExecutionStatus;
  readonly version: number;
}

/** Parameters of {@link ExecutionStore.update}. */
export interface UpdateExecutionParameters {
  readonly id: string;
  /** The status and version the record was read with. */
  readonly expected: ExpectedExecutionState;
  readonly patch: ExecutionRecordPatch;
  /** The new `updatedAt` (epoch ms). */
  readonly at: number;
}

/** Parameters of {@link ExecutionStore.addTransaction}. */
export interface AddTransactionParameters {
  readonly id: string;
  /** The status and version the record was read with. */
  readonly expected: ExpectedExecutionState;
  readonly transaction: BroadcastTransaction;
  /** The new `updatedAt` (epoch ms). */
  readonly at: number;
}

/** Parameters of {@link ExecutionStore.list}. */
export interface ListExecutionsParameters {
  /** 1–100. */
  readonly limit: number;
  readonly status?: ExecutionStatus;
  /** Opaque cursor from a previous page. */
  readonly cursor?: string;
}

/** A page of executions, newest first. */
export interface ExecutionPage {
  readonly items: readonly ExecutionRecord[];
  readonly nextCursor: string | null;
}

/**
 * Persistence of execution records. Every write is durable before its promise resolves. Implementations: memory
 * and SQLite (`@org/chain-evm/sqlite`; follows the project's connection rule — never joins a transaction it did not
 * open).
 */
export interface ExecutionStore {
  /** Inserts a new record; a duplicate id rejects. */
  insert(record: ExecutionRecord): Promise<void>;
  /**
   * Compare-and-set: applies `patch` (with `updatedAt = at`, `version + 1`) only if the record is still in
   * `expected` (status and version); otherwise changes nothing and resolves `null` (another writer moved it: re-read
   * and decide again). Unknown id rejects with `EXECUTION_NOT_FOUND`.
   */
  update(parameters: UpdateExecutionParameters): Promise<ExecutionRecord | null>;
  /**
   * Compare-and-set: appends a signed transaction (and sets `nonce`, status `signed`, `version + 1`) atomically —
   * written BEFORE broadcast — only if the record is still in `expected`; `null` when it moved (nothing written:
   * the transaction must not be broadcast). A settled execution or a repeated hash rejects.
   */
  addTransaction(parameters: AddTransactionParameters): Promise<ExecutionRecord | null>;
  get(id: string): Promise<ExecutionRecord | null>;
  list(parameters: ListExecutionsParameters): Promise<ExecutionPage>;
  /**
   * Records in status `preparing`, `signed` or `pending`, oldest first: what the reconciler must finish (a snapshot:
   * re-read a record before acting on it).
   */
  listUnsettled(): Promise<readonly ExecutionRecord[]>;
}

/** State of an idempotency key. */
export type IdempotencyState =
  | { readonly state: 'claimed' }
  | { readonly state: 'in_progress'; readonly requestHash: string }
  | { readonly state: 'done'; readonly requestHash: string; readonly response: IdempotentResponse };

/** What a finished idempotent request answered. */
export interface IdempotentResponse {
  readonly status: number;
  readonly body: unknown;
}

/**
 * Idempotency keys of executing requests. `claim` is atomic: exactly one of several concurrent claims of the same
 * key gets `claimed`. A key stays `in_progress` until `complete`; it is never released by a crash (a request that
 * may have broadcast must not run again).
 */
export interface IdempotencyStore {
  claim(parameters: { key: string; requestHash: string; at: number }): Promise<IdempotencyState>;
  complete(parameters: { key: string; response: IdempotentResponse; at: number }): Promise<void>;
  /** Forget a key whose request provably did nothing (validation failure before any side effect). */
  abandon(parameters: { key: string }): Promise<void>;
}

/**
 * What a {@link NonceManager} saw when the chain refused a nonce it handed out (`nonce too low`, `replacement
 * transaction underpriced`: another transaction, not ours, holds it): the nonce refused, the chain's counts read
 * right after (`pending` includes the mempool, `latest` only mined transactions) and the nonce it moves on to.
 * `chainAhead` is true when the chain's counts were above every nonce this service had handed out for the wallet:
 * something else signs with the key (an alert, not only a resync).
 */
export interface NonceResync {
  readonly refused: number;
  readonly pending: number;
  readonly latest: number;
  readonly next: number;
  readonly chainAhead: boolean;
}

/** What a nonce manager keeps of a signed transaction: its raw bytes and hash. */
export interface SignedNonceTransaction {
  readonly raw: Hex;
  readonly hash: Hex;
}

/** Parameters of {@link NonceManager.withNonce}. */
export interface WithNonceParameters<S extends SignedNonceTransaction, T> {
  readonly chainId: number;
  readonly address: Address;
  /** The execution the transaction belongs to (kept beside the signed bytes by a durable manager). */
  readonly executionId?: string;
  /**
   * Signs at the nonce handed out. Throwing abandons the allocation: nothing is kept and the nonce is not consumed.
   * A durable manager may call it more than once (a signature made for a nonce another instance took first is
   * dropped unpublished); only the last one is ever sent.
   */
  readonly sign: (nonce: number) => Promise<S>;
  /** Records and broadcasts what `sign` returned; called once the signed bytes are kept (durable managers). */
  readonly send: (signed: S, nonce: number) => Promise<T>;
  /**
   * Signs a 0-value transfer of the wallet to itself at `nonce`: a durable manager never gives a nonce back, so a
   * transaction the node refused for good after signing is replaced by this one (the sequence keeps no hole).
   */
  readonly fill?: (nonce: number) => Promise<SignedNonceTransaction>;
  /** Called before `sign` is called again at a higher nonce because the one handed out was taken. */
  readonly onResync?: (resync: NonceResync) => void | Promise<void>;
}

/**
 * Hands out nonces for one signing address, safe under concurrent requests: `sign` runs with a nonce nobody else
 * holds, then `send`. When `send` resolves the nonce is used. When the chain says the nonce is taken by another
 * sender of the same key, the manager reads the chain's counts, moves above them (never down), tells `onResync`,
 * and calls `sign` and `send` again with the new nonce (a bounded number of times). On a refusal that proves the
 * transaction never reached the node's mempool, the per-process manager gives the nonce back; the durable one
 * ({@link createDurableNonceManager}) never does: it fills the nonce with `fill`'s transfer to self.
 */
export interface NonceManager {
  withNonce<S extends SignedNonceTransaction, T>(parameters: WithNonceParameters<S, T>): Promise<T>;
  /**
   * Durable managers only: one recovery pass of the wallet's outbox on a chain — the stored bytes of what is recorded
   * as sent handed to the node again, a nonce whose transaction will never be sent filled by `fill`
   * ({@link recoverNonceOutbox}). The reconciler runs it.
   */
  recover?(parameters: {
    readonly chainId: number;
    readonly address: Address;
    readonly decide: (row: NonceOutboxRow) => Promise<OutboxDecision>;
    readonly fill: (nonce: number) => Promise<SignedNonceTransaction>;
  }): Promise<RecoverNonceOutboxReturnType>;
}

/** Fees for one transaction. */
export type FeeQuote =
  | {
      readonly kind: 'eip1559';
      readonly baseFeePerGas: bigint;
      readonly maxPriorityFeePerGas: bigint;
      readonly maxFeePerGas: bigint;
    }
  | { readonly kind: 'legacy'; readonly gasPrice: bigint };

/**
 * When the gateway holds an action for an operator's approval instead of running it: `off` never; `above` when its
 * value (native + tokens spent, priced; gas not counted) is more than `thresholdWei`; `unknown` when it would be
 * refused only because its value or the safety of what it acquires is unknown; `all` every action that moves value
 * or whose value is unknown (plus the unknown ones). A confirmed honeypot, a veto, a known excessive tax, a revert
 * or the governor's caps are never held: they are refused.
 */
export type ConfirmMode =
  | { readonly kind: 'off' }
  | { readonly kind: 'above'; readonly thresholdWei: bigint }
  | { readonly kind: 'unknown' }
  | { readonly kind: 'all' };

/** Why an action was held. */
export type HoldReason = 'above-threshold' | 'value-unknown' | 'safety-unknown' | 'all' | 'value-grew';

/**
 * Where a held action is: `pending` (waiting for the operator), `approved` (the operator said yes; the gateway has
 * not picked it up yet — e.g. approved from the CLI while the server was down), `running` (picked up: the execution
 * record carries on), `denied`, `expired`. Only `pending` can be decided; only `approved` can be run.
 */
export type ConfirmationStatus = 'pending' | 'approved' | 'running' | 'denied' | 'expired';

/** A held action: the exact intent it is bound to, what the checks found, and the operator's decision. */
export interface ConfirmationRecord {
  readonly id: string;
  readonly executionId: string;
  readonly createdAt: number;
  readonly updatedAt: number;
  /** After this (epoch ms) a pending confirmation is denied automatically. */
  readonly expiresAt: number;
  readonly status: ConfirmationStatus;
  readonly reason: HoldReason;
  /** One line for humans: why it was held. */
  readonly detail: string;
  /** The exact intent; an approval runs exactly this (calldata included) and nothing else. */
  readonly intent: ExecutionIntent;
  /** Value priced when held (wei, gas not counted); null when unknown. */
  readonly valueWei: bigint | null;
  /** Gas limit of the simulation when held. */
  readonly gasLimit: bigint | null;
  /** Safety of each acquired token when held. */
  readonly safety: readonly {
    readonly token: Address;
    readonly isHoneypot: boolean | null;
    /** Percent; null when unknown (also for actions held before buy taxes were recorded). */
    readonly buyTax: number | null;
    readonly sellTax: number | null;
  }[];
  readonly idempotencyKey: string | null;
  /** The most the approved action may be charged (wei, gas not counted): the value held, or the operator's. */
  readonly approvedValueWei: bigint | null;
  readonly decidedAt: number | null;
  /** Who decided (`operator-key`, `cli`, `expiry`). */
  readonly decidedBy: string | null;
  readonly note: string | null;
}

/** Fields set when a confirmation changes status. */
export type ConfirmationPatch = Partial<
  Pick<ConfirmationRecord, 'approvedValueWei' | 'decidedAt' | 'decidedBy' | 'note'>
>;

/**
 * Persistence of held actions. `transition` is the one way a status changes: atomically, and only from one of the
 * given statuses (so two approvals of one confirmation, or an approval racing its expiry, cannot both win).
 */
export interface ConfirmationStore {
  insert(record: ConfirmationRecord): Promise<void>;
  get(id: string): Promise<ConfirmationRecord | null>;
  /** The newest confirmation of an execution, if any. */
  getByExecution(executionId: string): Promise<ConfirmationRecord | null>;
  /** Newest first; `status` filters. */
  list(parameters: {
    readonly limit: number;
    readonly status?: ConfirmationStatus;
    readonly cursor?: string;
  }): Promise<{ readonly items: readonly ConfirmationRecord[]; readonly nextCursor: string | null }>;
  /** `null` when the record is not in one of `from` (nothing changed). */
  transition(parameters: {
    readonly id: string;
    readonly from: readonly ConfirmationStatus[];
    readonly to: ConfirmationStatus;
    readonly patch?: ConfirmationPatch;
    readonly at: number;
  }): Promise<ConfirmationRecord | null>;
}
