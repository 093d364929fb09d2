import type { ActionModule } from './ActionModule.js';
import { checkSwapIntent } from './checkSwapIntent.js';
import { swapRouters } from './swapRouters.js';

/**
 * Action `dca-fill`: one fill of a recurring buy. It is a swap — the same decoding and rules
 * ({@link checkSwapIntent}) and the same spenders (the routers) — under its own action name, so records, the
 * governor's ledger and the event stream tell fills from one-off swaps.
 *
 * @example
 * ```ts
 * dcaFillAction.check({ intent: { ...swapIntent, action: 'dca-fill' }, chain, wallet, actions: defaultActionModules });
 * ```
 */
export const dcaFillAction: ActionModule = Object.freeze<ActionModule>({
  action: 'dca-fill',
  spenders: swapRouters,
  check: checkSwapIntent,
  swapLike: true,
});
