import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { devnetTokenList } from '@org/chain-evm';
import { type RpcProxy, type StartDevnetReturnType, startDevnet, startRpcProxy } from '@org/devnet';
import type { JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionDto } from '../src/dto/execution.js';
import type { GovernorStatusDto } from '../src/dto/governor.js';
import type { SwapExecutionDto } from '../src/dto/swap.js';
import type { HealthDto } from '../src/dto/wallet.js';
import { startTestServer, type TestServer } from './helpers/startTestServer.js';
import { devnetReader, swapServerEnv } from './helpers/swapServerEnv.js';
import { until } from './helpers/until.js';

// Issue 36, faults at the storage boundary: DATA_DIR lives on a small tmpfs of its own; the disk fills up (a filler
// file takes every free byte) while the server runs. Fund-moving requests refuse with a code and sign nothing (a
// governor that cannot record spend must not allow spend), reads still answer, /health says so, and once the filler
// is gone the same process moves funds again — no restart.
let devnet: StartDevnetReturnType;
let reader: JsonRpcProvider;
let server: TestServer;
let proxy: RpcProxy;
let mountPoint: string;
let filler: string;
const accountIndex = 8;
const wallet = () => devnet.manifest.accounts[accountIndex]!.address;

const mount = (args: string[]) => execFileSync('mount', args, { stdio: 'pipe' });

/** Writes zeros into `path` until the filesystem refuses (bounded: at most `maxBytes`). */
function fillDisk(path: string, maxBytes: number): number {
  const fd = openSync(path, 'w');
  const chunk = Buffer.alloc(64 * 1024);
  let written = 0;
  try {
    while (written < maxBytes) written += writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
  return written;
}

beforeAll(async () => {
  mountPoint = mkdtempSync(join(tmpdir(), 'storage-faults-'));
  // Needs root (as on the project's machines and in CI's container); unmounted in afterAll whatever happens.
  mount(['-t', 'tmpfs', '-o', 'size=24m,mode=0700', 'tmpfs', mountPoint]);
  filler = join(mountPoint, 'filler');
  mkdirSync(join(mountPoint, 'data'));
  devnet = await startDevnet();
  reader = devnetReader(devnet);
  proxy = await startRpcProxy({ upstream: devnet.rpcUrl });
  server = await startTestServer(
    {
      ...swapServerEnv(devnet, proxy.url, accountIndex),
      DATA_DIR: join(mountPoint, 'data'),
      RECEIPT_TIMEOUT_MS: '1500',
    },
    { swapTokens: new Map([[31337, devnetTokenList({ manifest: devnet.manifest })]]) },
  );
}, 60_000);
afterAll(async () => {
  reader?.destroy();
  await server?.close();
  await proxy?.close();
  await devnet?.stop();
  if (mountPoint) {
    try {
      execFileSync('umount', [mountPoint], { stdio: 'pipe' });
    } finally {
      rmSync(mountPoint, { recursive: true, force: true });
    }
  }
});

const execute = (key?: string) =>
  server.call('/swap/execute', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { 'Idempotency-Key': key } : {}) },
    body: JSON.stringify({ tokenIn: 'ETH', tokenOut: 'USDC', amountIn: '0.01' }),
  });
const health = async () => {
  const res = await server.call('/health', { key: null });
  return { httpStatus: res.status, body: (await res.json()) as HealthDto };
};
const governor = async () => (await (await server.call('/governor/status')).json()) as GovernorStatusDto;

describe('the disk under DATA_DIR fills up', () => {
  it('healthy first: a swap is signed once and recorded', async () => {
    const nonce = await reader.getTransactionCount(wallet());
    const res = await execute();
    expect([200, 202]).toContain(res.status);
    expect(await reader.getTransactionCount(wallet(), 'pending')).toBe(nonce + 1);
  });

  it('full: fund-moving requests refuse with a code and sign nothing; reads answer; /health says it', async () => {
    const spentBefore = (await governor()).spent;
    const nonce = await reader.getTransactionCount(wallet(), 'pending');
    const filled = fillDisk(filler, 64 * 1024 * 1024);
    expect(filled).toBeGreaterThan(0);
    for (const key of [undefined, 'full-disk-1']) {
      const res = await execute(key);
      const body = (await res.json()) as { code?: string };
      expect(res.status).toBe(503);
      expect(['LEDGER_FAILURE', 'STORE_FAILURE']).toContain(body.code);
    }
    const dca = await server.call('/dca/orders', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tokenIn: 'WETH', tokenOut: 'USDC', amountPerFill: '0.01', interval: 'hourly' }),
    });
    const dcaBody = (await dca.json()) as { code?: string };
    expect({ status: dca.status, code: dcaBody.code }).toEqual({ status: 503, code: 'DCA_STORE_FAILURE' });
    expect(await reader.getTransactionCount(wallet(), 'pending')).toBe(nonce);
    // Reads still answer.
    expect((await server.call(`/wallet/balance/${wallet()}`)).status).toBe(200);
    const g = await governor();
    expect(g.openReservations).toEqual([]);
    expect(g.spent).toEqual(spentBefore);
    expect((await server.call('/executions?limit=10')).status).toBe(200);
    const h = await until(
      'health reports the database',
      async () => {
        const answer = await health();
        return answer.body.status !== 'ok' ? answer : undefined;
      },
      { ms: 6_000, intervalMs: 500 },
    );
    expect({ http: h.httpStatus, status: h.body.status, database: h.body.checks.database }).toEqual({
      http: 503,
      status: 'down',
      database: 'down',
    });
  });

  it('space again: the same process signs and records, /health ok — no restart', async () => {
    rmSync(filler);
    const nonce = await reader.getTransactionCount(wallet(), 'pending');
    const res = await execute('after-full-disk');
    expect([200, 202]).toContain(res.status);
    expect(await reader.getTransactionCount(wallet(), 'pending')).toBe(nonce + 1);
    await until('health ok', async () => ((await health()).body.status === 'ok' ? true : undefined), {
      ms: 6_000,
      intervalMs: 500,
    });
  });

  it('the disk fills while the signed transaction is being broadcast: 202 with its hash, settled once when space is back, never signed twice', async () => {
    const nonce = await reader.getTransactionCount(wallet(), 'pending');
    const spentBefore = BigInt((await governor()).spent.daily.committed.wei);
    proxy.reset();
    // The moment the server hands the signed bytes to the node, the disk fills; the node still takes them.
    proxy.intercept = (r) => {
      if (r.method === 'eth_sendRawTransaction' && !existsSync(filler)) fillDisk(filler, 64 * 1024 * 1024);
      return undefined;
    };
    const res = await execute('full-at-broadcast');
    proxy.intercept = undefined;
    // Not "nothing happened" (503 STORE_FAILURE said so before): the transaction may be on chain.
    expect(res.status).toBe(202);
    const { execution } = (await res.json()) as SwapExecutionDto;
    expect(['signed', 'pending']).toContain(execution.status);
    await until('mined', async () =>
      (await reader.getTransactionCount(wallet())) === nonce + 1 ? true : undefined,
    );
    // Still full: the reservation keeps counting (never released while the outcome is unrecorded).
    expect((await governor()).openReservations).toHaveLength(1);
    rmSync(filler);
    // Space again: reading the execution runs the reconciler, which records what the chain says.
    const settled = await until(
      'the execution settled',
      async () => {
        const record = (await (await server.call(`/executions/${execution.id}`)).json()) as ExecutionDto;
        return record.status === 'confirmed' ? record : undefined;
      },
      { ms: 10_000, intervalMs: 250 },
    );
    expect(settled.txHash).toBe(execution.txHash);
    const receipt = await reader.getTransactionReceipt(execution.txHash as string);
    expect(receipt?.status).toBe(1);
    // One nonce used, every broadcast the same signed bytes.
    expect(await reader.getTransactionCount(wallet(), 'pending')).toBe(nonce + 1);
    const raws = new Set(
      proxy.requests.filter((r) => r.method === 'eth_sendRawTransaction').map((r) => String(r.params[0])),
    );
    expect(raws.size).toBe(1);
    const after = await governor();
    expect(after.openReservations).toEqual([]);
    expect(BigInt(after.spent.daily.committed.wei)).toBeGreaterThan(spentBefore);
    // The idempotency key could not store its answer: a repeat is refused, never run again.
    const repeat = await execute('full-at-broadcast');
    expect([409]).toContain(repeat.status);
    expect(await reader.getTransactionCount(wallet(), 'pending')).toBe(nonce + 1);
  });
});
