import { devnetTokenList } from '@org/chain-evm';
import { type RpcProxy, type StartDevnetReturnType, startDevnet, startRpcProxy } from '@org/devnet';
import type { JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GovernorStatusDto } from '../src/dto/governor.js';
import type { SwapExecutionDto } from '../src/dto/swap.js';
import { startTestServer, type TestServer } from './helpers/startTestServer.js';
import { devnetReader, swapServerEnv } from './helpers/swapServerEnv.js';

// Issue 36: a node whose chain id was proved at first use switches to another chain later. Before a fund-moving send
// the server asks the node again once the proof is older than RPC_CHAIN_RECHECK_SECONDS (0 here: every send), and
// refuses 502 RPC_CHAIN_MISMATCH before anything is reserved, signed or sent. The wallet's nonce and the mempool are
// read from anvil directly, never through the proxy.
let devnet: StartDevnetReturnType;
let reader: JsonRpcProvider;
let proxy: RpcProxy;
let server: TestServer;
const ACCOUNT = 8;

beforeAll(async () => {
  devnet = await startDevnet();
  reader = devnetReader(devnet);
  proxy = await startRpcProxy({ upstream: devnet.rpcUrl });
  server = await startTestServer(
    {
      ...swapServerEnv(devnet, proxy.url, ACCOUNT),
      RPC_TIMEOUT_MS: '600',
      RPC_CHAIN_RECHECK_SECONDS: '0',
    },
    { swapTokens: new Map([[31337, devnetTokenList({ manifest: devnet.manifest })]]) },
  );
});
afterAll(async () => {
  await server?.close();
  await proxy?.close();
  reader?.destroy();
  await devnet?.stop();
});

const wallet = () => devnet.manifest.accounts[ACCOUNT]?.address as string;
const execute = () =>
  server.call('/swap/execute', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tokenIn: 'ETH', tokenOut: 'USDC', amountIn: '0.01' }),
  });
const mempoolSize = async () =>
  BigInt(((await reader.send('txpool_status', [])) as { pending: string }).pending);

describe('a node that switches chains after its chain id was proved', () => {
  it('a send re-proves the chain id: on the right chain it goes through; on another, 502 RPC_CHAIN_MISMATCH and nothing reserved or sent', async () => {
    // The proof at first use, while the node is healthy; a send proves it again.
    expect((await server.call(`/wallet/balance/${wallet()}`)).status).toBe(200);
    proxy.reset();
    const first = await execute();
    expect(first.status).toBe(200);
    expect(((await first.json()) as SwapExecutionDto).execution.status).toBe('confirmed');
    expect(proxy.count('eth_chainId')).toBeGreaterThan(0);

    const nonce = await reader.getTransactionCount(wallet());
    proxy.reset();
    proxy.intercept = (r) => (r.method === 'eth_chainId' ? { result: '0x1' } : undefined);
    const refused = await execute();
    proxy.intercept = undefined;
    expect(refused.status).toBe(502);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(((await refused.json()) as { code: string }).code).toBe('RPC_CHAIN_MISMATCH');
    expect(proxy.count('eth_sendRawTransaction')).toBe(0);
    const status = (await (await server.call('/governor/status')).json()) as GovernorStatusDto;
    expect(status.openReservations).toEqual([]);
    expect(await reader.getTransactionCount(wallet())).toBe(nonce);
    expect(await mempoolSize()).toBe(0n);

    // The node serves the chain again: the next send proves it and goes through.
    const again = await execute();
    expect(again.status).toBe(200);
    expect(await reader.getTransactionCount(wallet())).toBe(nonce + 1);
  }, 60_000);
});
