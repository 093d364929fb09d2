import { parseAddress } from '../address/parseAddress.js';
import type { ChainInfo } from '../chains/chains.js';
import type { ExecutionGateway } from '../gateway/ExecutionGateway.js';
import type { ExecuteOptions } from '../gateway/gatewayTypes.js';
import type { ExecutionRecord } from '../gateway/types.js';
import type { RpcSender } from '../multicall/aggregate3.js';
import { buildRevokeIntent } from './buildRevokeIntent.js';
import { type ApprovalState, readApprovalState } from './readApprovalState.js';
import type { ApprovalKind } from './types.js';

/** Parameters of {@link revokeApproval}. */
export interface RevokeApprovalParameters {
  /** The one signer; the owner is its address. */
  readonly gateway: Pick<ExecutionGateway, 'address' | 'execute'>;
  readonly provider: RpcSender;
  readonly chain: ChainInfo;
  readonly token: string;
  readonly spender: string;
  /** Which approval to clear; default: the ERC-20 allowance if there is one, else the operator approval. */
  readonly kind?: ApprovalKind;
  /** Token symbol for the execution's description. */
  readonly symbol?: string | null;
  readonly options?: ExecuteOptions;
  readonly timeoutMs?: number;
}

/** Result of {@link revokeApproval} (expected outcomes are values). */
export type RevokeApprovalReturnType =
  /** There is no allowance / operator approval to clear: nothing was sent. */
  | { readonly outcome: 'nothing_to_revoke'; readonly before: ApprovalState }
  | {
      readonly outcome: 'executed';
      readonly kind: ApprovalKind;
      /** The gateway's record: `confirmed`, `blocked` (with its code), `pending`, `reverted` or `failed`. */
      readonly record: ExecutionRecord;
      readonly before: ApprovalState;
      /** Read back from the chain once confirmed; `null` otherwise. */
      readonly after: ApprovalState | null;
    };

/**
 * Revokes one approval of the gateway's wallet through the execution gateway (policy, fee ceiling, simulation, the
 * governor charged the fee — a revoke spends nothing —, kill switch, receipt): `approve(spender, 0)` for an ERC-20
 * allowance, `setApprovalForAll(operator, false)` for an operator. The state is read first (one Multicall3 request):
 * with nothing to clear the result is `nothing_to_revoke` and nothing is sent. An ERC-20-style revoke is never sent
 * to a contract that says it is an ERC-721 (there `approve(x, 0)` would approve token #0). After a confirmed revoke
 * the state is read back from the chain.
 *
 * @example
 * ```ts
 * const result = await revokeApproval({ gateway, provider, chain, token: usdc, spender: router });
 * if (result.outcome === 'executed') result.after?.allowance; // 0n once confirmed
 * ```
 */
export async function revokeApproval({
  gateway,
  provider,
  chain,
  token,
  spender,
  kind,
  symbol,
  options = {},
  timeoutMs,
}: RevokeApprovalParameters): Promise<RevokeApprovalReturnType> {
  const tokenAddress = parseAddress({ address: token });
  const spenderAddress = parseAddress({ address: spender });
  const read = () =>
    readApprovalState({
      provider,
      chain,
      owner: gateway.address,
      token: tokenAddress,
      spender: spenderAddress,
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    });
  const before = await read();
  const erc20Live = !before.isErc721 && before.allowance !== null && before.allowance > 0n;
  const operatorLive = before.approvedForAll === true;
  const chosen: ApprovalKind | null =
    kind === 'erc20'
      ? erc20Live
        ? 'erc20'
        : null
      : kind === 'operator'
        ? operatorLive
          ? 'operator'
          : null
        : erc20Live
          ? 'erc20'
          : operatorLive
            ? 'operator'
            : null;
  if (chosen === null) return { outcome: 'nothing_to_revoke', before };
  const { record } = await gateway.execute(
    buildRevokeIntent({
      chainId: chain.id,
      token: tokenAddress,
      spender: spenderAddress,
      kind: chosen,
      ...(symbol === undefined ? {} : { symbol }),
    }),
    options,
  );
  const after = record.status === 'confirmed' ? await read() : null;
  return { outcome: 'executed', kind: chosen, record, before, after };
}
