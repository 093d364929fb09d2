import type { Address, ChainInfo } from '../../chains/chains.js';
import { checkPolicy, type Refusal } from '../checkPolicy.js';
import type { ExecutionIntent } from '../types.js';

/** Parameters of {@link policyStep}. */
export interface PolicyStepParameters {
  readonly intent: ExecutionIntent;
  readonly chain: ChainInfo;
  /** The gateway's wallet (what the action's calldata must pay out to). */
  readonly wallet: Address;
}

/**
 * The policy: the one place the gateway asks `checkPolicy` (for `execute` and for `assess`) whether the intent's
 * action may go to its target with its calldata on this chain. Pure; a refusal or `null`.
 *
 * @example
 * ```ts
 * const refused = policyStep({ intent, chain, wallet: ctx.address });
 * ```
 */
export function policyStep({ intent, chain }: PolicyStepParameters): Refusal | null {
  return checkPolicy({ intent, chain });
}
