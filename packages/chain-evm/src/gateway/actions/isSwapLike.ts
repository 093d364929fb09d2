import type { ExecutionAction } from '../types.js';
import type { ActionTable } from './ActionModule.js';
import { defaultActionModules } from './defaultActionModules.js';

/**
 * Whether the module of `action` in the table (default `defaultActionModules`) is a swap under some name
 * (`ActionModule.swapLike`): the swap rules are keyed on the module, never on the action's name.
 *
 * @example
 * ```ts
 * isSwapLike({ actions: undefined, action: 'dca-fill' }); // true
 * ```
 */
export function isSwapLike({
  actions,
  action,
}: {
  readonly actions: ActionTable | undefined;
  readonly action: ExecutionAction;
}): boolean {
  return (actions ?? defaultActionModules).some((m) => m.action === action && m.swapLike === true);
}
