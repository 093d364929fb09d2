import type { ChainInfo } from '../chains/chains.js';
import type { ExecutionGateway } from '../gateway/ExecutionGateway.js';
import type { ExecuteOptions, ExecuteReturnType } from '../gateway/gatewayTypes.js';
import { buildApproveIntent } from './buildApproveIntent.js';

/** Parameters of {@link approveExact}. */
export interface ApproveExactParameters {
  readonly gateway: Pick<ExecutionGateway, 'execute'>;
  readonly chain: ChainInfo;
  readonly token: string;
  /** An allowlisted spender (the chain's configured routers). */
  readonly spender: string;
  /** The exact allowance, in base units. */
  readonly amount: bigint;
  readonly symbol?: string;
  readonly decimals?: number;
  readonly options?: ExecuteOptions;
}

/**
 * Grants an exact ERC-20 allowance through the execution gateway — the preferred way (SPEC §4): approve what the next
 * action spends and nothing more. The governor is charged the fee only; the policy allows allowlisted spenders only.
 *
 * @example
 * ```ts
 * const { record } = await approveExact({ gateway, chain, token: usdc, spender: router, amount: 100_000_000n });
 * ```
 */
export function approveExact({
  gateway,
  chain,
  token,
  spender,
  amount,
  symbol,
  decimals,
  options = {},
}: ApproveExactParameters): Promise<ExecuteReturnType> {
  return gateway.execute(
    buildApproveIntent({
      chainId: chain.id,
      token,
      spender,
      amount,
      ...(symbol === undefined ? {} : { symbol }),
      ...(decimals === undefined ? {} : { decimals }),
    }),
    options,
  );
}
