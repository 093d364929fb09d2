import { aggregate3, type ChainInfo, decodeUint256 } from '@org/chain-evm';

const ERC20_ALLOWANCE = '0xdd62ed3e';

/** Parameters of {@link readAllowance}. */
export interface ReadAllowanceParameters {
  readonly provider: { send(method: string, params: unknown[]): Promise<unknown> };
  readonly chain: ChainInfo;
  readonly token: `0x${string}`;
  readonly owner: `0x${string}`;
  readonly spender: `0x${string}`;
  readonly timeoutMs: number;
}

/**
 * `allowance(owner, spender)` of an ERC-20, read in one Multicall3 request. Unreadable means unknown, and unknown
 * reads as 0: the caller approves exactly again rather than assume.
 *
 * @example
 * ```ts
 * const allowance = await readAllowance({ provider, chain, token: usdc, owner: wallet, spender: router, timeoutMs });
 * ```
 */
export async function readAllowance({
  provider,
  chain,
  token,
  owner,
  spender,
  timeoutMs,
}: ReadAllowanceParameters): Promise<bigint> {
  const [result] = await aggregate3({
    provider,
    chainId: chain.id,
    multicall3: chain.contracts.multicall3 as `0x${string}`,
    calls: [{ target: token, callData: allowanceCallData(owner, spender), allowFailure: false }],
    timeoutMs,
  });
  return (result ? decodeUint256(result.returnData) : null) ?? 0n;
}

/** The calldata of ERC-20 `allowance(owner, spender)`. */
export function allowanceCallData(owner: string, spender: string): `0x${string}` {
  const word = (a: string) => a.slice(2).toLowerCase().padStart(64, '0');
  return `${ERC20_ALLOWANCE}${word(owner)}${word(spender)}`;
}
