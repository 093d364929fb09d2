import { devnetTokenList } from '@org/chain-evm';
import { type RpcProxy, type StartDevnetReturnType, startDevnet, startRpcProxy } from '@org/devnet';
import type { JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionPageDto } from '../src/dto/execution.js';
import type { GovernorStatusDto } from '../src/dto/governor.js';
import { startTestServer, type TestServer } from './helpers/startTestServer.js';
import { devnetReader, swapServerEnv } from './helpers/swapServerEnv.js';
import { until } from './helpers/until.js';

// Review 2, G4: the kill switch is read inside the per-wallet nonce lane, right before each signature. A node that
// answers `eth_sendRawTransaction` slowly holds the lane; the kill lands while three more swaps wait in it. Nothing is
// signed after the kill: read from the chain directly.
const ACCOUNT = 2;
let devnet: StartDevnetReturnType;
let reader: JsonRpcProvider;
let proxy: RpcProxy;
let server: TestServer;

beforeAll(async () => {
  devnet = await startDevnet();
  reader = devnetReader(devnet);
  proxy = await startRpcProxy({ upstream: devnet.rpcUrl });
  server = await startTestServer(swapServerEnv(devnet, proxy.url, ACCOUNT), {
    swapTokens: new Map([[31337, devnetTokenList({ manifest: devnet.manifest })]]),
  });
});
afterAll(async () => {
  await server?.close();
  await proxy?.close();
  reader?.destroy();
  await devnet?.stop();
});

describe('a kill that lands while executions queue in the nonce lane (G4)', () => {
  it('the one being broadcast goes out; the queued ones are blocked KILL_SWITCH_ENGAGED, reservations released, nothing signed after the kill', async () => {
    const wallet = devnet.manifest.accounts[ACCOUNT]!.address;
    const before = await reader.getTransactionCount(wallet, 'latest');
    const arrivals: number[] = [];
    proxy.intercept = (r) => {
      if (r.method !== 'eth_sendRawTransaction') return undefined;
      arrivals.push(Date.now());
      return { delayMs: 2_000 };
    };
    const swaps = Array.from({ length: 4 }, () =>
      server.call('/swap/execute', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          tokenIn: 'ETH',
          tokenOut: devnet.manifest.tokens.usdc.address,
          amountIn: '0.001',
        }),
      }),
    );
    // The first send holds the lane; the others are behind it (past every check before the lane).
    await until('the first broadcast', async () => (arrivals.length > 0 ? true : undefined), { ms: 30_000 });
    await new Promise((r) => setTimeout(r, 300));
    const killedAt = Date.now();
    expect((await server.call('/governor/kill', { method: 'POST' })).status).toBe(200);
    const answers = await Promise.all(
      swaps.map(async (res) => {
        const r = await res;
        return { status: r.status, body: (await r.json()) as { code?: string } };
      }),
    );
    proxy.intercept = undefined;
    expect(answers.map((a) => a.status).sort()).toEqual([200, 403, 403, 403]);
    expect(answers.filter((a) => a.status === 403).map((a) => a.body.code)).toEqual([
      'KILL_SWITCH_ENGAGED',
      'KILL_SWITCH_ENGAGED',
      'KILL_SWITCH_ENGAGED',
    ]);
    // Nothing reached the node after the kill, and exactly one transaction of the wallet was mined.
    expect(arrivals.filter((t) => t >= killedAt)).toEqual([]);
    expect(await reader.getTransactionCount(wallet, 'pending')).toBe(before + 1);
    const page = (await (await server.call('/executions?limit=100')).json()) as ExecutionPageDto;
    const blocked = page.items.filter((e) => e.status === 'blocked');
    expect(blocked.map((e) => [e.code, e.transactions.length])).toEqual([
      ['KILL_SWITCH_ENGAGED', 0],
      ['KILL_SWITCH_ENGAGED', 0],
      ['KILL_SWITCH_ENGAGED', 0],
    ]);
    const status = (await (await server.call('/governor/status')).json()) as GovernorStatusDto;
    expect(status).toMatchObject({ killSwitch: true, openReservations: [] });
  });
});
