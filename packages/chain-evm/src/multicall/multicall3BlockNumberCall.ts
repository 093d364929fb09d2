import type { Aggregate3Call } from './aggregate3.js';
import { multicall3Interface } from './multicall3Interface.js';

/**
 * `getBlockNumber()` on Multicall3, to put among {@link aggregate3} calls: the batch then says which block it read.
 *
 * @example
 * ```ts
 * const [block, ...rest] = await aggregate3({ provider, chainId, multicall3, calls: [multicall3BlockNumberCall(multicall3), ...calls] });
 * ```
 */
export function multicall3BlockNumberCall(multicall3: `0x${string}`): Aggregate3Call {
  return {
    target: multicall3,
    callData: multicall3Interface.encodeFunctionData('getBlockNumber', []) as `0x${string}`,
    allowFailure: false,
  };
}
