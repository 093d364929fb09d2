import { devnetTokenList } from '@org/chain-evm';
import type { StartDevnetReturnType } from '@org/devnet';
import type { Page } from 'playwright-core';
import type { SwapExecutionDto } from '../../src/dto/swap.js';
import { startTestServer, type TestServer } from './startTestServer.js';

export { launchChromium } from './launchChromium.js';

/** The real server on the devnet, its wallet one of the devnet's accounts, every fund-moving action held. */
export function startConsoleServer(
  devnet: StartDevnetReturnType,
  accountIndex: number,
  extra: Record<string, string> = {},
): Promise<TestServer> {
  const c = devnet.manifest.contracts;
  return startTestServer(
    {
      RPC_URL_DEVNET: devnet.rpcUrl,
      UNISWAP_V2_DEVNET: `${c.uniswapV2Router02},${c.uniswapV2Factory},${c.weth}`,
      UNISWAP_V3_DEVNET: `${c.uniswapV3Factory},${c.uniswapV3SwapRouter},${c.uniswapV3QuoterV2},SwapRouter`,
      WALLET_PRIVATE_KEY: devnet.manifest.accounts[accountIndex]!.privateKey,
      GOPLUS_BASE_URL: 'http://127.0.0.1:9',
      DEXSCREENER_BASE_URL: 'http://127.0.0.1:9',
      PROVIDER_TIMEOUT_MS: '200',
      WATCHER_INTERVAL_SECONDS: '0',
      CONFIRM_MODE: 'all',
      ...extra,
    },
    { swapTokens: new Map([[31337, devnetTokenList({ manifest: devnet.manifest })]]) },
  );
}

/** What a bot does: a swap of `amountIn` ETH for the devnet's USDC over HTTP with the trading key. */
export async function botSwap(
  server: TestServer,
  devnet: StartDevnetReturnType,
  amountIn = '0.01',
): Promise<{ status: number; body: SwapExecutionDto & { code?: string } }> {
  const res = await server.call('/swap/execute', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tokenIn: 'ETH', tokenOut: devnet.manifest.tokens.usdc.address, amountIn }),
  });
  return { status: res.status, body: (await res.json()) as SwapExecutionDto & { code?: string } };
}

/** Opens the console and signs in with `key` the way a person does: type it, press the button. */
export async function signIn(
  page: Page,
  url: string,
  key: string,
  { remember = false }: { remember?: boolean } = {},
): Promise<void> {
  await page.goto(`${url}/console/`);
  await page.getByLabel('Key').fill(key);
  if (remember) await page.getByLabel('Keep me signed in in this tab until it closes').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
}
