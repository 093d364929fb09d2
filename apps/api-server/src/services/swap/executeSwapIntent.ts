import {
  buildApproveTransaction,
  type ConfirmationRecord,
  type ExecutionGateway,
  type ExecutionIntent,
  type ExecutionRecord,
} from '@org/chain-evm';
import { tokenMeta } from './buildSwapIntent.js';
import type { KeyedMutex } from './KeyedMutex.js';
import { readAllowance } from './readAllowance.js';
import type { SwapPair } from './SwapPlanner.js';

/** Parameters of {@link executeSwapIntent}. */
export interface ExecuteSwapIntentParameters {
  readonly gateway: ExecutionGateway;
  readonly pair: SwapPair;
  /** From `buildSwapIntent`. */
  readonly intent: ExecutionIntent;
  /** Exact input, base units of token in (what the approval allows). */
  readonly amountIn: bigint;
  /** Human form of `amountIn`, for the approval's description. */
  readonly amountInText: string;
  /** The swap's `Idempotency-Key` (its execution record carries it). */
  readonly idempotencyKey?: string | undefined;
  /** The approval's key (`<key>:approve`), when the swap has one. */
  readonly approvalKey?: string | undefined;
  /**
   * Token in's allowance to the router if the caller already read it, with `lock.runs(key)` at that time: used only
   * if no other swap of the token through the router ran since (else it is read here, inside the lock).
   */
  readonly allowance?: { readonly value: bigint; readonly runs: number } | undefined;
  /**
   * Serialises the allowance read, the exact approval and the swap per (chain, token in, router, wallet): two swaps
   * of one token at once would overwrite each other's exact approval (`approve` sets, it does not add).
   */
  readonly lock?: KeyedMutex | undefined;
  /**
   * Awaited immediately before each transaction is handed to the gateway (`'approval'`, `'swap'`); a rejection
   * stops there and propagates (nothing more is sent). A DCA fill re-checks its order here.
   */
  readonly beforeSend?: ((what: 'approval' | 'swap') => Promise<void>) | undefined;
  /**
   * The execution already stored under `approvalKey`, if any (a run before a restart sent it): it is not sent
   * again. Confirmed → the swap follows; still open → `ApprovalStillOpenError` (ask again later); refused or failed
   * → answered as this run's approval.
   */
  readonly earlierApproval?: (() => Promise<ExecutionRecord | null>) | undefined;
}

/** The exact approval an earlier run sent under the same key is not settled yet: the swap waits for it. */
export class ApprovalStillOpenError extends Error {
  override name = 'ApprovalStillOpenError';
  readonly code = 'APPROVAL_PENDING';
  readonly shortMessage: string;
  constructor(executionId: string) {
    super(`The exact approval ${executionId} sent earlier under this key is not settled yet.`);
    this.shortMessage = this.message;
  }
}

/** What {@link executeSwapIntent} returns. */
export interface ExecuteSwapIntentReturnType {
  /** The swap's execution; null when the approval did not confirm (the swap was not attempted). */
  readonly record: ExecutionRecord | null;
  /** The exact approval sent first, when the allowance was short. */
  readonly approval: ExecutionRecord | null;
  /** The held action, when the swap or its approval waits for an operator. */
  readonly confirmation?: ConfirmationRecord | undefined;
}

/**
 * Runs a swap intent through the execution gateway: when an ERC-20's allowance to the router is short, an exact
 * approval first — itself a gateway execution, sent only for a swap the gateway would not refuse on its value or
 * on what it acquires (otherwise the swap is executed as is and the gateway records its refusal; nothing is sent)
 * — then the swap. An approval that does not confirm stops there (`record: null`). With a `lock`, all of it runs
 * one at a time per (chain, token in, router, wallet).
 *
 * @example
 * ```ts
 * const { record, approval } = await executeSwapIntent({ gateway, pair, intent, amountIn, amountInText: '10', idempotencyKey });
 * ```
 */
export async function executeSwapIntent(
  parameters: ExecuteSwapIntentParameters,
): Promise<ExecuteSwapIntentReturnType> {
  const { gateway, pair, intent, allowance: read, lock } = parameters;
  if (pair.tokenIn.native || lock === undefined) return approveThenSwap(parameters, read?.value);
  const key = swapLockKey(pair, intent.to, gateway.address);
  // Inside the lock, an allowance read before it is still current only if no swap of the key ran in between (a
  // count of -1 is unknown: the key was forgotten, so it is read again).
  return lock.run(key, () =>
    approveThenSwap(
      parameters,
      read !== undefined && read.runs >= 0 && lock.runs(key) === read.runs ? read.value : undefined,
    ),
  );
}

async function approveThenSwap(
  {
    gateway,
    pair,
    intent,
    amountIn,
    amountInText,
    idempotencyKey,
    approvalKey,
    beforeSend,
    earlierApproval,
  }: ExecuteSwapIntentParameters,
  known: bigint | undefined,
): Promise<ExecuteSwapIntentReturnType> {
  const { chain, provider, timeoutMs, tokenIn } = pair;
  let approval: ExecutionRecord | null = null;
  if (!tokenIn.native) {
    const router = intent.to;
    const allowance =
      known ??
      (await readAllowance({
        provider,
        chain,
        token: tokenIn.address,
        owner: gateway.address,
        spender: router,
        timeoutMs,
      }));
    const earlier = allowance < amountIn && earlierApproval ? await earlierApproval() : null;
    if (earlier !== null && earlier.status !== 'confirmed') {
      if (OPEN.has(earlier.status)) throw new ApprovalStillOpenError(earlier.id);
      return { record: null, approval: earlier };
    }
    if (earlier === null && allowance < amountIn && (await gateway.assess(intent)).refusal === null) {
      await beforeSend?.('approval');
      const approveTx = buildApproveTransaction({
        token: tokenIn.address,
        spender: router,
        amount: amountIn,
      });
      const approved = await gateway.execute(
        {
          chainId: chain.id,
          action: 'approve',
          to: approveTx.to,
          data: approveTx.data,
          value: 0n,
          spender: router,
          // An approval moves nothing: only its gas is charged.
          spends: [{ token: tokenIn.address, amount: 0n, ...tokenMeta(tokenIn) }],
          acquires: [],
          description: `approve exactly ${amountInText} ${tokenIn.symbol ?? tokenIn.address} to the router`,
        },
        approvalKey ? { idempotencyKey: approvalKey } : {},
      );
      approval = approved.record;
      if (approved.record.status !== 'confirmed') {
        return { record: null, approval, confirmation: approved.confirmation };
      }
    }
  }
  await beforeSend?.('swap');
  const { record, confirmation } = await gateway.execute(intent, idempotencyKey ? { idempotencyKey } : {});
  return { record, approval, confirmation };
}

/** Execution statuses that may still confirm. */
const OPEN = new Set<string>(['preparing', 'signed', 'pending']);

/** The lock key of a swap's allowance: chain, token in, router, wallet. */
export function swapLockKey(pair: SwapPair, router: string, wallet: string): string {
  return `${pair.chain.id}:${pair.tokenIn.address.toLowerCase()}:${router.toLowerCase()}:${wallet.toLowerCase()}`;
}
