import { buildApproveIntent } from '../../approvals/buildApproveIntent.js';
import type { Refusal } from '../checkPolicy.js';
import type { ExecuteReturnType } from '../gatewayTypes.js';
import type { ExecutionIntent, ExecutionRecord } from '../types.js';
import type { GatewayContext } from './GatewayContext.js';

/** Parameters of {@link prerequisiteStep}. */
export interface PrerequisiteStepParameters {
  /** The action (its caps already reserved) whose approval is sent now. */
  readonly record: ExecutionRecord;
  readonly intent: ExecutionIntent;
  /** Runs an intent through the whole pipeline as the execution `id` (the gateway's own `execute`). */
  readonly run: (intent: ExecutionIntent, id: string) => Promise<ExecuteReturnType>;
}

/**
 * Sends the action's `prerequisiteApproval` — only now, when the action is decided (not held, or approved by the
 * operator) and its caps are reserved: the exact `approve(spender, amount)` is entered as an outstanding approval of
 * the action FIRST (so whatever happens next, the reconciler resets it once the action is over), then run through
 * the whole pipeline as its own execution (policy: an allowlisted spender, exact calldata; kill switch; caps on its
 * gas; simulation; receipt). Answers the approval's record, or the refusal that ends the action when the approval
 * is not confirmed (its own code when it was refused, else `PREREQUISITE_APPROVAL_NOT_CONFIRMED`): the action is then
 * not signed. Nothing to send → `null`.
 *
 * @example
 * ```ts
 * const before = await prerequisiteStep(ctx, { record, intent, run: (i, id) => this.#execute(i, {}, id) });
 * if (before?.refusal) return blockExecution(ctx, record, before.refusal, { reservationId });
 * ```
 */
export async function prerequisiteStep(
  ctx: GatewayContext,
  { record, intent, run }: PrerequisiteStepParameters,
): Promise<{ readonly approval: ExecutionRecord; readonly refusal: Refusal | null } | null> {
  const wanted = intent.prerequisiteApproval;
  if (wanted === undefined) return null;
  // Checked before anything was simulated or held (`PREREQUISITE_APPROVAL_INVALID`); fail closed if it ever is not.
  if (ctx.approvals === undefined) throw new TypeError('a prerequisite approval needs the approvals store');
  const id = ctx.createId();
  await ctx.approvals.insert({
    id,
    chainId: intent.chainId,
    owner: ctx.address,
    token: wanted.token,
    spender: wanted.spender,
    amount: wanted.amount,
    actionExecutionId: record.id,
    createdAt: ctx.clock(),
  });
  const { record: approval } = await run(
    buildApproveIntent({
      chainId: intent.chainId,
      token: wanted.token,
      spender: wanted.spender,
      amount: wanted.amount,
      ...(wanted.symbol === undefined ? {} : { symbol: wanted.symbol }),
      ...(wanted.decimals === undefined ? {} : { decimals: wanted.decimals }),
      description: `approve exactly ${wanted.amount} base units of ${wanted.symbol ?? wanted.token} to ${wanted.spender}, for: ${intent.description}`,
    }),
    id,
  );
  if (approval.status === 'confirmed') return { approval, refusal: null };
  const refusal: Refusal =
    approval.status === 'blocked' && approval.code !== null
      ? { code: approval.code, reason: `its approval was refused: ${approval.reason ?? approval.code}` }
      : {
          code: 'PREREQUISITE_APPROVAL_NOT_CONFIRMED',
          reason: `its approval ${approval.id} is ${approval.status}, not confirmed: the action is not signed`,
        };
  return { approval, refusal };
}
