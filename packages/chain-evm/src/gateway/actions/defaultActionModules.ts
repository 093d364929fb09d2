import type { ActionTable } from './ActionModule.js';
import { approveAction } from './approveAction.js';
import { dcaFillAction } from './dcaFillAction.js';
import { revokeAction } from './revokeAction.js';
import { swapAction } from './swapAction.js';
import { unwrapAction } from './unwrapAction.js';
import { wrapAction } from './wrapAction.js';

/**
 * The built-in action table: `swap`, `dca-fill`, `approve`, `revoke`, `wrap`, `unwrap`. `deposit` needs the
 * operator's vault list (`createDepositAction({ vaults, assetOf })`) and `bridge` has no module yet: both are refused
 * until one is registered. To add an action, pass a table with one more module — its `spenders` become approvable,
 * and no step of the gateway changes.
 *
 * @example
 * ```ts
 * new ExecutionGateway({ …, actions: [...defaultActionModules, depositAction] });
 * ```
 */
export const defaultActionModules: ActionTable = Object.freeze<ActionTable>([
  swapAction,
  dcaFillAction,
  approveAction,
  revokeAction,
  wrapAction,
  unwrapAction,
]);
