import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type StartDevnetReturnType, startDevnet } from '@org/devnet';
import { JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfirmationDto } from '../src/dto/confirmation.js';
import type { ExecutionDto } from '../src/dto/execution.js';
import type { GovernorStatusDto } from '../src/dto/governor.js';
import type { SwapExecutionDto } from '../src/dto/swap.js';
import { startTestServer, type TestServer } from './helpers/startTestServer.js';
import { until } from './helpers/until.js';

/** How long these tests wait for the running server to act on what the CLI did. */
const CLI_WAIT = { ms: 10_000, intervalMs: 100 };

// The operator CLI as a separate process on the server's data directory (no operator key on the network): it sees
// what the server holds, and what it decides the running server carries out.
const cli = fileURLToPath(new URL('../dist/operator-cli.js', import.meta.url));
const run = promisify(execFile);
let devnet: StartDevnetReturnType;
let reader: JsonRpcProvider;
let server: TestServer;
let dataDir: string;
const ACCOUNT = 1;

async function operator(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, ...args], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

beforeAll(async () => {
  devnet = await startDevnet();
  reader = new JsonRpcProvider(devnet.rpcUrl, 31337, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
  dataDir = join(mkdtempSync(join(tmpdir(), 'api-operator-')), 'data');
  const c = devnet.manifest.contracts;
  server = await startTestServer({
    DATA_DIR: dataDir,
    RPC_URL_DEVNET: devnet.rpcUrl,
    UNISWAP_V2_DEVNET: `${c.uniswapV2Router02},${c.uniswapV2Factory},${c.weth}`,
    UNISWAP_V3_DEVNET: `${c.uniswapV3Factory},${c.uniswapV3SwapRouter},${c.uniswapV3QuoterV2},SwapRouter`,
    WALLET_PRIVATE_KEY: devnet.manifest.accounts[ACCOUNT]!.privateKey,
    GOPLUS_BASE_URL: 'http://127.0.0.1:9',
    DEXSCREENER_BASE_URL: 'http://127.0.0.1:9',
    PROVIDER_TIMEOUT_MS: '200',
    WEB3_OPERATOR_KEY: '',
    CONFIRM_MODE: 'above:0.01',
  });
});
afterAll(async () => {
  reader?.destroy();
  await server?.close();
  await devnet?.stop();
});

const hold = async (amountIn: string) => {
  const res = await server.call('/swap/execute', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tokenIn: 'ETH', tokenOut: devnet.manifest.tokens.usdc.address, amountIn }),
  });
  expect(res.status).toBe(202);
  return (await res.json()) as SwapExecutionDto;
};

describe('pnpm operator (the CLI on the same data directory)', () => {
  it('pending lists what the server holds; approve → the running server executes it once', async () => {
    const wallet = devnet.manifest.accounts[ACCOUNT]!.address;
    const nonce = await reader.getTransactionCount(wallet);
    const held = await hold('0.02');
    const pending = await operator('pending');
    expect(pending.code).toBe(0);
    const listed = JSON.parse(pending.stdout) as ConfirmationDto[];
    expect(listed.map((c) => c.id)).toContain(held.confirmation?.id);
    const approved = await operator('approve', held.confirmation?.id as string, '--note', 'ok by ops');
    expect(approved.code).toBe(0);
    expect(JSON.parse(approved.stdout)).toMatchObject({
      status: 'approved',
      decidedBy: 'cli',
      note: 'ok by ops',
    });
    const done = await until(
      'the approved execution to confirm',
      async () => {
        const e = (await (await server.call(`/executions/${held.execution.id}`)).json()) as ExecutionDto;
        return e.status === 'confirmed' ? e : undefined;
      },
      CLI_WAIT,
    );
    expect((await reader.getTransaction(done.txHash as string))?.value).toBe(2n * 10n ** 16n);
    expect(await reader.getTransactionCount(wallet)).toBe(nonce + 1);
    const twice = await operator('approve', held.confirmation?.id as string);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain('CONFIRMATION_NOT_PENDING');
  });

  it('deny → the execution is blocked, nothing sent', async () => {
    const wallet = devnet.manifest.accounts[ACCOUNT]!.address;
    const nonce = await reader.getTransactionCount(wallet);
    const held = await hold('0.03');
    expect((await operator('deny', held.confirmation?.id as string)).code).toBe(0);
    const e = (await (await server.call(`/executions/${held.execution.id}`)).json()) as ExecutionDto;
    expect(e).toMatchObject({ status: 'blocked', code: 'CONFIRMATION_DENIED' });
    expect(await reader.getTransactionCount(wallet)).toBe(nonce);
  });

  it('kill and unkill from the CLI are what the server enforces; limits changed by the CLI apply within seconds', async () => {
    expect((await operator('kill')).code).toBe(0);
    const killed = (await (await server.call('/governor/status')).json()) as GovernorStatusDto;
    expect(killed.killSwitch).toBe(true);
    const blocked = await server.call('/swap/execute', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        tokenIn: 'ETH',
        tokenOut: devnet.manifest.tokens.usdc.address,
        amountIn: '0.001',
      }),
    });
    expect(blocked.status).toBe(403);
    expect((await operator('unkill')).code).toBe(0);
    expect(((await (await server.call('/governor/status')).json()) as GovernorStatusDto).killSwitch).toBe(
      false,
    );

    const changed = await operator('limits', '--daily', '0.2', '--max-per-tx', '0.004');
    expect(changed.code).toBe(0);
    expect(JSON.parse(changed.stdout)).toMatchObject({
      limits: { dailyLimit: { eth: '0.2' }, maxPerTx: { eth: '0.004' } },
    });
    await until(
      'the server to apply the CLI limits',
      async () => {
        const s = (await (await server.call('/governor/status')).json()) as GovernorStatusDto;
        return s.limits.dailyLimit.eth === '0.2' && s.limits.maxPerTx.eth === '0.004' ? s : undefined;
      },
      CLI_WAIT,
    );
    const over = await server.call('/swap/execute', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        tokenIn: 'ETH',
        tokenOut: devnet.manifest.tokens.usdc.address,
        amountIn: '0.005',
      }),
    });
    expect(((await over.json()) as { code: string }).code).toBe('PER_TX_LIMIT_EXCEEDED');
    expect((await operator('limits', '--daily', 'config', '--max-per-tx', 'config')).code).toBe(0);
    await until(
      'the server to restore the configured limits',
      async () => {
        const s = (await (await server.call('/governor/status')).json()) as GovernorStatusDto;
        return s.limits.maxPerTx.eth === '0.05' ? s : undefined;
      },
      CLI_WAIT,
    );
  });

  it('usage errors exit 2; refusals exit 1 with the code', async () => {
    expect((await operator()).code).toBe(2);
    expect((await operator('approve')).code).toBe(2);
    expect((await operator('limits', '--daily', 'lots')).code).toBe(1);
    const missing = await operator('approve', 'nope');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('CONFIRMATION_NOT_FOUND');
    // The data directory it used is said first, on stderr (stdout stays the JSON answer).
    expect(missing.stderr.split('\n')[0]).toBe(`operator: data directory ${dataDir} (DATA_DIR)`);
  });

  it('--json: exactly one JSON document on stdout, refusals and usage errors included; the exit code says which', async () => {
    const done = await operator('status', '--json');
    expect([done.code, done.stderr]).toEqual([0, '']);
    expect(JSON.parse(done.stdout)).toMatchObject({
      ok: true,
      command: 'status',
      dataDir,
      dataDirSource: 'DATA_DIR',
      result: { killSwitch: false, limits: { maxPerTx: { eth: '0.05' } } },
    });
    const refused = await operator('--json', 'approve', 'nope');
    expect([refused.code, refused.stderr]).toEqual([1, '']);
    expect(JSON.parse(refused.stdout)).toMatchObject({
      ok: false,
      error: { code: 'CONFIRMATION_NOT_FOUND', message: expect.any(String) },
    });
    const usage = await operator('approve', '--json');
    expect([usage.code, usage.stderr]).toEqual([2, '']);
    expect(JSON.parse(usage.stdout)).toMatchObject({ ok: false, error: { code: 'USAGE' } });
  });

  it('dca list / pause / resume / cancel act on the orders the server holds (state table enforced)', async () => {
    const res = await server.call('/dca/orders', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // A day ahead: nothing fills while the CLI works on it.
      body: JSON.stringify({
        tokenIn: 'ETH',
        tokenOut: devnet.manifest.tokens.usdc.address,
        amountPerFill: '0.01',
        interval: 'daily',
        firstRunAt: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const list = await operator('dca', 'list', '--status', 'active');
    expect(list.code).toBe(0);
    expect((JSON.parse(list.stdout) as { id: string }[]).map((o) => o.id)).toContain(id);
    const statusOf = async () =>
      ((await (await server.call(`/dca/orders/${id}`)).json()) as { order: { status: string } }).order.status;
    const paused = await operator('dca', 'pause', id);
    expect(paused.code).toBe(0);
    expect(JSON.parse(paused.stdout)).toMatchObject({
      id,
      status: 'paused',
      pausedReason: { code: 'PAUSED_BY_USER' },
    });
    expect(await statusOf()).toBe('paused');
    expect((await operator('dca', 'resume', id)).code).toBe(0);
    expect(await statusOf()).toBe('active');
    expect((await operator('dca', 'cancel', id)).code).toBe(0);
    expect(await statusOf()).toBe('cancelled');
    const again = await operator('dca', 'cancel', id);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('DCA_INVALID_TRANSITION');
    const unknown = await operator('dca', 'pause', '0192aaaa-0000-7000-8000-000000000000');
    expect([unknown.code, unknown.stderr.split('\n')[1]?.split(':')[0]]).toEqual([1, 'DCA_ORDER_NOT_FOUND']);
    expect((await operator('dca', 'explode', id)).code).toBe(2);
    expect((await operator('dca', 'list', '--status', 'sleeping')).code).toBe(2);
  });
});

describe('PUT /governor/limits (operator key)', () => {
  it('the trading key is refused; without an operator key configured → 403 OPERATOR_KEY_NOT_CONFIGURED', async () => {
    const res = await server.call('/governor/limits', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ dailyLimit: '100' }),
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe('OPERATOR_KEY_NOT_CONFIGURED');
  });
});
