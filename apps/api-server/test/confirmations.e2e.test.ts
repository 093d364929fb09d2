import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type StartDevnetReturnType, startDevnet } from '@org/devnet';
import { JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ConfirmationDecisionDto,
  ConfirmationDto,
  ConfirmationPageDto,
} from '../src/dto/confirmation.js';
import type { ExecutionDto } from '../src/dto/execution.js';
import type { GovernorStatusDto } from '../src/dto/governor.js';
import type { SwapExecutionDto } from '../src/dto/swap.js';
import { startTestServer, TEST_API_KEY, type TestServer } from './helpers/startTestServer.js';

// Operator control over HTTP on the devnet: held actions (CONFIRM_MODE), the operator key, approval bound to the
// exact intent, denial, expiry, restart. Every chain effect is read with a separate provider.
const OPERATOR_KEY = 'operator-key-0123456789abcdef0123456789abcdef';
let devnet: StartDevnetReturnType;
let reader: JsonRpcProvider;

beforeAll(async () => {
  devnet = await startDevnet();
  reader = new JsonRpcProvider(devnet.rpcUrl, 31337, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
});
afterAll(async () => {
  reader?.destroy();
  await devnet?.stop();
});

function env(accountIndex: number, extra: Record<string, string> = {}): Record<string, string> {
  const c = devnet.manifest.contracts;
  return {
    RPC_URL_DEVNET: devnet.rpcUrl,
    UNISWAP_V2_DEVNET: `${c.uniswapV2Router02},${c.uniswapV2Factory},${c.weth}`,
    UNISWAP_V3_DEVNET: `${c.uniswapV3Factory},${c.uniswapV3SwapRouter},${c.uniswapV3QuoterV2},SwapRouter`,
    WALLET_PRIVATE_KEY: devnet.manifest.accounts[accountIndex]!.privateKey,
    GOPLUS_BASE_URL: 'http://127.0.0.1:9',
    DEXSCREENER_BASE_URL: 'http://127.0.0.1:9',
    PROVIDER_TIMEOUT_MS: '200',
    WEB3_OPERATOR_KEY: OPERATOR_KEY,
    CONFIRM_MODE: 'above:0.01',
    ...extra,
  };
}

const swap = (server: TestServer, amountIn: string) =>
  server.call('/swap/execute', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tokenIn: 'ETH', tokenOut: devnet.manifest.tokens.usdc.address, amountIn }),
  });
const asOperator = (server: TestServer, path: string, body: unknown = {}) =>
  server.call(path, {
    key: null,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Operator-Key': OPERATOR_KEY },
    body: JSON.stringify(body),
  });
const asTrader = (server: TestServer, path: string, body: unknown = {}) =>
  server.call(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const status = async (server: TestServer) =>
  (await (await server.call('/governor/status')).json()) as GovernorStatusDto;

async function hold(server: TestServer, amountIn: string): Promise<SwapExecutionDto> {
  const res = await swap(server, amountIn);
  expect(res.status).toBe(202);
  const body = (await res.json()) as SwapExecutionDto;
  expect(body.execution.status).toBe('awaiting_confirmation');
  expect(body.confirmation).toMatchObject({
    status: 'pending',
    reason: 'above-threshold',
    executionId: body.execution.id,
  });
  return body;
}

describe('operator control (CONFIRM_MODE=above:0.01, WEB3_OPERATOR_KEY set)', () => {
  let server: TestServer;
  const account = () => devnet.manifest.accounts[7]!.address;
  beforeAll(async () => {
    server = await startTestServer(env(7));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a swap worth 0.02 ETH waits (202, nothing sent); the operator approves → it executes once and is counted', async () => {
    const nonce = await reader.getTransactionCount(account());
    const before = await status(server);
    const held = await hold(server, '0.02');
    expect(await reader.getTransactionCount(account())).toBe(nonce);
    expect((await status(server)).openReservations).toEqual([]);
    const listed = (await (await server.call('/confirmations?status=pending')).json()) as ConfirmationPageDto;
    expect(listed.items.map((c) => c.id)).toContain(held.confirmation?.id);

    const approved = await asOperator(server, `/confirmations/${held.confirmation?.id}/approve`);
    expect(approved.status).toBe(200);
    const decision = (await approved.json()) as ConfirmationDecisionDto;
    expect(decision.execution).toMatchObject({ id: held.execution.id, status: 'confirmed' });
    // The confirmation follows its execution to the end: not `running` beside a `confirmed` execution.
    expect(decision.confirmation).toMatchObject({
      status: 'settled',
      executionStatus: 'confirmed',
      decidedBy: 'operator-key',
    });
    const read = (await (
      await server.call(`/confirmations/${held.confirmation?.id}`)
    ).json()) as ConfirmationDto;
    expect([read.status, read.executionStatus]).toEqual(['settled', 'confirmed']);
    const settled = (await (
      await server.call('/confirmations?status=settled')
    ).json()) as ConfirmationPageDto;
    expect(settled.items.map((c) => c.id)).toContain(held.confirmation?.id);
    const running = (await (
      await server.call('/confirmations?status=running')
    ).json()) as ConfirmationPageDto;
    expect(running.items.map((c) => c.id)).not.toContain(held.confirmation?.id);
    const tx = await reader.getTransaction(decision.execution.txHash as string);
    expect(tx?.value).toBe(2n * 10n ** 16n);
    expect(await reader.getTransactionCount(account())).toBe(nonce + 1);
    const after = await status(server);
    expect(BigInt(after.spent.daily.committed.wei) - BigInt(before.spent.daily.committed.wei)).toBe(
      2n * 10n ** 16n + BigInt(decision.execution.fee?.wei ?? 0),
    );
    const again = await asOperator(server, `/confirmations/${held.confirmation?.id}/approve`);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { code: string }).code).toBe('CONFIRMATION_NOT_PENDING');
    expect(await reader.getTransactionCount(account())).toBe(nonce + 1);
  });

  it('under the threshold runs at once', async () => {
    const res = await swap(server, '0.005');
    expect(res.status).toBe(200);
  });

  it('the trading key may stop but not restart, nor decide; the operator key restarts', async () => {
    const held = await hold(server, '0.02');
    const tradingApprove = await asTrader(server, `/confirmations/${held.confirmation?.id}/approve`);
    expect(tradingApprove.status).toBe(403);
    expect(((await tradingApprove.json()) as { code: string }).code).toBe('OPERATOR_KEY_REQUIRED');
    expect((await asTrader(server, `/confirmations/${held.confirmation?.id}/deny`)).status).toBe(403);
    expect((await asTrader(server, '/governor/kill')).status).toBe(200);
    const unkill = await asTrader(server, '/governor/unkill');
    expect(unkill.status).toBe(403);
    expect(((await unkill.json()) as { code: string }).code).toBe('OPERATOR_KEY_REQUIRED');
    expect((await status(server)).killSwitch).toBe(true);
    const wrongOperator = await server.call('/governor/unkill', {
      key: null,
      method: 'POST',
      headers: { 'X-Operator-Key': `${OPERATOR_KEY}x` },
    });
    expect(wrongOperator.status).toBe(401);
    expect((await asOperator(server, '/governor/unkill')).status).toBe(200);
    expect((await status(server)).killSwitch).toBe(false);
    // The operator key is not a trading key: it cannot execute.
    const operatorSwap = await server.call('/swap/execute', {
      key: null,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Operator-Key': OPERATOR_KEY },
      body: JSON.stringify({ tokenIn: 'ETH', tokenOut: 'USDC', amountIn: '0.001' }),
    });
    expect(operatorSwap.status).toBe(401);
    // The operator reads the queue with its own key.
    const read = await server.call('/confirmations?status=pending', {
      key: null,
      headers: { 'X-Operator-Key': OPERATOR_KEY },
    });
    expect(read.status).toBe(200);
    await asOperator(server, `/confirmations/${held.confirmation?.id}/deny`);
  });

  it('deny → nothing sent, nothing reserved; the execution shows CONFIRMATION_DENIED', async () => {
    const nonce = await reader.getTransactionCount(account());
    const held = await hold(server, '0.03');
    const denied = await asOperator(server, `/confirmations/${held.confirmation?.id}/deny`, {
      note: 'too big',
    });
    expect(denied.status).toBe(200);
    const body = (await denied.json()) as ConfirmationDecisionDto;
    expect(body.execution).toMatchObject({ status: 'blocked', code: 'CONFIRMATION_DENIED' });
    expect(body.confirmation).toMatchObject({ status: 'denied', note: 'too big' });
    const execution = (await (await server.call(`/executions/${held.execution.id}`)).json()) as ExecutionDto;
    expect(execution.code).toBe('CONFIRMATION_DENIED');
    expect(await reader.getTransactionCount(account())).toBe(nonce);
    expect((await status(server)).openReservations).toEqual([]);
  });

  it('an approval is bound to its own intent: approving the 0.02 swap sends 0.02, the 0.03 one stays pending', async () => {
    const small = await hold(server, '0.02');
    const large = await hold(server, '0.03');
    const res = await asOperator(server, `/confirmations/${small.confirmation?.id}/approve`);
    const decision = (await res.json()) as ConfirmationDecisionDto;
    expect(decision.execution.id).toBe(small.execution.id);
    expect((await reader.getTransaction(decision.execution.txHash as string))?.value).toBe(2n * 10n ** 16n);
    const other = (await (
      await server.call(`/confirmations/${large.confirmation?.id}`)
    ).json()) as ConfirmationDto;
    expect(other).toMatchObject({ status: 'pending', nativeValue: { eth: '0.03' } });
    await asOperator(server, `/confirmations/${large.confirmation?.id}/deny`);
  });

  it('PUT /governor/limits: the operator changes the caps (persisted); the trading key cannot; bad values 422', async () => {
    const put = (headers: Record<string, string>, body: unknown) =>
      server.call('/governor/limits', {
        key: null,
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const trader = await put({ 'X-API-Key': TEST_API_KEY }, { maxPerTx: '10' });
    expect(trader.status).toBe(403);
    expect(((await trader.json()) as { code: string }).code).toBe('OPERATOR_KEY_REQUIRED');
    expect((await put({ 'X-Operator-Key': OPERATOR_KEY }, { maxPerTx: 'ten' })).status).toBe(422);
    const set = await put({ 'X-Operator-Key': OPERATOR_KEY }, { maxPerTx: '0.04' });
    expect(set.status).toBe(200);
    expect(((await set.json()) as GovernorStatusDto).limits.maxPerTx.eth).toBe('0.04');
    expect((await status(server)).limits.maxPerTx.eth).toBe('0.04');
    const back = await put({ 'X-Operator-Key': OPERATOR_KEY }, { maxPerTx: null });
    expect(((await back.json()) as GovernorStatusDto).limits.maxPerTx.eth).toBe('0.05');
  });

  it('bad input: unknown id 404, bad value 422', async () => {
    expect((await asOperator(server, '/confirmations/nope/approve')).status).toBe(404);
    const held = await hold(server, '0.02');
    const bad = await asOperator(server, `/confirmations/${held.confirmation?.id}/approve`, { value: '-1' });
    expect(bad.status).toBe(422);
    await asOperator(server, `/confirmations/${held.confirmation?.id}/deny`);
  });
});

describe('expiry and restart', () => {
  it('a held action nobody approves expires on time: denied, nothing sent', async () => {
    const server = await startTestServer(env(8, { CONFIRM_TTL_SECONDS: '1' }));
    try {
      const nonce = await reader.getTransactionCount(devnet.manifest.accounts[8]!.address);
      const held = await hold(server, '0.02');
      await new Promise((r) => setTimeout(r, 1_300));
      const expired = (await (
        await server.call(`/confirmations/${held.confirmation?.id}`)
      ).json()) as ConfirmationDto;
      expect(expired).toMatchObject({ status: 'expired', decidedBy: 'expiry' });
      const execution = (await (
        await server.call(`/executions/${held.execution.id}`)
      ).json()) as ExecutionDto;
      expect(execution).toMatchObject({ status: 'blocked', code: 'CONFIRMATION_EXPIRED' });
      const late = await asOperator(server, `/confirmations/${held.confirmation?.id}/approve`);
      expect(late.status).toBe(409);
      expect(await reader.getTransactionCount(devnet.manifest.accounts[8]!.address)).toBe(nonce);
    } finally {
      await server.close();
    }
  });

  it('restart while pending: still pending, bound to its intent and expiry; approved after → runs once', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'api-confirm-')), 'data');
    const first = await startTestServer({ ...env(9), DATA_DIR: dataDir });
    const held = await hold(first, '0.02');
    await first.close();
    const second = await startTestServer({ ...env(9), DATA_DIR: dataDir });
    try {
      const still = (await (
        await second.call(`/confirmations/${held.confirmation?.id}`)
      ).json()) as ConfirmationDto;
      expect(still).toEqual(held.confirmation);
      const nonce = await reader.getTransactionCount(devnet.manifest.accounts[9]!.address);
      const res = await asOperator(second, `/confirmations/${held.confirmation?.id}/approve`);
      expect(res.status).toBe(200);
      expect(await reader.getTransactionCount(devnet.manifest.accounts[9]!.address)).toBe(nonce + 1);
    } finally {
      await second.close();
    }
  });

  it('without an operator key configured, operator routes answer 403 OPERATOR_KEY_NOT_CONFIGURED', async () => {
    const server = await startTestServer({ ...env(9), WEB3_OPERATOR_KEY: '' });
    try {
      for (const path of ['/governor/unkill', '/confirmations/x/approve', '/confirmations/x/deny']) {
        const res = await asTrader(server, path);
        expect(res.status).toBe(403);
        expect(((await res.json()) as { code: string }).code).toBe('OPERATOR_KEY_NOT_CONFIGURED');
      }
    } finally {
      await server.close();
    }
  });
});
