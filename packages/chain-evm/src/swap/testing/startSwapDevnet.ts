// Test-only: a devnet with its Uniswap deployment configured in the chain registry, a provider tuned for a local
// node, and a helper that sends a built transaction from a devnet account. Runtime code never imports this file.
import { type StartDevnetReturnType, startDevnet } from '@org/devnet';
import { JsonRpcProvider } from 'ethers';
import type { ChainInfo } from '../../chains/chains.js';
import { configureChains } from '../../chains/configureChains.js';

/** What {@link startSwapDevnet} returns. */
export interface SwapDevnet {
  devnet: StartDevnetReturnType;
  provider: JsonRpcProvider;
  chain: ChainInfo;
}

/**
 * Starts the devnet and builds its `ChainInfo` from the manifest (WETH, Uniswap V2 and the original V3 SwapRouter).
 *
 * @example
 * ```ts
 * const { devnet, provider, chain } = await startSwapDevnet();
 * ```
 */
export async function startSwapDevnet(): Promise<SwapDevnet> {
  const devnet = await startDevnet();
  const c = devnet.manifest.contracts;
  const registry = configureChains({
    overrides: new Map([
      [
        31337,
        {
          wrappedNative: c.weth,
          uniswapV2: { router02: c.uniswapV2Router02, factory: c.uniswapV2Factory },
          uniswapV3: {
            factory: c.uniswapV3Factory,
            swapRouter: c.uniswapV3SwapRouter,
            swapRouterKind: 'SwapRouter' as const,
            quoterV2: c.uniswapV3QuoterV2,
          },
        },
      ],
    ]),
  });
  const chain = registry.find((x) => x.id === 31337) as ChainInfo;
  const provider = new JsonRpcProvider(devnet.rpcUrl, 31337, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
  return { devnet, provider, chain };
}
