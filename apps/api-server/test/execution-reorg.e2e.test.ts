import { devnetTokenList } from '@org/chain-evm';
import { type StartDevnetReturnType, startDevnet } from '@org/devnet';
import type { JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionDto } from '../src/dto/execution.js';
import type { SwapExecutionDto } from '../src/dto/swap.js';
import type { HealthDto } from '../src/dto/wallet.js';
import { openEvents } from './helpers/readEvents.js';
import { startTestServer, TEST_API_KEY, type TestServer } from './helpers/startTestServer.js';
import { devnetReader, swapServerEnv } from './helpers/swapServerEnv.js';
import { until } from './helpers/until.js';

// Issue 32 over HTTP: a settled execution keeps the hash of the block it was mined in. That block is reorganized
// away (anvil_rollback, another block at its height): the reconciler's hash check sends it back to `pending`
// (REORGED), publishes `chain.reorg`, /health is `degraded` until it settled again, and it settles once with the
// same transaction. Effects are read from the chain directly.
const ACCOUNT = 7;
let devnet: StartDevnetReturnType;
let reader: JsonRpcProvider;
let server: TestServer;

beforeAll(async () => {
  devnet = await startDevnet();
  reader = devnetReader(devnet);
  server = await startTestServer(
    { ...swapServerEnv(devnet, devnet.rpcUrl, ACCOUNT), RECEIPT_TIMEOUT_MS: '500' },
    { swapTokens: new Map([[31337, devnetTokenList({ manifest: devnet.manifest })]]) },
  );
});
afterAll(async () => {
  await reader?.send('evm_setAutomine', [true]).catch(() => undefined);
  await server?.close();
  reader?.destroy();
  await devnet?.stop();
});

const swap = async () => {
  const res = await server.call('/swap/execute', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      tokenIn: 'ETH',
      tokenOut: devnet.manifest.tokens.usdc.address,
      amountIn: '0.001',
    }),
  });
  return { status: res.status, body: (await res.json()) as SwapExecutionDto };
};
const execution = async (id: string) =>
  (await (await server.call(`/executions/${id}`)).json()) as ExecutionDto;
const health = async () => (await (await server.call('/health', { key: null })).json()) as HealthDto;

describe('a mined execution whose block is reorganized away (issue 32, over HTTP)', () => {
  it('its stored hash no longer matches: back to pending, chain.reorg, /health degraded, then settled once', async () => {
    const account = devnet.manifest.accounts[ACCOUNT]!;
    const first = await swap();
    expect(first.status).toBe(200);
    const a = first.body.execution;
    expect(a.status).toBe('confirmed');
    expect(a.blockHash).toBe((await reader.getBlock(a.blockNumber as number))?.hash);

    const { opened, result: reading } = openEvents(
      `${server.url}/events`,
      { 'X-API-Key': TEST_API_KEY },
      (events) => events.some((e) => e.event === 'chain.reorg'),
      60_000,
    );
    await opened;
    // Its block is reorganized away and another block takes the height; nothing more is mined until told.
    await reader.send('evm_setAutomine', [false]);
    await reader.send('anvil_rollback', [1]);
    await reader.send('evm_mine', []);
    expect(await reader.getTransactionReceipt(a.txHash as string)).toBeNull();
    expect((await reader.getBlock(a.blockNumber as number))?.hash).not.toBe(a.blockHash);

    // The next swap cannot be mined (automine off): answered pending; reading it runs the reconciler.
    const second = await swap();
    expect(second.body.execution.status).toBe('pending');
    const b = second.body.execution.id;
    await execution(b);
    const { events } = await reading;
    const reorg = JSON.parse(events.find((e) => e.event === 'chain.reorg')?.data ?? '{}') as {
      data: Record<string, unknown>;
    };
    expect(reorg.data).toMatchObject({
      scope: 'execution',
      chainId: 31337,
      owner: account.address,
      reason: 'hash-mismatch',
      coveredTo: a.blockNumber,
      records: [a.id],
    });
    expect(await execution(a.id)).toMatchObject({ status: 'pending', code: 'REORGED', blockHash: null });
    const degraded = await health();
    expect(degraded.status).toBe('degraded');
    expect(degraded.checks.rescans).toBe(1);

    // Mined again (the same signed transaction, handed to the node again) and settled once.
    await reader.send('evm_mine', []);
    await execution(b);
    const settled = await execution(a.id);
    expect(settled).toMatchObject({ status: 'confirmed', txHash: a.txHash });
    const receipt = await reader.getTransactionReceipt(a.txHash as string);
    expect(settled.blockHash).toBe(receipt?.blockHash);
    expect((await execution(b)).status).toBe('confirmed');
    // /health answers are reused for 2 s: wait for the fresh one.
    const ok = await until('/health to be ok again', async () => {
      const h = await health();
      return h.status === 'ok' ? h : undefined;
    });
    expect(ok.checks.rescans).toBe(0);
    // Two swaps, two nonces used on chain: nothing signed twice.
    expect(await reader.getTransactionCount(account.address, 'latest')).toBe((a.nonce as number) + 2);
  });
});
