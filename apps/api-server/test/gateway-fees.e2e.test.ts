import { type StartDevnetReturnType, startDevnet } from '@org/devnet';
import type { JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionDto } from '../src/dto/execution.js';
import type { GovernorStatusDto } from '../src/dto/governor.js';
import type { SwapExecutionDto } from '../src/dto/swap.js';
import { openEvents } from './helpers/readEvents.js';
import { startTestServer, TEST_API_KEY, type TestServer } from './helpers/startTestServer.js';
import { devnetReader, swapServerEnv } from './helpers/swapServerEnv.js';
import { until } from './helpers/until.js';

// A replacement never pays a fee the governor does not hold (review F3): automine off, a swap stuck in the mempool,
// the base fee raised with anvil_setNextBlockBaseFeePerGas. Every effect is read from the chain directly.
let devnet: StartDevnetReturnType;
let reader: JsonRpcProvider;
let server: TestServer;
const ACCOUNT = 3;
const GWEI = 10n ** 9n;

beforeAll(async () => {
  devnet = await startDevnet();
  reader = devnetReader(devnet);
  server = await startTestServer({
    ...swapServerEnv(devnet, devnet.rpcUrl, ACCOUNT),
    TX_REPLACE_AFTER_MS: '100',
    RECEIPT_TIMEOUT_MS: '30000',
    GOVERNOR_MAX_PER_TX: '1',
    GOVERNOR_DAILY_LIMIT: '5',
    GOVERNOR_SESSION_LIMIT: '5',
  });
});
afterAll(async () => {
  await server?.close();
  reader?.destroy();
  await devnet?.stop();
});

const status = async () => (await (await server.call('/governor/status')).json()) as GovernorStatusDto;
const latest = async () =>
  ((await (await server.call('/executions?limit=1')).json()) as { items: ExecutionDto[] }).items[0];
const setBaseFee = (wei: bigint) => reader.send('anvil_setNextBlockBaseFeePerGas', [`0x${wei.toString(16)}`]);
/** Mines one block at `baseFee` (the swap's transactions stay out of it when they pay less). */
async function mineAt(baseFee: bigint): Promise<void> {
  await setBaseFee(baseFee);
  await reader.send('evm_mine', []);
}

/** Starts a 0.01 ETH → USDC swap with automine off; resolves once its first transaction is out. */
async function stuckSwap(): Promise<{ answer: Promise<Response>; first: ExecutionDto }> {
  await reader.send('evm_setAutomine', [false]);
  const answer = server.call('/swap/execute', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tokenIn: 'ETH', tokenOut: devnet.manifest.tokens.usdc.address, amountIn: '0.01' }),
  });
  const first = await until('the first transaction', async () => {
    const item = await latest();
    return item && item.status === 'pending' && item.transactions.length === 1 ? item : undefined;
  });
  return { answer, first };
}

describe('the base fee rises while a swap is stuck (F3)', () => {
  it('the governor holds more before the replacement is signed; committed spend = value + the receipt fee, to the wei', async () => {
    const before = await status();
    let answer: Promise<Response> | undefined;
    try {
      const stuck = await stuckSwap();
      answer = stuck.answer;
      // 100 gwei from the next block on: far above the first transaction's fee (it is not included).
      await mineAt(100n * GWEI);
      const replaced = await until('a replacement above the first budget', async () => {
        const item = await latest();
        const last = item?.transactions.at(-1);
        return last && BigInt(last.maxFeePerGas) > 100n * GWEI ? item : undefined;
      });
      // The budget grew first: what the governor holds covers the replacement's worst case.
      const last = replaced.transactions.at(-1)!;
      const held = (await status()).openReservations[0]!;
      expect(BigInt(held.value.wei)).toBeGreaterThanOrEqual(
        10n ** 16n + BigInt(last.gasLimit) * BigInt(last.maxFeePerGas),
      );
      await mineAt(90n * GWEI);
    } finally {
      await reader.send('evm_setAutomine', [true]);
    }
    const res = await (answer as Promise<Response>);
    expect(res.status).toBe(200);
    const body = (await res.json()) as SwapExecutionDto;
    const receipt = await reader.getTransactionReceipt(body.execution.txHash as string);
    expect(receipt?.status).toBe(1);
    const fee = receipt!.gasUsed * receipt!.gasPrice;
    // The fee paid is far above what the first reservation counted, and it all counts.
    expect(fee).toBeGreaterThan(BigInt(body.execution.transactions[0]!.gasLimit) * 10n * GWEI);
    expect(body.execution.fee?.wei).toBe(fee.toString());
    const after = await status();
    expect(after.openReservations).toEqual([]);
    expect(BigInt(after.spent.daily.committed.wei) - BigInt(before.spent.daily.committed.wei)).toBe(
      10n ** 16n + fee,
    );
  });

  it('the governor refuses to hold more: the transaction stays pending unreplaced, the record and /events say so', async () => {
    await mineAt(GWEI); // the base fee back down
    await mineAt(GWEI);
    expect(
      (
        await server.operator('/governor/limits', {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ maxPerTx: '0.012' }),
        })
      ).status,
    ).toBe(200);
    const before = await status();
    const { opened, result: stream } = openEvents(
      `${server.url}/events`,
      { 'X-API-Key': TEST_API_KEY },
      (events) => events.some((e) => e.event === 'execution.replacement-refused'),
      30_000,
    );
    await opened;
    let answer: Promise<Response> | undefined;
    try {
      const stuck = await stuckSwap();
      answer = stuck.answer;
      // The network now asks 100 gwei for the next block (nothing is mined: the transaction stays in the pool).
      await setBaseFee(100n * GWEI);
      const refused = await until('the refusal on the record', async () => {
        const item = await latest();
        return item?.code === 'REPLACEMENT_REFUSED' ? item : undefined;
      });
      expect(refused.status).toBe('pending');
      expect(refused.reason).toMatch(/PER_TX_LIMIT_EXCEEDED/);
      expect(refused.transactions).toHaveLength(1);
      const events = (await stream).events;
      const event = events.find((e) => e.event === 'execution.replacement-refused');
      expect(JSON.parse(event?.data ?? '{}')).toMatchObject({
        type: 'execution.replacement-refused',
        data: { executionId: refused.id, code: 'PER_TX_LIMIT_EXCEEDED' },
      });
      expect(events.some((e) => e.event === 'governor.blocked')).toBe(true);
      // The fee falls back: the one transaction that was sent is mined.
      await mineAt(GWEI);
    } finally {
      await reader.send('evm_setAutomine', [true]);
    }
    const res = await (answer as Promise<Response>);
    expect(res.status).toBe(200);
    const body = (await res.json()) as SwapExecutionDto;
    expect(body.execution.transactions).toHaveLength(1);
    const receipt = await reader.getTransactionReceipt(body.execution.txHash as string);
    const after = await status();
    expect(after.openReservations).toEqual([]);
    expect(BigInt(after.spent.daily.committed.wei) - BigInt(before.spent.daily.committed.wei)).toBe(
      10n ** 16n + receipt!.gasUsed * receipt!.gasPrice,
    );
  });
});
