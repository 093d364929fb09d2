import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { loadConfig } from '@org/api-server/dist/config.js';
import { type RunningServer, startServer } from '@org/api-server/dist/startServer.js';
import { devnetTokenList } from '@org/chain-evm';
import { type StartDevnetReturnType, startDevnet } from '@org/devnet';

const run = promisify(execFile);

export const API_KEY = 'mcp-test-trading-key-0123456789abcdef';
export const OPERATOR_KEY = 'mcp-test-operator-key-0123456789abcdef0123';
/** The bin under test, as built. */
export const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
const CAST = fileURLToPath(new URL('../../node_modules/.bin/cast', import.meta.url));

/** A devnet and the real API server on it (built `@org/api-server`), with one funded devnet wallet. */
export interface Stack {
  readonly devnet: StartDevnetReturnType;
  readonly api: RunningServer;
  readonly wallet: `0x${string}`;
  /** The environment of a `wallet-ops-mcp` process pointed at this API server (trading key only). */
  readonly mcpEnv: Record<string, string>;
  /** `cast <args> --rpc-url <devnet>`: an independent client reading the chain. */
  cast(...args: string[]): Promise<string>;
  /** The wallet's nonce as the chain says (latest and pending agree when nothing is in flight). */
  nonce(): Promise<number>;
  /** A POST as the operator (`X-Operator-Key`). */
  operator(path: string, body?: unknown): Promise<Response>;
  stop(): Promise<void>;
}

/** Starts a devnet and the API server with `env` on top of a swap-ready configuration. */
export async function startStack(env: Record<string, string> = {}, accountIndex = 3): Promise<Stack> {
  const devnet = await startDevnet();
  const c = devnet.manifest.contracts;
  const account = devnet.manifest.accounts[accountIndex];
  if (!account) throw new Error(`no devnet account ${accountIndex}`);
  let api: RunningServer;
  try {
    api = await startServer({
      config: loadConfig({
        WEB3_API_KEY: API_KEY,
        WEB3_OPERATOR_KEY: OPERATOR_KEY,
        API_PORT: '0',
        DATA_DIR: join(mkdtempSync(join(tmpdir(), 'mcp-test-')), 'data'),
        LOG_LEVEL: 'silent',
        RPC_URL_DEVNET: devnet.rpcUrl,
        UNISWAP_V2_DEVNET: `${c.uniswapV2Router02},${c.uniswapV2Factory},${c.weth}`,
        UNISWAP_V3_DEVNET: `${c.uniswapV3Factory},${c.uniswapV3SwapRouter},${c.uniswapV3QuoterV2},SwapRouter`,
        WALLET_PRIVATE_KEY: account.privateKey,
        // No test reaches the internet: the providers are closed ports (unknown answers), the on-chain simulation
        // decides the devnet tokens' verdicts.
        GOPLUS_BASE_URL: 'http://127.0.0.1:9',
        DEXSCREENER_BASE_URL: 'http://127.0.0.1:9',
        YIELD_DEFILLAMA_BASE_URL: 'http://127.0.0.1:9',
        LIFI_BASE_URL: 'http://127.0.0.1:9',
        PROVIDER_TIMEOUT_MS: '200',
        GOVERNOR_MAX_PER_TX: '0.05',
        GOVERNOR_DAILY_LIMIT: '0.5',
        RECEIPT_TIMEOUT_MS: '10000',
        ...env,
      }),
      swapTokens: new Map([[devnet.manifest.chainId, devnetTokenList({ manifest: devnet.manifest })]]),
    });
  } catch (error) {
    await devnet.stop();
    throw error;
  }
  const cast = async (...args: string[]) =>
    (await run(CAST, [...args, '--rpc-url', devnet.rpcUrl], { timeout: 20_000 })).stdout.trim();
  return {
    devnet,
    api,
    wallet: account.address,
    mcpEnv: {
      PATH: process.env.PATH ?? '',
      WALLET_OPS_URL: api.url,
      WALLET_OPS_API_KEY: API_KEY,
      MCP_POLL_INTERVAL_MS: '200',
    },
    cast,
    nonce: async () => Number(await cast('nonce', account.address)),
    operator: (path, body = {}) =>
      fetch(`${api.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-Operator-Key': OPERATOR_KEY },
        body: JSON.stringify(body),
      }),
    stop: async () => {
      await api.close();
      await devnet.stop();
    },
  };
}
