import type { Refusal } from '../checkPolicy.js';
import type { ActionCheckParameters } from './ActionModule.js';
import { decodeSwapCalldata } from './decodeSwapCalldata.js';
import { sameAddress } from './sameAddress.js';
import { swapRouters } from './swapRouters.js';

const invalid = (reason: string): Refusal => ({ code: 'INTENT_INVALID', reason });

/**
 * The rules of a swap (shared by the `swap` and `dca-fill` modules; pure). The target is one of the chain's
 * configured routers (`TARGET_NOT_ALLOWED`), and the calldata decodes ({@link decodeSwapCalldata}) to a call that
 * does what the intent says (`INTENT_INVALID` otherwise, or when it cannot be decoded):
 *
 * - the output goes to the wallet (V3 native out: the swap pays the router, whose `unwrapWETH9` pays the wallet);
 * - token in: native in → the path starts at the wrapped native token, nothing ERC-20 is spent and the native value is
 *   exactly the amount in (the maximum in, for exact output); otherwise no native value and the intent spends exactly
 *   one token, the path's first, for exactly the amount in (or the maximum in);
 * - token out: native out → the path ends at the wrapped native token and nothing ERC-20 is acquired; otherwise the
 *   intent acquires exactly one token, the path's last, and the call's minimum out (or exact out) is at least the
 *   intent's declared minimum.
 *
 * @example
 * ```ts
 * checkSwapIntent({ intent, chain, wallet: gateway.address, actions: defaultActionModules }); // null or a refusal
 * ```
 */
export function checkSwapIntent({ intent, chain, wallet }: ActionCheckParameters): Refusal | null {
  if (!swapRouters(chain).some((r) => sameAddress(r, intent.to))) {
    return {
      code: 'TARGET_NOT_ALLOWED',
      reason: `swaps may only call the configured routers of ${chain.name}; ${intent.to} is not one`,
    };
  }
  const call = decodeSwapCalldata({ chain, to: intent.to, data: intent.data });
  if (call === null) {
    return invalid('the calldata is not a router swap the gateway can decode (function, encoding or length)');
  }
  const wrapped = chain.contracts.wrappedNative;
  const first = call.path[0];
  const last = call.path[call.path.length - 1];

  if (
    call.unwrap === null ? !sameAddress(call.recipient, wallet) : !sameAddress(call.unwrap.recipient, wallet)
  ) {
    return invalid(`the swap pays ${call.unwrap?.recipient ?? call.recipient}, not the wallet ${wallet}`);
  }
  if (call.unwrap !== null && !sameAddress(call.recipient, intent.to)) {
    return invalid('a swap to native currency must pay the router, which unwraps to the wallet');
  }

  if (call.nativeIn) {
    if (!sameAddress(first, wrapped))
      return invalid('a native-in swap must start at the wrapped native token');
    if (intent.spends.length !== 0)
      return invalid('a native-in swap spends no ERC-20: its native value is the spend');
    if (intent.value <= 0n || (call.amountIn !== null && call.amountIn !== intent.value)) {
      return invalid(
        `the native value ${intent.value} is not the swap's amount in (${call.amountIn ?? 'msg.value'})`,
      );
    }
  } else {
    if (intent.value !== 0n) return invalid('a token-in swap sends no native value');
    const spent = intent.spends[0];
    // Stryker disable next-line OptionalChaining: equivalent — `spent` is only read when there is exactly one spend
    if (intent.spends.length !== 1 || !sameAddress(spent?.token, first)) {
      return invalid(`the intent must spend exactly one token, the path's first (${first})`);
    }
    // Stryker disable next-line OptionalChaining: equivalent — there is exactly one spend here
    if (spent?.amount !== call.amountIn) {
      return invalid(`the swap's amount in (${call.amountIn}) is not the intent's spend (${spent?.amount})`);
    }
  }

  if (call.nativeOut) {
    if (!sameAddress(last, wrapped)) return invalid('a native-out swap must end at the wrapped native token');
    if (intent.acquires.length !== 0) return invalid('a native-out swap acquires no ERC-20');
  } else {
    const acquired = intent.acquires[0];
    // Stryker disable next-line OptionalChaining: equivalent — `acquired` is only read when there is exactly one
    if (intent.acquires.length !== 1 || !sameAddress(acquired?.token, last)) {
      return invalid(`the intent must acquire exactly one token, the path's last (${last})`);
    }
    // Stryker disable next-line OptionalChaining: equivalent — there is exactly one acquired token here
    if (call.amountOut < (acquired?.amount ?? 0n)) {
      return invalid(
        `the swap's minimum out (${call.amountOut}) is below the intent's declared minimum (${acquired?.amount})`,
      );
    }
  }
  return null;
}
