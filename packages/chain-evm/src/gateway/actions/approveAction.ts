import { decodeApprovalCalldata } from '../../approvals/decodeApprovalCalldata.js';
import type { ActionModule } from './ActionModule.js';
import { sameAddress } from './sameAddress.js';

/**
 * Action `approve`: an exact ERC-20 approval. The spender must be listed by some module of the table
 * (`spenders(chain)`: the routers for swaps and DCA fills; a vault or bridge module lists its own) —
 * else `TARGET_NOT_ALLOWED`; the target must be a token the intent spends; no native value; and the calldata must be
 * exactly `approve(spender, amount)` naming the intent's spender (`INTENT_INVALID`). The amount is the caller's
 * builder's (exact approvals). It lists no spender itself.
 *
 * @example
 * ```ts
 * approveAction.check({ intent: buildApproveIntent({ chainId: 1, token: usdc, spender: router, amount }), chain, wallet, actions: defaultActionModules });
 * ```
 */
export const approveAction: ActionModule = Object.freeze<ActionModule>({
  action: 'approve',
  spenders: () => [],
  check: ({ intent, chain, actions }) => {
    const allowed = actions.flatMap((m) => m.spenders(chain));
    if (!intent.spender || !allowed.some((s) => sameAddress(s, intent.spender))) {
      return {
        code: 'TARGET_NOT_ALLOWED',
        reason: `approvals may only name a spender an action of ${chain.name} needs (its routers, vaults, bridges)`,
      };
    }
    if (!intent.spends.some((s) => sameAddress(s.token, intent.to))) {
      return { code: 'TARGET_NOT_ALLOWED', reason: 'an approval must call the token it approves' };
    }
    if (intent.value !== 0n) return { code: 'INTENT_INVALID', reason: 'an approval sends no native value' };
    const call = decodeApprovalCalldata(intent.data);
    if (call?.fn !== 'approve' || !sameAddress(call.spender, intent.spender)) {
      return {
        code: 'INTENT_INVALID',
        reason: 'an approval must be exactly approve(spender, amount) for the allowlisted spender',
      };
    }
    return null;
  },
});
