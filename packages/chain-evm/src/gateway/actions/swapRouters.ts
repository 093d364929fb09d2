import type { Address, ChainInfo } from '../../chains/chains.js';

/**
 * The chain's configured Uniswap routers (V2 Router02, V3 SwapRouter or SwapRouter02): the only contracts a swap
 * may call, and the spenders a swap needs an exact approval for. Empty when none is configured (no swap at all).
 *
 * @example
 * ```ts
 * swapRouters(resolveChain({ chain: 1 })); // ['0x7a25…488D', '0xE592…1564']
 * ```
 */
export function swapRouters(chain: ChainInfo): readonly Address[] {
  return [chain.contracts.uniswapV2?.router02, chain.contracts.uniswapV3?.swapRouter].filter(
    (r): r is Address => typeof r === 'string',
  );
}
