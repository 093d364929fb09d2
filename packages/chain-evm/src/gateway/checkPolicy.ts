import { decodeApprovalCalldata } from '../approvals/decodeApprovalCalldata.js';
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
 * routers), and the calldata must decode to exactly `approve(spender, amount)` naming that spender (the amount is the
 * caller's builder's); wrap/unwrap only the chain's wrapped native token. Revokes may call any token for any spender
 * — they only lower risk — but the calldata is decoded and must be exactly `approve(spender, 0)` or
 * `setApprovalForAll(spender, false)` for the intent's spender, with no native value and nothing spent or acquired:
 * a "revoke" whose calldata grants anything is refused. Anything else → `TARGET_NOT_ALLOWED` / `INTENT_INVALID`.
 * `null` means allowed.
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
      const call = decodeApprovalCalldata(intent.data);
      if (call?.fn !== 'approve' || !same(call.spender, intent.spender)) {
        return {
          code: 'INTENT_INVALID',
          reason: 'an approval must be exactly approve(spender, amount) for the allowlisted spender',
        };
      }
      return null;
    }
    case 'revoke': {
      if (intent.value !== 0n) return { code: 'INTENT_INVALID', reason: 'a revoke sends no native value' };
      if (intent.acquires.length > 0 || intent.spends.some((s) => s.amount !== 0n)) {
        return { code: 'INTENT_INVALID', reason: 'a revoke spends and acquires nothing' };
      }
      const call = decodeApprovalCalldata(intent.data);
      const clears =
        (call?.fn === 'approve' && call.amount === 0n && same(call.spender, intent.spender)) ||
        (call?.fn === 'setApprovalForAll' && !call.approved && same(call.operator, intent.spender));
      if (!clears) {
        return {
          code: 'INTENT_INVALID',
          reason:
            'a revoke must be exactly approve(spender, 0) or setApprovalForAll(operator, false) for the intent’s spender',
        };
      }
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
