import { Interface } from 'ethers';
import { parseAddress } from '../address/parseAddress.js';
import type { ExecutionIntent } from '../gateway/types.js';
import type { ApprovalKind } from './types.js';

const revokeInterface = new Interface([
  'function approve(address spender, uint256 amount) returns (bool)',
  'function setApprovalForAll(address operator, bool approved)',
]);

/** Parameters of {@link buildRevokeIntent}. */
export interface BuildRevokeIntentParameters {
  readonly chainId: number;
  /** The token (ERC-20) or collection (ERC-721/1155) whose approval is revoked. */
  readonly token: string;
  readonly spender: string;
  readonly kind: ApprovalKind;
  /** Token symbol for the description (optional). */
  readonly symbol?: string | null;
}

/**
 * Builds the gateway intent that revokes one approval: `approve(spender, 0)` on an ERC-20, or
 * `setApprovalForAll(operator, false)` on an NFT collection — action `revoke`, no native value, nothing spent or
 * acquired (the governor is charged the fee only). The gateway's policy decodes the calldata again and refuses
 * anything that is not exactly this. Caution: ERC-721 shares `approve`'s selector, where `approve(x, 0)` APPROVES
 * token #0 — use kind `erc20` only on a token known not to be an ERC-721 (`revokeApproval` checks ERC-165 first).
 *
 * @example
 * ```ts
 * const intent = buildRevokeIntent({ chainId: 1, token: usdc, spender: router, kind: 'erc20' });
 * await gateway.execute(intent);
 * ```
 */
export function buildRevokeIntent({
  chainId,
  token,
  spender,
  kind,
  symbol,
}: BuildRevokeIntentParameters): ExecutionIntent {
  const to = parseAddress({ address: token });
  const who = parseAddress({ address: spender });
  const data = (
    kind === 'erc20'
      ? revokeInterface.encodeFunctionData('approve', [who, 0n])
      : revokeInterface.encodeFunctionData('setApprovalForAll', [who, false])
  ) as `0x${string}`;
  return {
    chainId,
    action: 'revoke',
    to,
    data,
    value: 0n,
    spender: who,
    spends: [],
    acquires: [],
    description:
      kind === 'erc20'
        ? `revoke the ${symbol ?? to} allowance of ${who}`
        : `revoke operator ${who} on collection ${symbol ?? to}`,
  };
}
