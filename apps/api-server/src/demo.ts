import { randomBytes } from 'node:crypto';
import { devnetTokenList } from '@org/chain-evm';
import { startDevnet } from '@org/devnet';
import { loadConfig } from './config.js';
import { startServer } from './startServer.js';

/**
 * `pnpm demo`: a local devnet, the server configured against it with a funded devnet wallet, and a random API key.
 * Needs no RPC, no keys and no internet. Serves until Ctrl-C.
 */
async function demo(): Promise<void> {
  process.stdout.write('Starting the local devnet (anvil + Uniswap V2/V3 + test tokens)…\n');
  const devnet = await startDevnet();
  const account = devnet.manifest.accounts[1] ?? devnet.manifest.accounts[0];
  if (!account) throw new Error('devnet has no funded account');
  // A key the user already set is kept, so a restart does not break their scripts; otherwise a fresh random one.
  const apiKey = process.env.WEB3_API_KEY?.trim() || randomBytes(32).toString('hex');
  // The operator key opens the console's decisions (and the operator routes); the same rule as the API key.
  const operatorKey = process.env.WEB3_OPERATOR_KEY?.trim() || randomBytes(32).toString('hex');
  const config = loadConfig({
    ...process.env,
    WEB3_API_KEY: apiKey,
    WEB3_OPERATOR_KEY: operatorKey,
    API_HOST: process.env.API_HOST ?? '127.0.0.1',
    API_PORT: process.env.API_PORT ?? '8000',
    UNISWAP_V3_DEVNET: [
      devnet.manifest.contracts.uniswapV3Factory,
      devnet.manifest.contracts.uniswapV3SwapRouter,
      devnet.manifest.contracts.uniswapV3QuoterV2,
      'SwapRouter',
    ].join(','),
    RPC_URL_DEVNET: devnet.rpcUrl,
    UNISWAP_V2_DEVNET: [
      devnet.manifest.contracts.uniswapV2Router02,
      devnet.manifest.contracts.uniswapV2Factory,
      devnet.manifest.contracts.weth,
    ].join(','),
    WALLET_PRIVATE_KEY: account.privateKey,
    // The portfolio's USD figures come from the devnet USDC's pools; the devnet vault is valued by its assets.
    PORTFOLIO_USD_TOKEN_DEVNET: devnet.manifest.tokens.usdc.address,
    PORTFOLIO_VAULTS_DEVNET: devnet.manifest.tokens.vault.address,
    // The devnet's vault is a yield opportunity too (its APY appears once two share-price samples a day apart exist).
    YIELD_VAULTS_DEVNET: process.env.YIELD_VAULTS_DEVNET ?? devnet.manifest.tokens.vault.address,
    DATA_DIR: process.env.DATA_DIR ?? './.data/demo',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  });
  const swapTokens = new Map([[devnet.manifest.chainId, devnetTokenList({ manifest: devnet.manifest })]]);
  const server = await startServer({ config, swapTokens }).catch(async (error: unknown) => {
    await devnet.stop();
    throw error;
  });
  process.stdout.write(
    [
      '',
      `API server:  ${server.url}   (Swagger UI: ${server.url}/docs, Redoc: ${server.url}/redoc)`,
      `Devnet RPC:  ${devnet.rpcUrl} (chain id ${devnet.manifest.chainId})`,
      `Wallet:      ${account.address} (funded devnet account; devnet keys are public)`,
      `API key:     ${apiKey}${process.env.WEB3_API_KEY?.trim() ? ' (from WEB3_API_KEY)' : ' (random; set WEB3_API_KEY to keep one across restarts)'}`,
      `Operator key: ${operatorKey}${process.env.WEB3_OPERATOR_KEY?.trim() ? ' (from WEB3_OPERATOR_KEY)' : ' (random; set WEB3_OPERATOR_KEY to keep one)'}`,
      config.enableConsole
        ? `Console:     ${server.url}/console   (sign in with the operator key; the API key gives a read-only view; CONFIRM_MODE=all holds every swap for it)`
        : 'Console:     off (ENABLE_CONSOLE)',
      '',
      'Devnet tokens (symbol, address, decimals):',
      ...Object.values(devnet.manifest.tokens).map(
        (t) => `  ${t.symbol.padEnd(7)} ${t.address}  ${String(t.decimals).padStart(2)}  ${t.name}`,
      ),
      `  ${'WETH'.padEnd(7)} ${devnet.manifest.contracts.weth}  18  Wrapped Ether`,
      '',
      'Try:',
      `  curl -s -H "X-API-Key: ${apiKey}" "${server.url}/wallet/info?chain=devnet"`,
      `  curl -s -H "X-API-Key: ${apiKey}" "${server.url}/security/token?chain=devnet&address=${devnet.manifest.tokens.honeypot.address}"`,
      `  curl -s -H "X-API-Key: ${apiKey}" "${server.url}/governor/status"`,
      `  curl -s -H "X-API-Key: ${apiKey}" "${server.url}/portfolio/"`,
      `  curl -s -H "X-API-Key: ${apiKey}" "${server.url}/gas/recommendation"`,
      `  curl -s -H "X-API-Key: ${apiKey}" "${server.url}/swap/tokens"`,
      `  curl -s -H "X-API-Key: ${apiKey}" "${server.url}/swap/quote?tokenIn=ETH&tokenOut=USDC&amountIn=0.01"`,
      `  curl -s -H "X-API-Key: ${apiKey}" "${server.url}/yield/opportunities?source=onchain"`,
      `  curl -s -H "X-API-Key: ${apiKey}" "${server.url}/yield/portfolio"`,
      '',
      'Swap 0.01 ETH for USDC on the devnet (a real transaction through the execution gateway):',
      `  curl -s -X POST -H "X-API-Key: ${apiKey}" -H "Content-Type: application/json" -H "Idempotency-Key: demo-1" -d '{"tokenIn":"ETH","tokenOut":"USDC","amountIn":"0.01"}' "${server.url}/swap/execute"`,
      '',
      'Ctrl-C stops the server and the devnet.',
      '',
    ].join('\n'),
  );
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void Promise.allSettled([server.close(), devnet.stop()]).then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

demo().catch((error: unknown) => {
  process.stderr.write(`demo failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
