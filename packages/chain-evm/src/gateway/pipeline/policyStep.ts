import type { Address, ChainInfo } from '../../chains/chains.js';
import type { ActionTable } from '../actions/ActionModule.js';
import { checkPolicy, type Refusal } from '../checkPolicy.js';
import type { ExecutionIntent } from '../types.js';

/** Parameters of {@link policyStep}. */
export interface PolicyStepParameters {
  readonly intent: ExecutionIntent;
  readonly chain: ChainInfo;
  /** The gateway's wallet (what the action's calldata must pay out to). */
  readonly wallet: Address;
  /** The action modules to check with (default `defaultActionModules`). */
  readonly actions?: ActionTable | undefined;
}

/**
 * The policy: the one place the gateway asks `checkPolicy` (for `execute` and for `assess`) whether the intent's
 * action may go to its target with its calldata on this chain. Pure; a refusal or `null`.
 *
 * @example
 * ```ts
 * const refused = policyStep({ intent, chain, wallet: ctx.address, actions: ctx.actions });
 * ```
 */
export function policyStep({ intent, chain, wallet, actions }: PolicyStepParameters): Refusal | null {
  return checkPolicy({ intent, chain, wallet, ...(actions === undefined ? {} : { actions }) });
}
