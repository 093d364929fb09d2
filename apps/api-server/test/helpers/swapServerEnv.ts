import type { StartDevnetReturnType } from '@org/devnet';
import { JsonRpcProvider } from 'ethers';

/**
 * The environment of a test server that swaps on the devnet with one of its accounts, through `rpcUrl` (the devnet
 * itself, or a JSON-RPC proxy in front of it); token-safety providers point at a closed port (unknown reports).
 */
export function swapServerEnv(
  devnet: StartDevnetReturnType,
  rpcUrl: string,
  accountIndex: number,
): Record<string, string> {
  const c = devnet.manifest.contracts;
  const account = devnet.manifest.accounts[accountIndex];
  if (!account) throw new Error(`no devnet account ${accountIndex}`);
  return {
    RPC_URL_DEVNET: rpcUrl,
    UNISWAP_V2_DEVNET: `${c.uniswapV2Router02},${c.uniswapV2Factory},${c.weth}`,
    UNISWAP_V3_DEVNET: `${c.uniswapV3Factory},${c.uniswapV3SwapRouter},${c.uniswapV3QuoterV2},SwapRouter`,
    WALLET_PRIVATE_KEY: account.privateKey,
    GOPLUS_BASE_URL: 'http://127.0.0.1:9',
    DEXSCREENER_BASE_URL: 'http://127.0.0.1:9',
    PROVIDER_TIMEOUT_MS: '200',
  };
}

/** A provider that reads the devnet directly (never through the code under test): no cache, no batching. */
export function devnetReader(devnet: StartDevnetReturnType): JsonRpcProvider {
  return new JsonRpcProvider(devnet.rpcUrl, 31337, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
}
