import { parseAddress } from '../address/parseAddress.js';
import type { ExecutionIntent } from '../gateway/types.js';
import { buildApproveTransaction } from '../swap/buildApproveTransaction.js';

/** Parameters of {@link buildApproveIntent}. */
export interface BuildApproveIntentParameters {
  readonly chainId: number;
  readonly token: string;
  /** Must be on the chain's allowlist (its configured routers), or the gateway refuses `TARGET_NOT_ALLOWED`. */
  readonly spender: string;
  /** Exact allowance in base units (a uint256). */
  readonly amount: bigint;
  readonly symbol?: string;
  readonly decimals?: number;
  readonly description?: string;
}

/**
 * Builds the gateway intent for ERC-20 `approve(spender, amount)`: action `approve`, the token as target, a zero
 * spend of the token (an approval moves nothing: the governor is charged its gas only), no native value. The policy
 * checks the spender is allowlisted and the calldata names exactly that spender.
 *
 * @example
 * ```ts
 * await gateway.execute(buildApproveIntent({ chainId: 1, token: usdc, spender: router, amount: 100_000_000n }));
 * ```
 */
export function buildApproveIntent({
  chainId,
  token,
  spender,
  amount,
  symbol,
  decimals,
  description,
}: BuildApproveIntentParameters): ExecutionIntent {
  const tx = buildApproveTransaction({ token, spender, amount });
  const spenderAddress = parseAddress({ address: spender });
  return {
    chainId,
    action: 'approve',
    to: tx.to,
    data: tx.data,
    value: 0n,
    spender: spenderAddress,
    spends: [
      {
        token: tx.to,
        amount: 0n,
        ...(symbol === undefined ? {} : { symbol }),
        ...(decimals === undefined ? {} : { decimals }),
      },
    ],
    acquires: [],
    description: description ?? `approve ${amount} base units of ${symbol ?? tx.to} to ${spenderAddress}`,
  };
}
