import type { Governor } from '@org/governor';
import type { Address, ChainInfo } from '../chains/chains.js';
import type { RpcSender } from '../multicall/aggregate3.js';
import type { ActionTable } from './actions/ActionModule.js';
import type { SafetyVerdictInput } from './checkAcquiredTokens.js';
import type { Refusal } from './checkPolicy.js';
import type { SimulatedCall } from './effects/EffectsSimulator.js';
import type { SimulatedEffects } from './effects/SimulatedEffects.js';
import type { OutstandingApprovalStore } from './store/OutstandingApprovalStore.js';
import type {
  ConfirmationRecord,
  ConfirmationStore,
  ConfirmMode,
  ExecutionRecord,
  ExecutionStore,
  FeeQuote,
  Hex,
  NonceManager,
} from './types.js';

// The public types of the execution gateway (its ports, settings, parameters, events and answers), apart from the
// class so a reader of ExecutionGateway.ts sees the pipeline.

/** A mined transaction, as the gateway reads it. */
export interface GatewayReceipt {
  readonly transactionHash: Hex;
  readonly status: 0 | 1;
  readonly blockNumber: number;
  /** The hash of the block it was mined in (absent when a custom step does not say: the record then keeps null). */
  readonly blockHash?: Hex;
  readonly gasUsed: bigint;
  readonly effectiveGasPrice: bigint;
  readonly logs: readonly {
    readonly address: Address;
    readonly topics: readonly Hex[];
    readonly data: Hex;
  }[];
}

/**
 * What the simulate step answers: the gas limit to sign with and the simulated effects of the exact transaction
 * (`null` only when the steps were built "models only" and the node offers no effects simulation), or why not —
 * a revert (`code` absent: `SIMULATION_REVERTED`) or `EFFECTS_SIMULATION_UNSUPPORTED`.
 */
export type SimulateStepResult =
  | { readonly ok: true; readonly gasLimit: bigint; readonly effects: SimulatedEffects | null }
  | {
      readonly ok: false;
      readonly reason: string;
      readonly code?: 'SIMULATION_REVERTED' | 'EFFECTS_SIMULATION_UNSUPPORTED';
    };

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
    /** Calls of the wallet simulated first, in the same block (the approval an action needs before it). */
    prelude?: readonly SimulatedCall[];
  }): Promise<SimulateStepResult>;
  priceInNative(p: {
    provider: RpcSender;
    chain: ChainInfo;
    amounts: readonly { token: Address; amount: bigint }[];
    /**
     * Amounts valued in the same round (same requests, same block) but left out of `totalWei` and `reason` — the
     * value step prices a swap's acquired minimums here, so the effects' valuation needs no second pricing round.
     */
    alsoValue?: readonly { token: Address; amount: bigint }[];
  }): Promise<{
    totalWei: bigint | null;
    reason: string | null;
    /** The value of each `alsoValue` amount, in its order (`null` = unpriceable); absent when not computed. */
    alsoValued?: readonly (bigint | null)[];
  }>;
  waitForReceipt(p: {
    provider: RpcSender;
    chainId: number;
    hashes: readonly Hex[];
    timeoutMs: number;
  }): Promise<GatewayReceipt | null>;
  /**
   * One strict receipt lookup: `null` only when the node says the hash is not mined; throws when the node errs or
   * times out. The reconciler decides on it (a `null` from {@link GatewaySteps.waitForReceipt} proves nothing).
   */
  fetchReceipt(p: { provider: RpcSender; chainId: number; hash: Hex }): Promise<GatewayReceipt | null>;
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
  /** Which actions wait for an operator's approval (default `off`); needs `confirmations` unless off. */
  readonly confirmMode: ConfirmMode;
  /** How long a held action waits before it is denied as expired (default 10 minutes). */
  readonly confirmTtlMs: number;
  /**
   * `NONCE_CONSUMED` (another transaction took the nonce: the reservation is released) is decided only when the
   * absence of every receipt of ours is seen twice, at least this many blocks apart (default 3).
   */
  readonly nonceConsumedAfterBlocks: number;
  /**
   * At most this many unmined transactions per (chain, wallet) (default 16: nodes keep 16 pending per account; geth
   * guarantees 16 slots, reth-based builders reject the 17th). Signed or pending executions of the store count.
   */
  readonly maxPendingPerSender: number;
  /** How long an execution beyond the window waits for a slot before it is refused `SENDER_WINDOW_FULL` (30 s). */
  readonly senderWindowWaitMs: number;
  /**
   * The most of the value charged a swap's simulated output may fall short of, valued by the pricing rules, in basis
   * points (default 500 = 5%: slippage, pool fees and price impact); beyond it → `EFFECT_VALUE_LOSS`.
   */
  readonly maxValueLossBps: number;
  /**
   * How old (since its last write, epoch ms) a `preparing` execution that this process is not running must be before
   * the reconciler marks it `INTERRUPTED` and releases its reservation (default 0: at once — right when one process
   * owns the store). With several processes on one store, set it above the longest preparation (RPC reads, the sender
   * window's wait): another process's execution still being prepared is then left alone.
   */
  readonly interruptPreparingAfterMs: number;
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
  /** Held actions (required when `settings.confirmMode` is not off). */
  readonly confirmations?: ConfirmationStore;
  /**
   * The outstanding approvals: every prerequisite approval the gateway sends is entered here before it is signed
   * (required to run an intent with `prerequisiteApproval`: without it such an intent is refused
   * `PREREQUISITE_APPROVAL_INVALID`), and a reset to zero of one of its rows may pass the kill switch
   * (`ExecuteOptions.resetsOutstandingApproval`).
   */
  readonly approvals?: OutstandingApprovalStore;
  /**
   * Turns a mined receipt into the record's `result` (e.g. amounts received from Transfer logs) whenever the
   * execution settles — also when an approval or the reconciler settles it. `ExecuteOptions.describeResult` wins.
   */
  readonly describeResult?: (p: {
    record: ExecutionRecord;
    receipt: GatewayReceipt;
  }) => Record<string, unknown>;
  readonly nonces: NonceManager;
  readonly steps: GatewaySteps;
  /**
   * The action modules the policy step checks intents with (default `defaultActionModules`). Adding an action
   * (`deposit`, `bridge`) is one more module in this table; an action without a module is refused.
   */
  readonly actions?: ActionTable;
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
      readonly type: 'held';
      readonly executionId: string;
      readonly confirmationId: string;
      readonly reason: string;
      readonly expiresAt: number;
    }
  | {
      readonly type: 'confirmation';
      readonly executionId: string;
      readonly confirmationId: string;
      readonly decision: 'approved' | 'denied' | 'expired';
      readonly by: string;
    }
  | {
      readonly type: 'settled';
      readonly executionId: string;
      readonly status: string;
      readonly feeWei: bigint | null;
    }
  | {
      /**
       * A stuck transaction was NOT replaced: the fee the network asks is above the fee budget held for the
       * execution, and the governor refused to hold more (`code`: its decision code). The transaction stays pending
       * as it is; the record says so (`REPLACEMENT_REFUSED`).
       */
      readonly type: 'replacement-refused';
      readonly executionId: string;
      readonly code: string;
      readonly reason: string;
    }
  | {
      /**
       * The chain refused the nonce handed out for this execution because another transaction of the same key (not
       * sent by this service) holds it; the nonce moved to `next`, above the chain's counts read then
       * (`chainPending` includes the mempool, `chainLatest` mined only), and the execution is signed again there.
       */
      readonly type: 'nonce-resynced';
      readonly executionId: string;
      readonly chainId: number;
      readonly refused: number;
      readonly chainPending: number;
      readonly chainLatest: number;
      readonly next: number;
      /** The chain had used nonces this service never handed out for the wallet: something else signs with the key. */
      readonly chainAhead: boolean;
    }
  | {
      /**
       * A nonce whose transaction will never be mined (the node refused it for good after signing, or its execution
       * was interrupted before it was recorded) is filled: a 0-value transfer of the wallet to itself was signed at
       * it (durable nonce manager), so the wallet's sequence keeps no hole. Its fee is the network's, not reserved.
       */
      readonly type: 'nonce-filled';
      readonly executionId: string | null;
      readonly chainId: number;
      readonly nonce: number;
      readonly hash: Hex;
    }
  | {
      /**
       * The chain's pending count for the wallet is above every nonce the durable nonce rows handed out: something
       * other than this service signs with the key (an alert; the rows moved up to the chain's count).
       */
      readonly type: 'nonce-chain-ahead';
      readonly chainId: number;
      readonly latest: number;
    }
  | {
      /**
       * The block where this settled execution's transaction was mined was reorganized away: the execution is
       * `pending` again (`REORGED`) and its signed transactions were handed to the node again.
       */
      readonly type: 'reorged';
      readonly executionId: string;
      readonly blockNumber: number;
      /** The block hash stored when it settled (null on a record settled before hashes were stored). */
      readonly blockHash: Hex | null;
      readonly hash: Hex;
    }
  | {
      /**
       * A block where settled executions were mined has another hash on the chain now (`hash-mismatch`: a reorg):
       * their receipts were read again ({@link ExecutionRecord.blockHash}); `reorged` names those no longer mined,
       * back to `pending` (each also a `reorged` event), the others were found re-included and corrected.
       * `storedHash` is what the records kept, `chainHash` what the node answers now (null: no such block).
       */
      readonly type: 'chain-reorg';
      readonly chainId: number;
      readonly reason: 'hash-mismatch';
      readonly blockNumber: number;
      readonly storedHash: Hex;
      readonly chainHash: Hex | null;
      readonly head: number;
      readonly executionIds: readonly string[];
      readonly reorged: readonly string[];
    }
  | {
      /** An operator's same-nonce cancel was signed and handed to the node. */
      readonly type: 'cancel';
      readonly executionId: string;
      readonly hash: Hex;
      readonly nonce: number;
      readonly by: string;
    };

/** Options of {@link ExecutionGateway.execute}. */
export interface ExecuteOptions {
  readonly idempotencyKey?: string;
  /**
   * The id of the outstanding approval (a row of `approvals`) this intent resets to zero. When the intent is exactly
   * `approve(row.spender, 0)` on the row's token, from the wallet, and the row is still outstanding
   * (`isOwnApprovalReset`), it passes the kill switch — the one exemption besides the operator's cancel (with the
   * kill switch engaged it is signed without a reservation: the governor takes none then). Any other intent ignores
   * this option.
   */
  readonly resetsOutstandingApproval?: string;
  /** Turns the receipt into the record's `result` (e.g. amounts received from Transfer logs). */
  readonly describeResult?: (receipt: GatewayReceipt) => Record<string, unknown>;
}

/** What {@link ExecutionGateway.assess} answers: the refusal execute would give before simulating, and the value. */
export interface AssessReturnType {
  readonly refusal: Refusal | null;
  /** Native value + tokens spent, priced on chain (wei); null when unpriceable. */
  readonly valueWei: bigint | null;
}

/** What {@link ExecutionGateway.execute} answers: the execution record as it stands, and the receipt if mined. */
export interface ExecuteReturnType {
  readonly record: ExecutionRecord;
  readonly receipt: GatewayReceipt | null;
  /** The held action, when the execution waits for an operator (`record.status === 'awaiting_confirmation'`). */
  readonly confirmation?: ConfirmationRecord;
  /** The execution of the intent's `prerequisiteApproval`, when this run sent it (or tried to). */
  readonly prerequisite?: ExecutionRecord;
}

/** Parameters of {@link ExecutionGateway.cancel}. */
export interface CancelExecutionParameters {
  readonly id: string;
  /** Who asks (`operator-key`, `cli`…), for the audit trail. */
  readonly by: string;
}

/** Parameters of {@link ExecutionGateway.approve}. */
export interface ApproveHeldParameters {
  readonly id: string;
  /** Who decided (for the audit trail): `operator-key`, `cli`… */
  readonly by: string;
  /**
   * For an action held because its value was unknown: the most (ETH-equivalent wei, gas not counted) the governor
   * may charge for it. Ignored when the value was known (the approval is bound to that value).
   */
  readonly valueWei?: bigint;
  readonly note?: string;
}
