import type { ActionModule } from './ActionModule.js';
import { sameAddress } from './sameAddress.js';

/** `withdraw(uint256)` of WETH9: the selector and one 32-byte word, nothing else. */
const WITHDRAW = /^0x2e1a7d4d[0-9a-f]{64}$/;

/**
 * Action `unwrap`: the chain's wrapped native token back into native currency. Only the wrapped native token may be
 * called (`TARGET_NOT_ALLOWED`), with exactly `withdraw(amount)` (36 bytes) and no native value; the intent spends
 * exactly `amount` of the wrapped native token and acquires no ERC-20 (`INTENT_INVALID` otherwise) — so a
 * `transfer(attacker, balance)` declared as an unwrap is never signed. It lists no spender.
 *
 * @example
 * ```ts
 * unwrapAction.check({
 *   intent: { chainId: 1, action: 'unwrap', to: weth, data: withdrawData, value: 0n,
 *     spends: [{ token: weth, amount }], acquires: [], description: 'unwrap' },
 *   chain, wallet, actions: defaultActionModules,
 * }); // null
 * ```
 */
export const unwrapAction: ActionModule = Object.freeze<ActionModule>({
  action: 'unwrap',
  spenders: () => [],
  check: ({ intent, chain }) => {
    const wrapped = chain.contracts.wrappedNative;
    if (!sameAddress(wrapped, intent.to)) {
      return {
        code: 'TARGET_NOT_ALLOWED',
        reason: `unwrap may only call ${chain.name}'s wrapped native token`,
      };
    }
    // Stryker disable next-line StringLiteral: equivalent — any non-calldata string fails the pattern below alike
    const data = typeof intent.data === 'string' ? intent.data.toLowerCase() : '';
    if (!WITHDRAW.test(data)) {
      return { code: 'INTENT_INVALID', reason: 'an unwrap must be exactly withdraw(amount)' };
    }
    const amount = BigInt(`0x${data.slice(10)}`);
    if (intent.value !== 0n) return { code: 'INTENT_INVALID', reason: 'an unwrap sends no native value' };
    const spent = intent.spends[0];
    if (
      intent.spends.length !== 1 ||
      // Stryker disable next-line OptionalChaining: equivalent — `spent` is only read when there is exactly one spend
      !sameAddress(spent?.token, wrapped) ||
      // Stryker disable next-line OptionalChaining: equivalent — `spent` is only read when there is exactly one spend
      spent?.amount !== amount ||
      intent.acquires.length !== 0
    ) {
      return {
        code: 'INTENT_INVALID',
        reason: `an unwrap spends exactly the amount it withdraws (${amount}) of the wrapped native token and acquires no ERC-20`,
      };
    }
    return null;
  },
});
