import { devnetTokenList } from '@org/chain-evm';
import { type RpcProxy, type StartDevnetReturnType, startDevnet, startRpcProxy } from '@org/devnet';
import type { JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionDto } from '../src/dto/execution.js';
import type { GovernorStatusDto } from '../src/dto/governor.js';
import type { SwapExecutionDto } from '../src/dto/swap.js';
import { startTestServer, type TestServer } from './helpers/startTestServer.js';
import { devnetReader, swapServerEnv } from './helpers/swapServerEnv.js';
import { until } from './helpers/until.js';

// Issue 36, faults at the RPC boundary: a JSON-RPC proxy between the server and anvil closes the connection
// mid-request, stalls past RPC_TIMEOUT_MS, answers garbage, or serves another chain. Reads and fund-moving requests
// answer a 502/503/504 problem+json with a stable code within the time-out; no reservation is left dangling and
// nothing is broadcast twice (the wallet's nonce and the mempool are read from anvil directly, never via the proxy).
const RPC_TIMEOUT_MS = 600;
/** The time-out, plus room for the few sequential calls a request makes before the stalled one and the HTTP hop. */
const BOUND_MS = RPC_TIMEOUT_MS * 4 + 1_500;

let devnet: StartDevnetReturnType;
let reader: JsonRpcProvider;

beforeAll(async () => {
  devnet = await startDevnet();
  reader = devnetReader(devnet);
});
afterAll(async () => {
  reader?.destroy();
  await devnet?.stop();
});

interface Problem {
  status: number;
  code: string;
}

async function timed(run: () => Promise<Response>): Promise<{ res: Response; ms: number }> {
  const started = performance.now();
  const res = await run();
  return { res, ms: performance.now() - started };
}

async function expectProblem(res: Response, status: number, code: string): Promise<Problem> {
  expect(res.headers.get('content-type')).toContain('application/problem+json');
  const body = (await res.json()) as Problem;
  expect({ status: res.status, code: body.code }).toEqual({ status, code });
  return body;
}

const tokens = () => ({ swapTokens: new Map([[31337, devnetTokenList({ manifest: devnet.manifest })]]) });

const mempoolSize = async () =>
  BigInt(((await reader.send('txpool_status', [])) as { pending: string }).pending);

describe('the RPC node fails under a server that is already running', () => {
  let server: TestServer;
  let proxy: RpcProxy;
  const accountIndex = 5;
  const wallet = () => devnet.manifest.accounts[accountIndex]!.address;
  const openReservations = async () =>
    ((await (await server.call('/governor/status')).json()) as GovernorStatusDto).openReservations;
  const execute = () =>
    server.call('/swap/execute', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tokenIn: 'ETH', tokenOut: 'USDC', amountIn: '0.01' }),
    });
  const balance = () => server.call(`/wallet/balance/${wallet()}`);
  const quote = () => server.call('/swap/quote?tokenIn=ETH&tokenOut=USDC&amountIn=0.01');

  beforeAll(async () => {
    proxy = await startRpcProxy({ upstream: devnet.rpcUrl });
    server = await startTestServer(
      {
        ...swapServerEnv(devnet, proxy.url, accountIndex),
        RPC_TIMEOUT_MS: String(RPC_TIMEOUT_MS),
        RECEIPT_TIMEOUT_MS: '1500',
      },
      tokens(),
    );
    // The chain-id check and a first answer happen while the node is healthy.
    expect((await balance()).status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
  });

  const faults = {
    'stops mid-request (connection closed)': {
      decision: () => 'drop' as const,
      status: 503,
      code: 'RPC_UNAVAILABLE',
    },
    'stalls past RPC_TIMEOUT_MS': {
      decision: () => ({ swallow: true }) as const,
      status: 503,
      code: 'RPC_TIMEOUT',
    },
    'answers garbage (a result of the wrong shape)': {
      decision: () => ({ result: { not: 'a quantity' } }) as const,
      status: 502,
      code: 'RPC_ERROR',
    },
    'answers garbage (not JSON)': {
      decision: () => ({ raw: '<html><body>502 Bad Gateway</body></html>' }) as const,
      status: 502,
      code: 'RPC_ERROR',
    },
    'answers garbage (JSON, not a JSON-RPC answer)': {
      decision: () => ({ raw: '{"hello":"world"}' }) as const,
      status: 502,
      code: 'RPC_ERROR',
    },
  } as const;

  for (const [name, fault] of Object.entries(faults)) {
    it(`${name}: /wallet/balance and /swap/quote answer ${fault.status} ${fault.code} within the bound`, async () => {
      proxy.intercept = (r) => (r.method === 'eth_getBalance' ? fault.decision() : undefined);
      const read = await timed(balance);
      proxy.intercept = (r) => (r.method === 'eth_call' ? fault.decision() : undefined);
      const quoted = await timed(quote);
      proxy.intercept = undefined;
      await expectProblem(read.res, fault.status, fault.code);
      expect(read.ms).toBeLessThan(BOUND_MS);
      const body = (await quoted.res.json()) as Problem;
      expect([502, 503, 504]).toContain(quoted.res.status);
      expect(body.code).toMatch(/^RPC_/);
      expect(quoted.ms).toBeLessThan(BOUND_MS);
      // The node is fine again: the same read answers.
      expect((await balance()).status).toBe(200);
    });

    // The simulation and the nonce lookup before signing fail with the node's own code (nothing reached the chain,
    // the reservation released) — never SEND_FAILED, which says the node refused a signed transaction.
    for (const [method, status, code] of [
      ['eth_simulateV1', fault.status, fault.code],
      ['eth_getTransactionCount', fault.status, fault.code],
    ] as const) {
      it(`${name} on ${method}, before signing: /swap/execute answers ${status} ${code}, nothing reserved or sent`, async () => {
        const nonce = await reader.getTransactionCount(wallet());
        proxy.reset();
        proxy.intercept = (r) => (r.method === method ? fault.decision() : undefined);
        const { res, ms } = await timed(execute);
        proxy.intercept = undefined;
        await expectProblem(res, status, code);
        expect(ms).toBeLessThan(BOUND_MS);
        expect(proxy.count(method)).toBeGreaterThan(0);
        expect(proxy.count('eth_sendRawTransaction')).toBe(0);
        expect(await openReservations()).toEqual([]);
        expect(await reader.getTransactionCount(wallet())).toBe(nonce);
        expect(await mempoolSize()).toBe(0n);
      });
    }
  }

  it('stalls on eth_sendRawTransaction after signing: 202 pending, the reservation kept; settled once when the node is back', async () => {
    const nonce = await reader.getTransactionCount(wallet());
    proxy.reset();
    proxy.intercept = (r) => (r.method === 'eth_sendRawTransaction' ? { swallow: true } : undefined);
    const { res, ms } = await timed(execute);
    proxy.intercept = undefined;
    expect(res.status).toBe(202);
    expect(ms).toBeLessThan(BOUND_MS + 1_500);
    const body = (await res.json()) as SwapExecutionDto;
    expect(body.execution.status).toBe('pending');
    // It may have reached the chain: the reservation stays counted, never released.
    const held = await openReservations();
    expect(held).toHaveLength(1);
    expect(proxy.count('eth_sendRawTransaction')).toBe(1);
    // The node swallowed it: nothing reached anvil, and the server did not broadcast it a second time.
    expect(await reader.getTransactionCount(wallet())).toBe(nonce);
    expect(await mempoolSize()).toBe(0n);

    // The node is back. Following the execution re-sends the same signed transaction (never a new one at another
    // nonce): one nonce used on the chain, the mined hash the one recorded at signing, the reservation committed.
    const settled = await until('the execution settled', async () => {
      const record = (await (await server.call(`/executions/${body.execution.id}`)).json()) as ExecutionDto;
      return ['confirmed', 'failed', 'reverted'].includes(record.status) ? record : undefined;
    });
    expect(settled.status).toBe('confirmed');
    expect(settled.txHash).toBe(body.execution.txHash);
    expect(await reader.getTransactionCount(wallet())).toBe(nonce + 1);
    const receipt = await reader.getTransactionReceipt(settled.txHash as string);
    expect(receipt?.status).toBe(1);
    expect(receipt?.from.toLowerCase()).toBe(wallet().toLowerCase());
    expect(await openReservations()).toEqual([]);
    expect(await mempoolSize()).toBe(0n);
  });

  it('the node switches to another chain after its chain id was checked: /health reports the chain down', async () => {
    interface Health {
      status: string;
      checks: { chains: { ok: number; total: number } };
    }
    const health = async () => (await (await server.call('/health')).json()) as Health;
    proxy.intercept = (r) => (r.method === 'eth_chainId' ? { result: '0x1' } : undefined);
    const degraded = await until('health degraded', async () => {
      const h = await health();
      return h.checks.chains.ok === 0 ? h : undefined;
    });
    proxy.intercept = undefined;
    expect(degraded).toMatchObject({ status: 'degraded', checks: { chains: { ok: 0, total: 1 } } });
    await until('health ok again', async () => ((await health()).checks.chains.ok === 1 ? true : undefined));
  });
});

describe('the broadcast reaches the chain but its answer is lost', () => {
  let server: TestServer;
  let proxy: RpcProxy;
  const accountIndex = 7;
  const wallet = () => devnet.manifest.accounts[accountIndex]!.address;

  beforeAll(async () => {
    proxy = await startRpcProxy({ upstream: devnet.rpcUrl });
    server = await startTestServer(
      {
        ...swapServerEnv(devnet, proxy.url, accountIndex),
        RPC_TIMEOUT_MS: String(RPC_TIMEOUT_MS),
        RECEIPT_TIMEOUT_MS: '1500',
      },
      tokens(),
    );
  });
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
  });

  // The proxy hands the signed transaction to anvil itself, then answers the server with the fault: the node has
  // it, the server cannot know. Releasing the reservation or signing again would be wrong.
  const lost = {
    'the connection closes': () => 'drop' as const,
    'the answer is garbage': () => ({ raw: '<html>oops</html>' }) as const,
    'the answer never comes': () => ({ swallow: true }) as const,
  } as const;

  for (const [name, decision] of Object.entries(lost)) {
    it(`${name}: 202 pending, the reservation kept; settled once, never signed again`, async () => {
      const nonce = await reader.getTransactionCount(wallet());
      proxy.reset();
      let forwarded: Promise<unknown> | undefined;
      proxy.intercept = (r) => {
        if (r.method !== 'eth_sendRawTransaction') return undefined;
        forwarded ??= reader.send('eth_sendRawTransaction', [...r.params]);
        return decision();
      };
      const { res, ms } = await timed(() =>
        server.call('/swap/execute', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ tokenIn: 'ETH', tokenOut: 'USDC', amountIn: '0.01' }),
        }),
      );
      const sentHash = await forwarded;
      proxy.intercept = undefined;
      expect(res.status).toBe(202);
      expect(ms).toBeLessThan(BOUND_MS + 1_500);
      const body = (await res.json()) as SwapExecutionDto;
      expect(body.execution.status).toBe('pending');
      expect(body.execution.txHash).toBe(sentHash);
      const held = (await (await server.call('/governor/status')).json()) as GovernorStatusDto;
      expect(held.openReservations).toHaveLength(1);

      const settled = await until('the execution settled', async () => {
        const record = (await (await server.call(`/executions/${body.execution.id}`)).json()) as ExecutionDto;
        return ['confirmed', 'failed', 'reverted'].includes(record.status) ? record : undefined;
      });
      expect(settled.status).toBe('confirmed');
      expect(settled.txHash).toBe(sentHash);
      expect(await reader.getTransactionCount(wallet())).toBe(nonce + 1);
      expect(await mempoolSize()).toBe(0n);
      const after = (await (await server.call('/governor/status')).json()) as GovernorStatusDto;
      expect(after.openReservations).toEqual([]);
    });
  }
});

describe('the RPC node answers for another chain', () => {
  let server: TestServer;
  let proxy: RpcProxy;
  const accountIndex = 6;
  const wallet = () => devnet.manifest.accounts[accountIndex]!.address;

  beforeAll(async () => {
    proxy = await startRpcProxy({ upstream: devnet.rpcUrl });
    proxy.intercept = (r) => (r.method === 'eth_chainId' ? { result: '0x1' } : undefined);
    server = await startTestServer(
      {
        ...swapServerEnv(devnet, proxy.url, accountIndex),
        RPC_TIMEOUT_MS: String(RPC_TIMEOUT_MS),
      },
      tokens(),
    );
  });
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
  });

  it('reads and /swap/execute answer 502 RPC_CHAIN_MISMATCH; nothing reserved, signed or sent', async () => {
    const nonce = await reader.getTransactionCount(wallet());
    proxy.reset();
    await expectProblem(await server.call(`/wallet/balance/${wallet()}`), 502, 'RPC_CHAIN_MISMATCH');
    await expectProblem(
      await server.call('/swap/quote?tokenIn=ETH&tokenOut=USDC&amountIn=0.01'),
      502,
      'RPC_CHAIN_MISMATCH',
    );
    const { res, ms } = await timed(() =>
      server.call('/swap/execute', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ tokenIn: 'ETH', tokenOut: 'USDC', amountIn: '0.01' }),
      }),
    );
    await expectProblem(res, 502, 'RPC_CHAIN_MISMATCH');
    expect(ms).toBeLessThan(BOUND_MS);
    // Nothing but the chain-id question should have been answered by a node on another chain.
    expect(proxy.count('eth_sendRawTransaction')).toBe(0);
    expect(proxy.count('eth_estimateGas')).toBe(0);
    const status = (await (await server.call('/governor/status')).json()) as GovernorStatusDto;
    expect(status.openReservations).toEqual([]);
    expect(await reader.getTransactionCount(wallet())).toBe(nonce);
  });
});
