import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { devnetTokenList } from '@org/chain-evm';
import {
  erc20Abi,
  mintToken,
  type RpcProxy,
  type StartDevnetReturnType,
  startDevnet,
  startRpcProxy,
  waitMined,
} from '@org/devnet';
import { Contract, type JsonRpcProvider, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfirmationPageDto } from '../src/dto/confirmation.js';
import type { ExecutionDto } from '../src/dto/execution.js';
import type { GovernorStatusDto } from '../src/dto/governor.js';
import type { SwapExecutionDto } from '../src/dto/swap.js';
import { runOperatorCli } from '../src/operator.js';
import { startTestServer, type TestServer } from './helpers/startTestServer.js';
import { devnetReader, swapServerEnv } from './helpers/swapServerEnv.js';
import { until } from './helpers/until.js';

// The kill switch on every send (issue 23 item 1, review F5), through HTTP on the devnet; every effect is read from
// the chain directly.
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

const usdc = () => devnet.manifest.tokens.usdc.address;
const json = async <T>(response: Promise<Response>): Promise<{ status: number; body: T }> => {
  const res = await response;
  return { status: res.status, body: (await res.json()) as T };
};
const post = (server: TestServer, path: string, body: unknown) =>
  server.call(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('kill switch engaged with CONFIRM_MODE=all (issue 23)', () => {
  const ACCOUNT = 8;
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(
      { ...swapServerEnv(devnet, devnet.rpcUrl, ACCOUNT), CONFIRM_MODE: 'all' },
      { swapTokens: new Map([[31337, devnetTokenList({ manifest: devnet.manifest })]]) },
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  it('every fund-moving request answers 403 KILL_SWITCH_ENGAGED at once; nothing is held; a held action stays held and its approval is refused', async () => {
    const account = devnet.manifest.accounts[ACCOUNT]!;
    // Something to revoke and something to sell, granted and minted directly on chain.
    await mintToken({ devnet, token: devnet.manifest.tokens.usdc, to: account.address, amount: 10n ** 9n });
    const owner = new Wallet(account.privateKey, reader);
    const spender = devnet.manifest.contracts.uniswapV2Router02;
    await waitMined(new Contract(usdc(), erc20Abi, owner).getFunction('approve')(spender, 1_000_000n));

    // Held before the kill.
    const held = await json<SwapExecutionDto>(
      post(server, '/swap/execute', { tokenIn: 'ETH', tokenOut: usdc(), amountIn: '0.01' }),
    );
    expect(held.status).toBe(202);
    expect(held.body.execution.status).toBe('awaiting_confirmation');
    const heldId = held.body.confirmation?.id as string;

    expect((await server.call('/governor/kill', { method: 'POST' })).status).toBe(200);
    const nonce = await reader.getTransactionCount(account.address);
    for (const [path, body] of [
      ['/swap/execute', { tokenIn: 'ETH', tokenOut: usdc(), amountIn: '0.01' }],
      ['/swap/execute', { tokenIn: usdc(), tokenOut: 'ETH', amountIn: '10' }],
      ['/approval/revoke', { token: usdc(), spender }],
    ] as const) {
      const refused = await json<{ code: string }>(post(server, path, body));
      expect({ path, status: refused.status, code: refused.body.code }).toEqual({
        path,
        status: 403,
        code: 'KILL_SWITCH_ENGAGED',
      });
    }
    // Nothing entered the confirmation queue; the one held before the kill is still pending.
    const queue = await json<ConfirmationPageDto>(server.call('/confirmations?status=pending'));
    expect(queue.body.items.map((c) => c.id)).toEqual([heldId]);
    // Approving it while killed is refused.
    const approved = await json<{ code: string }>(
      server.operator(`/confirmations/${heldId}/approve`, {
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
    );
    expect(approved).toMatchObject({ status: 403, body: { code: 'KILL_SWITCH_ENGAGED' } });
    expect(await reader.getTransactionCount(account.address)).toBe(nonce);
    expect((await json<GovernorStatusDto>(server.call('/governor/status'))).body.openReservations).toEqual(
      [],
    );
  });
});

describe('a broadcast swallowed by the node, then the kill switch (F5)', () => {
  const ACCOUNT = 9;
  let proxy: RpcProxy;
  let dataDir: string;
  let server: TestServer;
  beforeAll(async () => {
    proxy = await startRpcProxy({ upstream: devnet.rpcUrl });
    dataDir = join(mkdtempSync(join(tmpdir(), 'api-kill-')), 'data');
  });
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
  });
  const start = () =>
    startTestServer({
      ...swapServerEnv(devnet, proxy.url, ACCOUNT),
      DATA_DIR: dataDir,
      RPC_TIMEOUT_MS: '1000',
      RECEIPT_TIMEOUT_MS: '1000',
    });
  const wallet = () => devnet.manifest.accounts[ACCOUNT]!.address;
  /** A swap whose raw transaction the node never receives: 202 pending BROADCAST_UNCERTAIN. */
  async function swallowedSwap(): Promise<ExecutionDto> {
    proxy.intercept = (r) => (r.method === 'eth_sendRawTransaction' ? { swallow: true } : undefined);
    try {
      const res = await json<SwapExecutionDto>(
        post(server, '/swap/execute', { tokenIn: 'ETH', tokenOut: usdc(), amountIn: '0.01' }),
      );
      expect(res.status).toBe(202);
      expect(res.body.execution).toMatchObject({ status: 'pending', code: 'BROADCAST_UNCERTAIN' });
      return res.body.execution;
    } finally {
      proxy.intercept = undefined;
    }
  }
  const read = async (id: string) => (await json<ExecutionDto>(server.call(`/executions/${id}`))).body;

  it('nothing signed before the kill reaches the chain after it (reconciler, restart); the operator CLI cancel clears the nonce', async () => {
    server = await start();
    const nonce = await reader.getTransactionCount(wallet());
    const before = (await json<GovernorStatusDto>(server.call('/governor/status'))).body;
    const a = await swallowedSwap();
    expect((await server.call('/governor/kill', { method: 'POST' })).status).toBe(200);
    // The node forwards everything again; reads of the execution run the reconciler: it must not broadcast.
    expect(await read(a.id)).toMatchObject({ status: 'pending' });
    expect(await read(a.id)).toMatchObject({ status: 'pending' });
    expect(await reader.getTransaction(a.txHash as string)).toBeNull();
    expect(await reader.getTransactionCount(wallet())).toBe(nonce);

    // After a restart on the same data (the kill switch persisted): the reconciler at start sends nothing either.
    await server.close();
    server = await start();
    expect(await read(a.id)).toMatchObject({ status: 'pending' });
    expect(await reader.getTransaction(a.txHash as string)).toBeNull();
    expect(await reader.getTransactionCount(wallet())).toBe(nonce);
    expect(
      (await json<GovernorStatusDto>(server.call('/governor/status'))).body.openReservations,
    ).toHaveLength(1);

    // The operator clears the nonce from the CLI; the running server sends the cancel within seconds.
    const out: string[] = [];
    const err: string[] = [];
    const code = await runOperatorCli(
      ['cancel', a.id],
      { DATA_DIR: dataDir },
      (l) => out.push(l),
      (l) => err.push(l),
    );
    // The CLI names the database it acts on (stderr), and says nothing else there.
    expect({ code, err }).toEqual({ code: 0, err: [`operator: data directory ${dataDir} (DATA_DIR)`] });
    expect(JSON.parse(out.join('\n'))).toMatchObject({ id: a.id, cancelRequestedBy: 'cli' });
    const cancelled = await until('the cancel to settle', async () => {
      const now = await read(a.id);
      return now.status === 'cancelled' ? now : undefined;
    });
    const cancelHash = cancelled.txHash as string;
    expect(cancelHash).not.toBe(a.txHash);
    const receipt = await reader.getTransactionReceipt(cancelHash);
    const tx = await reader.getTransaction(cancelHash);
    expect(receipt?.status).toBe(1);
    expect({ to: tx?.to, value: tx?.value, data: tx?.data, nonce: tx?.nonce }).toEqual({
      to: wallet(),
      value: 0n,
      data: '0x',
      nonce,
    });
    expect(await reader.getTransaction(a.txHash as string)).toBeNull();
    expect(await reader.getTransactionCount(wallet())).toBe(nonce + 1);
    // Only the cancel's fee counts; the swap's value does not.
    const after = (await json<GovernorStatusDto>(server.call('/governor/status'))).body;
    expect(after.openReservations).toEqual([]);
    expect(BigInt(after.spent.daily.committed.wei) - BigInt(before.spent.daily.committed.wei)).toBe(
      receipt!.gasUsed * receipt!.gasPrice,
    );
  });

  it('POST /executions/{id}/cancel needs the operator key, and sends the cancel while the kill switch is engaged', async () => {
    expect((await server.operator('/governor/unkill')).status).toBe(200);
    const nonce = await reader.getTransactionCount(wallet());
    const b = await swallowedSwap();
    expect((await server.call('/governor/kill', { method: 'POST' })).status).toBe(200);
    const asTrader = await json<{ code: string }>(
      server.call(`/executions/${b.id}/cancel`, { method: 'POST' }),
    );
    expect(asTrader).toMatchObject({ status: 403, body: { code: 'OPERATOR_KEY_REQUIRED' } });
    const cancel = await json<ExecutionDto>(server.operator(`/executions/${b.id}/cancel`));
    expect(cancel.status).toBe(202);
    expect(cancel.body.transactions).toHaveLength(2);
    const settled = await until('the cancel to settle', async () => {
      const now = await read(b.id);
      return now.status === 'cancelled' ? now : undefined;
    });
    expect(settled.code).toBe('CANCELLED');
    expect(await reader.getTransaction(b.txHash as string)).toBeNull();
    expect(await reader.getTransactionCount(wallet())).toBe(nonce + 1);
    // Settled: nothing left to cancel.
    const again = await json<{ code: string }>(server.operator(`/executions/${b.id}/cancel`));
    expect(again).toMatchObject({ status: 409, body: { code: 'EXECUTION_NOT_CANCELLABLE' } });
    const unknown = await json<{ code: string }>(server.operator('/executions/nope/cancel'));
    expect(unknown).toMatchObject({ status: 404, body: { code: 'EXECUTION_NOT_FOUND' } });
  });
});
