import { aggregate3, decodeUint256, multicall3EthBalanceCall, type ResolvedSwapToken } from '@org/chain-evm';
import { allowanceCallData } from '../swap/readAllowance.js';
import type { SwapPair } from '../swap/SwapPlanner.js';

const ERC20_BALANCE_OF = '0x70a08231';

/** What {@link readWalletFunds} returns. */
export interface WalletFunds {
  /** The wallet's balance of token in, base units (wei for the native currency). */
  readonly balance: bigint;
  /** Token in's allowance to each of the chain's routers (empty for the native currency). */
  readonly allowances: ReadonlyMap<string, bigint>;
}

/**
 * The wallet's balance of a pair's token in and, for an ERC-20, its allowance to each configured router — one
 * Multicall3 request. A balance that cannot be read throws (a fill is never judged on a guess); an unreadable
 * allowance reads 0 (an exact approval is sent rather than assumed).
 *
 * @example
 * ```ts
 * const { balance, allowances } = await readWalletFunds({ pair, owner: gateway.address });
 * ```
 */
export async function readWalletFunds({
  pair,
  owner,
}: {
  pair: SwapPair;
  owner: `0x${string}`;
}): Promise<WalletFunds> {
  const { chain, provider, timeoutMs, tokenIn } = pair;
  const multicall3 = chain.contracts.multicall3 as `0x${string}`;
  const routers = tokenIn.native ? [] : routersOf(pair);
  const results = await aggregate3({
    provider,
    chainId: chain.id,
    multicall3,
    calls: [
      balanceCall(multicall3, tokenIn, owner),
      ...routers.map((router) => ({
        target: tokenIn.address,
        callData: allowanceCallData(owner, router),
        allowFailure: true,
      })),
    ],
    timeoutMs,
  });
  const balance = results[0]?.success ? decodeUint256(results[0].returnData) : null;
  if (balance === null)
    throw new Error(`the balance of ${tokenIn.symbol ?? tokenIn.address} could not be read`);
  const allowances = new Map<string, bigint>();
  routers.forEach((router, i) => {
    const r = results[i + 1];
    allowances.set(router.toLowerCase(), (r?.success ? decodeUint256(r.returnData) : null) ?? 0n);
  });
  return { balance, allowances };
}

function balanceCall(multicall3: `0x${string}`, token: ResolvedSwapToken, owner: `0x${string}`) {
  if (token.native) return multicall3EthBalanceCall(multicall3, owner);
  return {
    target: token.address,
    callData: `${ERC20_BALANCE_OF}${owner.slice(2).toLowerCase().padStart(64, '0')}` as `0x${string}`,
    allowFailure: false,
  };
}

/** The routers a swap on the chain may call (V2 Router02, V3 SwapRouter). */
export function routersOf(pair: SwapPair): `0x${string}`[] {
  const { uniswapV2, uniswapV3 } = pair.chain.contracts;
  return [uniswapV2?.router02, uniswapV3?.swapRouter].filter(
    (r): r is `0x${string}` => typeof r === 'string',
  );
}
