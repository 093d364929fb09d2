import type { ChainInfo } from '../chains/chains.js';
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
}

/**
 * Step 1 of the gateway (pure): is this target allowed for this action on this chain? Swaps may only call the
 * chain's configured Uniswap routers; approvals only a token the intent spends, for an allowlisted spender (the
 * routers), never 0 → unlimited by accident (the amount is checked by the caller's calldata builder); wrap/unwrap
 * only the chain's wrapped native token. Anything else → `TARGET_NOT_ALLOWED`. `null` means allowed.
 *
 * @example
 * ```ts
 * checkPolicy({ intent, chain }); // null, or { code: 'TARGET_NOT_ALLOWED', reason: '…' }
 * ```
 */
export function checkPolicy({ intent, chain }: CheckPolicyParameters): Refusal | null {
  const same = (a: string | null | undefined, b: string | null | undefined) =>
    typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();
  const routers = [chain.contracts.uniswapV2?.router02, chain.contracts.uniswapV3?.swapRouter].filter(
    (r): r is `0x${string}` => typeof r === 'string',
  );
  if (intent.chainId !== chain.id) {
    return {
      code: 'TARGET_NOT_ALLOWED',
      reason: `intent for chain ${intent.chainId} checked against ${chain.id}`,
    };
  }
  if (intent.value < 0n) return { code: 'INTENT_INVALID', reason: 'native value must not be negative' };
  for (const t of [...intent.spends, ...intent.acquires]) {
    if (typeof t.amount !== 'bigint' || t.amount < 0n) {
      return { code: 'INTENT_INVALID', reason: 'token amounts must be non-negative bigints' };
    }
  }
  switch (intent.action) {
    case 'swap':
      if (routers.some((r) => same(r, intent.to))) return null;
      return {
        code: 'TARGET_NOT_ALLOWED',
        reason: `swaps may only call the configured routers of ${chain.name}; ${intent.to} is not one`,
      };
    case 'approve': {
      if (!intent.spender || !routers.some((r) => same(r, intent.spender))) {
        return {
          code: 'TARGET_NOT_ALLOWED',
          reason: `approvals may only name an allowlisted spender (the routers of ${chain.name})`,
        };
      }
      if (!intent.spends.some((s) => same(s.token, intent.to))) {
        return { code: 'TARGET_NOT_ALLOWED', reason: 'an approval must call the token it approves' };
      }
      if (intent.value !== 0n) return { code: 'INTENT_INVALID', reason: 'an approval sends no native value' };
      return null;
    }
    case 'wrap':
    case 'unwrap':
      if (same(chain.contracts.wrappedNative, intent.to)) return null;
      return {
        code: 'TARGET_NOT_ALLOWED',
        reason: `wrap/unwrap may only call ${chain.name}'s wrapped native token`,
      };
    default:
      return { code: 'TARGET_NOT_ALLOWED', reason: `unknown action ${String(intent.action)}` };
  }
}
