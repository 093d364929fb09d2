import type { ActionModule } from './ActionModule.js';
import { checkSwapIntent } from './checkSwapIntent.js';
import { swapRouters } from './swapRouters.js';

/**
 * Action `swap`: an exact-input (or exact-output) Uniswap swap through one of the chain's configured routers, its
 * calldata decoded and checked against the intent by {@link checkSwapIntent}. The routers are its spenders (an
 * ERC-20 in needs an exact approval to the router first).
 *
 * @example
 * ```ts
 * swapAction.check({ intent, chain, wallet: gateway.address, actions: defaultActionModules }); // null or a refusal
 * ```
 */
export const swapAction: ActionModule = Object.freeze<ActionModule>({
  action: 'swap',
  spenders: swapRouters,
  check: checkSwapIntent,
  swapLike: true,
});
