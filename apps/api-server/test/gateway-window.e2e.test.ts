import { type StartDevnetReturnType, startDevnet } from '@org/devnet';
import type { JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionDto } from '../src/dto/execution.js';
import type { GovernorStatusDto } from '../src/dto/governor.js';
import type { SwapExecutionDto } from '../src/dto/swap.js';
import { startTestServer, type TestServer } from './helpers/startTestServer.js';
import { devnetReader, swapServerEnv } from './helpers/swapServerEnv.js';
import { until } from './helpers/until.js';

// The in-flight window per (chain, wallet), through HTTP on the devnet with automine off: never more unmined
// transactions than MAX_PENDING_PER_SENDER; beyond it an execution waits its turn, then 503 SENDER_WINDOW_FULL.
let devnet: StartDevnetReturnType;
let reader: JsonRpcProvider;
let server: TestServer;
const ACCOUNT = 4;

beforeAll(async () => {
  devnet = await startDevnet();
  reader = devnetReader(devnet);
  server = await startTestServer({
    ...swapServerEnv(devnet, devnet.rpcUrl, ACCOUNT),
    MAX_PENDING_PER_SENDER: '2',
    SENDER_WINDOW_WAIT_MS: '3000',
    RECEIPT_TIMEOUT_MS: '1000',
    GOVERNOR_DAILY_LIMIT: '1',
  });
});
afterAll(async () => {
  await server?.close();
  reader?.destroy();
  await devnet?.stop();
});

const swap = () =>
  server.call('/swap/execute', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tokenIn: 'ETH', tokenOut: devnet.manifest.tokens.usdc.address, amountIn: '0.01' }),
  });
const mempool = async () => BigInt(((await reader.send('txpool_status', [])) as { pending: string }).pending);

describe('MAX_PENDING_PER_SENDER', () => {
  it('beyond the window: waits its turn, then 503 SENDER_WINDOW_FULL with Retry-After, nothing signed; a slot freed by mining lets the next one through', async () => {
    const wallet = devnet.manifest.accounts[ACCOUNT]!.address;
    const nonce = await reader.getTransactionCount(wallet);
    await reader.send('evm_setAutomine', [false]);
    let fourth: Promise<Response> | undefined;
    try {
      for (let i = 0; i < 2; i++) {
        const res = await swap();
        expect(res.status).toBe(202);
        expect(((await res.json()) as SwapExecutionDto).execution.status).toBe('pending');
      }
      const full = await swap();
      expect(full.status).toBe(503);
      expect(full.headers.get('retry-after')).toBe('12');
      expect(full.headers.get('content-type')).toMatch(/application\/problem\+json/);
      const problem = (await full.json()) as { code: string; executionId: string };
      expect(problem.code).toBe('SENDER_WINDOW_FULL');
      // Nothing was signed for it, and nothing of it is held.
      expect(await mempool()).toBe(2n);
      expect(await reader.getTransactionCount(wallet, 'pending')).toBe(nonce + 2);
      const refused = (await (
        await server.call(`/executions/${problem.executionId}`)
      ).json()) as ExecutionDto;
      expect(refused).toMatchObject({ status: 'blocked', code: 'SENDER_WINDOW_FULL', transactions: [] });
      expect(
        ((await (await server.call('/governor/status')).json()) as GovernorStatusDto).openReservations,
      ).toHaveLength(2);

      // The next one waits (reserved, nothing signed) until the first two are mined and settled.
      fourth = swap();
      await until('the fourth swap waiting for a slot', async () => {
        const page = (await (await server.call('/executions?limit=1')).json()) as { items: ExecutionDto[] };
        const item = page.items[0];
        return item && item.id !== problem.executionId && item.status === 'preparing' && item.charged
          ? item
          : undefined;
      });
      expect(await mempool()).toBe(2n);
      await reader.send('evm_mine', []);
      const res = await fourth;
      expect(res.status).toBe(202);
      expect(await mempool()).toBe(1n);
      expect(await reader.getTransactionCount(wallet, 'pending')).toBe(nonce + 3);
    } finally {
      await reader.send('evm_setAutomine', [true]);
    }
    await reader.send('evm_mine', []);
    expect(await reader.getTransactionCount(wallet)).toBe(nonce + 3);
  });
});
