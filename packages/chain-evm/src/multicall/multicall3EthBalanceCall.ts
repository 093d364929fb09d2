import type { Aggregate3Call } from './aggregate3.js';
import { multicall3Interface } from './multicall3Interface.js';

/**
 * `getEthBalance(address)` on Multicall3: a native balance read inside an {@link aggregate3} batch.
 *
 * @example
 * ```ts
 * const call = multicall3EthBalanceCall(multicall3, wallet);
 * ```
 */
export function multicall3EthBalanceCall(multicall3: `0x${string}`, address: `0x${string}`): Aggregate3Call {
  return {
    target: multicall3,
    callData: multicall3Interface.encodeFunctionData('getEthBalance', [address]) as `0x${string}`,
    allowFailure: false,
  };
}
