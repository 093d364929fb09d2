import { describe, expect, it } from 'vitest';
import { resolveChain } from '../../chains/resolveChain.js';
import { swapRouters } from './swapRouters.js';

describe('swapRouters', () => {
  it('the chain’s V2 Router02 and V3 swap router, leaving out the ones it does not have', () => {
    const mainnet = resolveChain({ chain: 1 });
    const v2 = mainnet.contracts.uniswapV2?.router02;
    const v3 = mainnet.contracts.uniswapV3?.swapRouter;
    expect(swapRouters(mainnet)).toEqual([v2, v3]);
    const noV2 = { ...mainnet, contracts: { ...mainnet.contracts, uniswapV2: null } } as typeof mainnet;
    expect(swapRouters(noV2)).toEqual([v3]);
    const none = {
      ...mainnet,
      contracts: { ...mainnet.contracts, uniswapV2: null, uniswapV3: null },
    } as typeof mainnet;
    expect(swapRouters(none)).toEqual([]);
  });
});
