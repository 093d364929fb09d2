import type { Address, ChainInfo } from '../chains/chains.js';
import type { ActionTable } from './actions/ActionModule.js';
import { defaultActionModules } from './actions/defaultActionModules.js';
import type { ExecutionIntent } from './types.js';

/** A refusal: a stable code and a reason for humans. */
export interface Refusal {
  readonly code: string;
  readonly reason: string;
}

/** Parameters of {@link checkPolicy}. */
export interface CheckPolicyParameters {
  readonly intent: ExecutionIntent;
  /** The configured chain of the intent (contract overrides applied). */
  readonly chain: ChainInfo;
  /** The signing wallet (the gateway's address): the only recipient an action may name. */
  readonly wallet: Address;
  /** The action modules (default {@link defaultActionModules}). */
  readonly actions?: ActionTable | undefined;
}

/**
 * Step 1 of the gateway (pure): may this intent be signed? The common checks — the intent is for `chain`, its native
 * value and token amounts are non-negative bigints — then the rules of the intent's action, from its module in the
 * table (`actions`, default {@link defaultActionModules}): each decodes the calldata and checks it against the
 * intent (target allowlist, recipient = `wallet`, tokens, amounts and native value = the intent's). An action with
 * no module (or two) in the table → `TARGET_NOT_ALLOWED`; calldata a module cannot decode → `INTENT_INVALID`.
 * `null` means allowed.
 *
 * @example
 * ```ts
 * checkPolicy({ intent, chain, wallet: gateway.address }); // null, or { code: 'INTENT_INVALID', reason: '…' }
 * ```
 */
export function checkPolicy({
  intent,
  chain,
  wallet,
  actions = defaultActionModules,
}: CheckPolicyParameters): Refusal | null {
  if (intent.chainId !== chain.id) {
    return {
      code: 'TARGET_NOT_ALLOWED',
      reason: `intent for chain ${intent.chainId} checked against ${chain.id}`,
    };
  }
  if (typeof intent.value !== 'bigint' || intent.value < 0n) {
    return { code: 'INTENT_INVALID', reason: 'native value must be a non-negative bigint' };
  }
  for (const t of [...intent.spends, ...intent.acquires]) {
    if (typeof t.amount !== 'bigint' || t.amount < 0n) {
      return { code: 'INTENT_INVALID', reason: 'token amounts must be non-negative bigints' };
    }
  }
  const modules = actions.filter((m) => m.action === intent.action);
  const module = modules[0];
  if (module === undefined || modules.length > 1) {
    return {
      code: 'TARGET_NOT_ALLOWED',
      reason:
        module === undefined
          ? `no module for action ${String(intent.action)}: it is not allowed`
          : `the action table has ${modules.length} modules for ${intent.action}: none is trusted`,
    };
  }
  return module.check({ intent, chain, wallet, actions });
}
