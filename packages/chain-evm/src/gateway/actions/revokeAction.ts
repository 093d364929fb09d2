import { decodeApprovalCalldata } from '../../approvals/decodeApprovalCalldata.js';
import type { ActionModule } from './ActionModule.js';
import { sameAddress } from './sameAddress.js';

/**
 * Action `revoke`: lowers an allowance to 0 or clears an operator approval. Any token, any spender (it only lowers
 * risk), but the calldata must be exactly `approve(spender, 0)` or `setApprovalForAll(spender, false)` for the
 * intent's spender, with no native value and nothing spent or acquired: a "revoke" whose calldata grants anything
 * is refused (`INTENT_INVALID`). It lists no spender.
 *
 * @example
 * ```ts
 * revokeAction.check({ intent: buildRevokeIntent({ chainId: 1, token, spender, kind: 'erc20' }), chain, wallet, actions: defaultActionModules }); // null
 * ```
 */
export const revokeAction: ActionModule = Object.freeze<ActionModule>({
  action: 'revoke',
  spenders: () => [],
  check: ({ intent }) => {
    if (intent.value !== 0n) return { code: 'INTENT_INVALID', reason: 'a revoke sends no native value' };
    if (intent.acquires.length > 0 || intent.spends.some((s) => s.amount !== 0n)) {
      return { code: 'INTENT_INVALID', reason: 'a revoke spends and acquires nothing' };
    }
    const call = decodeApprovalCalldata(intent.data);
    const clears =
      (call?.fn === 'approve' && call.amount === 0n && sameAddress(call.spender, intent.spender)) ||
      (call?.fn === 'setApprovalForAll' && !call.approved && sameAddress(call.operator, intent.spender));
    if (!clears) {
      return {
        code: 'INTENT_INVALID',
        reason:
          'a revoke must be exactly approve(spender, 0) or setApprovalForAll(operator, false) for the intent’s spender',
      };
    }
    return null;
  },
});
