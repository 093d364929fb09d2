import { type Address, aggregate3, type ChainInfo, decodeUint256 } from '@org/chain-evm';
import { ApiProblem } from '../http/ApiProblem.js';

/**
 * `balanceOf(owner)` of an ERC-20, read through the chain's Multicall3 (an approval is never larger than what the
 * wallet holds). Unreadable → 502 `RPC_ERROR`.
 *
 * @example
 * ```ts
 * const held = await readTokenBalance({ chain, provider, timeoutMs, token: usdc, owner: wallet });
 * ```
 */
export async function readTokenBalance(p: {
  chain: ChainInfo;
  provider: { send(method: string, params: unknown[]): Promise<unknown> };
  timeoutMs: number;
  token: Address;
  owner: Address;
}): Promise<bigint> {
  const [result] = await aggregate3({
    provider: p.provider,
    chainId: p.chain.id,
    multicall3: p.chain.contracts.multicall3 as `0x${string}`,
    calls: [
      {
        target: p.token,
        callData: `0x70a08231${p.owner.slice(2).toLowerCase().padStart(64, '0')}` as `0x${string}`,
        allowFailure: false,
      },
    ],
    timeoutMs: p.timeoutMs,
  });
  const balance = result ? decodeUint256(result.returnData) : null;
  if (balance === null) throw new ApiProblem(502, 'RPC_ERROR', 'The token balance could not be read');
  return balance;
}
