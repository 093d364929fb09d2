import { type Address, aggregate3, type ChainInfo, decodeUint256 } from '@org/chain-evm';
import { ApiProblem } from '../http/ApiProblem.js';

/**
 * `allowance(owner, spender)` of an ERC-20, read through the chain's Multicall3. Unreadable → 502 `RPC_ERROR` (never
 * assumed: the bridge approves exactly, and resets what is left, from what this reads).
 *
 * @example
 * ```ts
 * const left = await readTokenAllowance({ chain, provider, timeoutMs, token: usdc, owner: wallet, spender: bridge });
 * ```
 */
export async function readTokenAllowance(p: {
  chain: ChainInfo;
  provider: { send(method: string, params: unknown[]): Promise<unknown> };
  timeoutMs: number;
  token: Address;
  owner: Address;
  spender: Address;
}): Promise<bigint> {
  const word = (a: string) => a.slice(2).toLowerCase().padStart(64, '0');
  const [result] = await aggregate3({
    provider: p.provider,
    chainId: p.chain.id,
    multicall3: p.chain.contracts.multicall3 as `0x${string}`,
    calls: [
      {
        target: p.token,
        callData: `0xdd62ed3e${word(p.owner)}${word(p.spender)}` as `0x${string}`,
        allowFailure: false,
      },
    ],
    timeoutMs: p.timeoutMs,
  });
  const allowance = result ? decodeUint256(result.returnData) : null;
  if (allowance === null) throw new ApiProblem(502, 'RPC_ERROR', 'The allowance could not be read');
  return allowance;
}
