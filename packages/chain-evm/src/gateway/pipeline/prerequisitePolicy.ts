import { buildApproveIntent } from '../../approvals/buildApproveIntent.js';
import type { Address, ChainInfo } from '../../chains/chains.js';
import type { Refusal } from '../checkPolicy.js';
import { checkPrerequisiteApproval } from '../checkPrerequisiteApproval.js';
import type { ExecutionIntent } from '../types.js';
import type { GatewayContext } from './GatewayContext.js';
import { policyStep } from './policyStep.js';

/**
 * The policy of an action's `prerequisiteApproval`, before anything is priced, simulated or held: the pure rule
 * (`checkPrerequisiteApproval`: exactly what the action spends of a token it spends), a store to enter it in, and the
 * `approve` module's own check of the approval it will send (allowlisted spender, exact calldata) — so a held action
 * never waits with an approval the gateway would refuse. `null` when there is none or it passes.
 *
 * @example
 * ```ts
 * const refused = policyStep({ intent, chain, wallet, actions }) ?? prerequisitePolicy({ intent, chain, wallet, ctx });
 * ```
 */
export function prerequisitePolicy({
  intent,
  chain,
  wallet,
  ctx,
}: {
  readonly intent: ExecutionIntent;
  readonly chain: ChainInfo;
  readonly wallet: Address;
  readonly ctx: Pick<GatewayContext, 'approvals' | 'actions'>;
}): Refusal | null {
  const wanted = intent.prerequisiteApproval;
  if (wanted === undefined) return null;
  const invalid = checkPrerequisiteApproval({ intent });
  if (invalid) return invalid;
  if (ctx.approvals === undefined) {
    return {
      code: 'PREREQUISITE_APPROVAL_INVALID',
      reason: 'no outstanding-approval store is configured: an approval could not be reset after its action',
    };
  }
  return policyStep({
    intent: buildApproveIntent({ chainId: intent.chainId, ...wanted }),
    chain,
    wallet,
    actions: ctx.actions,
  });
}
