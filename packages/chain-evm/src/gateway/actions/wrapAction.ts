import type { ActionModule } from './ActionModule.js';
import { sameAddress } from './sameAddress.js';

/** `deposit()` of WETH9 (and its WPOL/WBNB twins): the selector, nothing else. */
const DEPOSIT = '0xd0e30db0';

/**
 * Action `wrap`: native currency into the chain's wrapped native token. Only the wrapped native token may be called
 * (`TARGET_NOT_ALLOWED`), with exactly `deposit()` (4 bytes) and a positive native value — which is what it spends
 * and what it is charged; it acquires exactly that value of the wrapped native token, which the intent does not
 * declare (the chain's configured numéraire is not a token the safety gate could refuse or know better), so
 * `spends` and `acquires` are both empty (`INTENT_INVALID` otherwise). It lists no spender.
 *
 * @example
 * ```ts
 * wrapAction.check({
 *   intent: { chainId: 1, action: 'wrap', to: weth, data: '0xd0e30db0', value: 10n ** 17n, spends: [], acquires: [],
 *     description: 'wrap 0.1 ETH' },
 *   chain, wallet, actions: defaultActionModules,
 * }); // null
 * ```
 */
export const wrapAction: ActionModule = Object.freeze<ActionModule>({
  action: 'wrap',
  spenders: () => [],
  check: ({ intent, chain }) => {
    const wrapped = chain.contracts.wrappedNative;
    if (!sameAddress(wrapped, intent.to)) {
      return {
        code: 'TARGET_NOT_ALLOWED',
        reason: `wrap may only call ${chain.name}'s wrapped native token`,
      };
    }
    if (typeof intent.data !== 'string' || intent.data.toLowerCase() !== DEPOSIT) {
      return { code: 'INTENT_INVALID', reason: 'a wrap must be exactly deposit()' };
    }
    if (intent.value <= 0n) return { code: 'INTENT_INVALID', reason: 'a wrap sends a positive native value' };
    if (intent.spends.length !== 0 || intent.acquires.length !== 0) {
      return {
        code: 'INTENT_INVALID',
        reason:
          'a wrap declares no ERC-20 spent or acquired: its native value buys as much wrapped native token',
      };
    }
    return null;
  },
});
