import type { Refusal } from './checkPolicy.js';
import { sameAddress } from './actions/sameAddress.js';
import type { ExecutionIntent } from './types.js';

/**
 * The rule for an action's prerequisite approval (pure): an action may carry one only if it spends that token, and
 * the approval is exactly what it spends of it (never more: an approval outlives nothing it does not serve), to a
 * spender, not zero, on a non-approval action. `null` when there is none or it holds; else
 * `PREREQUISITE_APPROVAL_INVALID`. The approval's own intent is checked again by the `approve` module (allowlisted
 * spender, exact calldata) when it is sent.
 *
 * @example
 * ```ts
 * checkPrerequisiteApproval({ intent: { ...bridge, prerequisiteApproval: { token: usdc, spender, amount: 100n } } }); // null
 * ```
 */
export function checkPrerequisiteApproval({ intent }: { intent: ExecutionIntent }): Refusal | null {
  const approval = intent.prerequisiteApproval;
  if (approval === undefined) return null;
  const invalid = (reason: string): Refusal => ({ code: 'PREREQUISITE_APPROVAL_INVALID', reason });
  if (intent.action === 'approve' || intent.action === 'revoke') {
    return invalid('an approval or a revoke needs no approval before it');
  }
  if (approval.amount <= 0n) return invalid('a prerequisite approval approves a positive amount');
  const spent = intent.spends.filter((s) => sameAddress(s.token, approval.token));
  if (spent.length !== 1) {
    return invalid('a prerequisite approval must approve a token the action spends (exactly once)');
  }
  if (spent[0]?.amount !== approval.amount) {
    return invalid(
      `the approval (${approval.amount}) must be exactly what the action spends of the token (${spent[0]?.amount})`,
    );
  }
  return null;
}
