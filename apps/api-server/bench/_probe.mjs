import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { devnetTokenList } from '@org/chain-evm';
import { mintToken, startDevnet, startRpcProxy } from '@org/devnet';
import { pino } from 'pino';
import { loadConfig } from '../dist/config.js';
import { createLogger } from '../dist/http/createLogger.js';
import { startServer } from '../dist/startServer.js';
const devnet = await startDevnet();
const proxy = await startRpcProxy({ upstream: devnet.rpcUrl });
const c = devnet.manifest.contracts;
const acct = devnet.manifest.accounts[2];
const key = 'bench-key-0123456789abcdef0123456789';
const config = loadConfig({ WEB3_API_KEY: key, API_PORT: '0', DATA_DIR: join(mkdtempSync(join(tmpdir(), 'sb-')), 'd'),
  RPC_URL_DEVNET: proxy.url, UNISWAP_V2_DEVNET: `${c.uniswapV2Router02},${c.uniswapV2Factory},${c.weth}`,
  UNISWAP_V3_DEVNET: `${c.uniswapV3Factory},${c.uniswapV3SwapRouter},${c.uniswapV3QuoterV2},SwapRouter`,
  WALLET_PRIVATE_KEY: acct.privateKey, GOPLUS_BASE_URL: 'http://127.0.0.1:9', DEXSCREENER_BASE_URL: 'http://127.0.0.1:9', PROVIDER_TIMEOUT_MS: '200', GOVERNOR_DAILY_LIMIT: '100', GOVERNOR_SESSION_LIMIT: '100', GOVERNOR_MAX_PER_TX: '10' });
const server = await startServer({ config, logger: createLogger({ level: 'warn', destination: pino.destination({ dest: '/dev/null', sync: true }) }), swapTokens: new Map([[31337, devnetTokenList({ manifest: devnet.manifest })]]) });
await mintToken({ devnet, token: devnet.manifest.tokens.usdc, to: acct.address, amount: 10n ** 12n });
const call = (p, init = {}) => fetch(`${server.url}${p}`, { ...init, headers: { ...init.headers, 'x-api-key': key, 'content-type': 'application/json' } });
const show = (label) => { for (const r of proxy.requests) console.log("   ", r.method, JSON.stringify(r.params).slice(0, 90), JSON.stringify(r.params).length); const by = {}; for (const r of proxy.requests) by[r.method] = (by[r.method] ?? 0) + 1; console.log(label, proxy.count(), JSON.stringify(by)); proxy.reset(); };
for (let i = 0; i < 3; i++) { proxy.reset(); await call('/swap/quote?tokenIn=USDC&tokenOut=DAI&amountIn=10'); show('quote'); }
for (let i = 0; i < 3; i++) { proxy.reset(); const r = await call('/swap/execute', { method: 'POST', body: JSON.stringify({ tokenIn: 'USDC', tokenOut: 'DAI', amountIn: '10' }) }); show(`execute ${r.status}`); }
await server.close(); await proxy.close(); await devnet.stop();
