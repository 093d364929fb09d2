import { randomBytes } from 'node:crypto';
import { basename } from 'node:path';
import { devnetTokenList } from '@org/chain-evm';
import { SqliteSharePriceStore } from '@org/chain-evm/sqlite';
import { lifiFixtureChain, mintToken, startDevnet, startDevnetPair, startLifiFixture } from '@org/devnet';
import { loadConfig } from './config.js';
import { clearCurrentDemo, writeCurrentDemo } from './demo/currentDemoPointer.js';
import { demoLines } from './demo/demoLines.js';
import { demoRunDir } from './demo/demoRunDir.js';
import { seedVaultHistory } from './demo/seedVaultHistory.js';
import { describeStartFailure } from './describeStartFailure.js';
import { openDatabase } from './openDatabase.js';
import { startServer } from './startServer.js';

/**
 * `pnpm demo`: a local devnet, the server configured against it with a funded devnet wallet, and a random API key.
 * Needs no RPC, no keys and no internet. Serves until Ctrl-C. `--bridge` also starts `devnet-b` (31338) and a local
 * LI.FI (the fixture, its relayer paying on chain B) for `/bridge/*`, and prints a bridge quote.
 */
async function demo(): Promise<void> {
  const withBridge = process.argv.includes('--bridge');
  process.stdout.write(
    `Starting the local devnet${withBridge ? 's (two chains)' : ''} (anvil + Uniswap V2/V3 + test tokens)…\n`,
  );
  const pair = withBridge ? await startDevnetPair() : undefined;
  const devnet = pair?.a ?? (await startDevnet());
  const lifi = pair
    ? await startLifiFixture({ chains: [lifiFixtureChain(pair.a), lifiFixtureChain(pair.b)] }).catch(
        async (error: unknown) => {
          await pair.stop();
          throw error;
        },
      )
    : undefined;
  const stopChains = async () => {
    await lifi?.close();
    await (pair ? pair.stop() : devnet.stop());
  };
  const account = devnet.manifest.accounts[1] ?? devnet.manifest.accounts[0];
  if (!account) throw new Error('devnet has no funded account');
  // This run's data belongs to this devnet: a folder named after the block it starts at (new at every start).
  const head = await devnet.rpc.request<{ hash: string }>('eth_getBlockByNumber', ['latest', false]);
  const run = demoRunDir({
    env: process.env,
    chainId: devnet.manifest.chainId,
    startBlockHash: head.hash,
    at: new Date(),
  });
  const runId = basename(run.dataDir);
  // The wallet holds devnet USDC (the compound and bridge lines spend it); the vault gets a measured history.
  const vault = devnet.manifest.tokens.vault.address;
  await mintToken({
    devnet,
    token: devnet.manifest.tokens.usdc,
    to: account.address,
    amount: 1_000_000_000n,
  });
  const seeded = openDatabase({ dataDir: run.dataDir });
  try {
    await seedVaultHistory({ devnet, vault, store: new SqliteSharePriceStore({ database: seeded }) });
  } finally {
    seeded.close();
  }
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
    DEFAULT_CHAIN: process.env.DEFAULT_CHAIN ?? 'devnet',
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
    PORTFOLIO_VAULTS_DEVNET: vault,
    // The devnet's vault is a yield opportunity too, its APY measured from the history made above.
    YIELD_VAULTS_DEVNET: process.env.YIELD_VAULTS_DEVNET ?? vault,
    // A demo-sized deposit (100 USDC) pays for its gas at devnet fees over a year of the vault's yield, not a month.
    YIELD_COMPOUND_HORIZON_DAYS: process.env.YIELD_COMPOUND_HORIZON_DAYS ?? '365',
    DATA_DIR: run.dataDir,
    ...(pair && lifi ? bridgeEnv(pair.b.rpcUrl, devnet.manifest.contracts, lifi.url) : {}),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  });
  const swapTokens = new Map([
    [devnet.manifest.chainId, devnetTokenList({ manifest: devnet.manifest })],
    ...(pair ? [[pair.b.manifest.chainId, devnetTokenList({ manifest: pair.b.manifest })] as const] : []),
  ]);
  const server = await startServer({ config, swapTokens }).catch(async (error: unknown) => {
    await stopChains();
    throw new Error(describeStartFailure(error, config));
  });
  writeCurrentDemo(run.demoRoot, {
    dataDir: run.dataDir,
    pid: process.pid,
    url: server.url,
    startedAt: new Date().toISOString(),
  });
  const bridgeLines = pair ? await bridgeDemo(server.url, apiKey, runId, pair.b.rpcUrl) : [];
  process.stdout.write(
    [
      '',
      `API server:  ${server.url}   (Swagger UI: ${server.url}/docs, Redoc: ${server.url}/redoc)`,
      `Devnet RPC:  ${devnet.rpcUrl} (chain id ${devnet.manifest.chainId})`,
      `Data:        ${run.dataDir} (this run's devnet only; \`pnpm operator …\` finds it while the demo runs)`,
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
      ...demoLines({
        url: server.url,
        apiKey,
        runId,
        honeypot: devnet.manifest.tokens.honeypot.address,
        vault,
      }),
      ...bridgeLines,
      'Ctrl-C stops the server and the devnet.',
      '',
    ].join('\n'),
  );
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    clearCurrentDemo(run.demoRoot, process.pid);
    void Promise.allSettled([server.close(), stopChains()]).then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.on('SIGHUP', stop);
}

/** The variables `--bridge` adds: devnet-b's node and Uniswap, the local LI.FI, the devnet bridge allowlisted. */
function bridgeEnv(
  rpcUrlB: string,
  c: Awaited<ReturnType<typeof startDevnet>>['manifest']['contracts'],
  lifiUrl: string,
): Record<string, string> {
  const v2 = [c.uniswapV2Router02, c.uniswapV2Factory, c.weth].join(',');
  const v3 = [c.uniswapV3Factory, c.uniswapV3SwapRouter, c.uniswapV3QuoterV2, 'SwapRouter'].join(',');
  return {
    // The registry's name is `devnet-b`: its per-chain variables keep the dash.
    'RPC_URL_DEVNET-B': rpcUrlB,
    'UNISWAP_V2_DEVNET-B': v2,
    'UNISWAP_V3_DEVNET-B': v3,
    LIFI_BASE_URL: lifiUrl,
    BRIDGE_ALLOWED_CONTRACTS_DEVNET: c.devnetBridge,
    BRIDGE_STATUS_POLL_MS: process.env.BRIDGE_STATUS_POLL_MS ?? '2000',
  };
}

/** Asks the server for a bridge quote of the wallet's devnet USDC, and says how to try it. */
async function bridgeDemo(url: string, apiKey: string, runId: string, rpcUrlB: string): Promise<string[]> {
  const path = '/bridge/quote?fromChain=devnet&toChain=devnet-b&token=USDC&amount=100';
  const res = await fetch(`${url}${path}`, { headers: { 'X-API-Key': apiKey } });
  const body = (await res.json()) as {
    id?: string;
    amountOutMin?: { amount: string; symbol: string | null };
    tool?: string;
    durationSeconds?: number;
    code?: string;
  };
  const quote =
    res.status === 200
      ? `Bridge quote: 100 USDC devnet → devnet-b, at least ${body.amountOutMin?.amount} ${body.amountOutMin?.symbol ?? ''} via ${body.tool} (~${body.durationSeconds} s), id ${body.id}`
      : `Bridge quote: refused (${res.status} ${body.code ?? ''})`;
  return [
    `Devnet B:    ${rpcUrlB} (chain id 31338), with a local LI.FI whose relayer pays on it`,
    quote,
    `  curl -s -H "X-API-Key: ${apiKey}" "${url}/bridge/chains"`,
    `  curl -s -H "X-API-Key: ${apiKey}" "${url}${path}"`,
    'Bridge 100 USDC to devnet-b (the wallet holds 1000 devnet USDC; follow it at /executions/{id}):',
    `  curl -s -X POST -H "X-API-Key: ${apiKey}" -H "Content-Type: application/json" -H "Idempotency-Key: demo-${runId}-bridge" -d '{"fromChain":"devnet","toChain":"devnet-b","token":"USDC","amount":"100"}' "${url}/bridge/execute"`,
    '',
  ];
}

demo().catch((error: unknown) => {
  process.stderr.write(`demo failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
