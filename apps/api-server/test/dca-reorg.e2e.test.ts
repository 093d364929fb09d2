import { devnetTokenList } from '@org/chain-evm';
import { mintToken, type StartDevnetReturnType, startDevnet } from '@org/devnet';
import { Contract, type JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DcaFillDto, DcaOrderDetailDto, DcaOrderDto } from '../src/dto/dca.js';
import type { ExecutionDto } from '../src/dto/execution.js';
import type { SwapExecutionDto } from '../src/dto/swap.js';
import { openEvents } from './helpers/readEvents.js';
import { startTestServer, TEST_API_KEY, type TestServer } from './helpers/startTestServer.js';
import { devnetReader, swapServerEnv } from './helpers/swapServerEnv.js';

// Issue 32 over HTTP: a DCA fill's swap is mined, then its block is reorganized away (anvil_rollback). The fill goes
// back to `pending` (REORGED) and out of the order's totals, `chain.reorg` is published (scope dca-fill), the same
// signed swap is mined again and the fill is counted once — one swap on chain. Effects are read from the chain.
const ACCOUNT = 8;
let devnet: StartDevnetReturnType;
let reader: JsonRpcProvider;
let server: TestServer;
const erc20 = ['function balanceOf(address) view returns (uint256)'];

beforeAll(async () => {
  devnet = await startDevnet();
  reader = devnetReader(devnet);
  const wallet = devnet.manifest.accounts[ACCOUNT]!.address as `0x${string}`;
  await mintToken({ devnet, token: devnet.manifest.tokens.usdc, to: wallet, amount: 10n ** 12n });
  server = await startTestServer(
    {
      ...swapServerEnv(devnet, devnet.rpcUrl, ACCOUNT),
      RECEIPT_TIMEOUT_MS: '500',
      DCA_TICK_SECONDS: '0',
      GOVERNOR_MAX_PER_TX: '1',
      GOVERNOR_DAILY_LIMIT: '10',
    },
    { swapTokens: new Map([[31337, devnetTokenList({ manifest: devnet.manifest })]]) },
  );
});
afterAll(async () => {
  await reader?.send('evm_setAutomine', [true]).catch(() => undefined);
  await server?.close();
  reader?.destroy();
  await devnet?.stop();
});

const post = async <T>(path: string, body: unknown) =>
  (await (
    await server.call(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  ).json()) as T;
const detail = async (id: string) =>
  (await (await server.call(`/dca/orders/${id}`)).json()) as DcaOrderDetailDto;
const fill0 = async (id: string) => (await detail(id)).fills.find((f) => f.slot === 0) as DcaFillDto;
const execution = async (id: string) =>
  (await (await server.call(`/executions/${id}`)).json()) as ExecutionDto;
const balanceOf = async (token: string, who: string) =>
  (await new Contract(token, erc20, reader).getFunction('balanceOf')(who)) as bigint;

describe('a DCA fill whose swap is reorganized away (issue 32)', () => {
  it('goes back to pending and out of the totals, is mined again with the same swap and counted once', async () => {
    const wallet = devnet.manifest.accounts[ACCOUNT]!.address;
    const { usdc, wbtc } = devnet.manifest.tokens;
    const usdcBefore = await balanceOf(usdc.address, wallet);
    const btcBefore = await balanceOf(wbtc.address, wallet);
    const order = await post<DcaOrderDto>('/dca/orders', {
      tokenIn: usdc.address,
      tokenOut: wbtc.address,
      amountPerFill: '300',
      interval: 'hourly',
    });
    expect((await server.services.dca.tick()).filled).toBe(1);
    const filled = await fill0(order.id);
    expect(filled.status).toBe('filled');
    const swap = await execution(filled.executionId as string);
    expect(swap.blockHash).toBe((await reader.getBlock(swap.blockNumber as number))?.hash);
    // The fill keeps its swap's block and hash.
    expect(filled).toMatchObject({ blockNumber: swap.blockNumber, blockHash: swap.blockHash });
    expect((await detail(order.id)).order.totals).toMatchObject({ fills: 1 });

    const { opened, result: reading } = openEvents(
      `${server.url}/events`,
      { 'X-API-Key': TEST_API_KEY },
      (events) => events.filter((e) => e.event === 'chain.reorg').length >= 2,
      60_000,
    );
    await opened;
    // The swap's block is reorganized away; nothing is mined until told.
    await reader.send('evm_setAutomine', [false]);
    await reader.send('anvil_rollback', [1]);
    await reader.send('evm_mine', []);
    expect(await reader.getTransactionReceipt(filled.txHash as string)).toBeNull();
    // Another swap, answered pending (nothing is mined); reading it runs the reconciler.
    const other = await post<SwapExecutionDto>('/swap/execute', {
      tokenIn: 'ETH',
      tokenOut: devnet.manifest.tokens.dai.address, // neither side of the order: its balances stay exact
      amountIn: '0.001',
    });
    expect(other.execution.status).toBe('pending');
    await execution(other.execution.id);
    const { events } = await reading;
    const scopes = events
      .filter((e) => e.event === 'chain.reorg')
      .map((e) => (JSON.parse(e.data) as { data: { scope: string; records: string[] } }).data);
    expect(scopes).toContainEqual(expect.objectContaining({ scope: 'execution', records: [swap.id] }));
    expect(scopes).toContainEqual(expect.objectContaining({ scope: 'dca-fill', records: [`${order.id}:0`] }));
    const reopened = await detail(order.id);
    expect(reopened.fills.find((f) => f.slot === 0)).toMatchObject({
      status: 'pending',
      code: 'REORGED',
      blockHash: null,
    });
    expect(reopened.order.totals).toMatchObject({ fills: 0 });

    // Mined again: the same signed swap. The reconciler settles it; the scheduler counts the fill once.
    await reader.send('evm_mine', []);
    await reader.send('evm_setAutomine', [true]);
    await execution(other.execution.id);
    expect(await execution(swap.id)).toMatchObject({ status: 'confirmed', txHash: filled.txHash });
    await server.services.dca.tick();
    const again = await detail(order.id);
    const receipt = await reader.getTransactionReceipt(filled.txHash as string);
    expect(again.fills.find((f) => f.slot === 0)).toMatchObject({
      status: 'filled',
      txHash: filled.txHash,
      blockNumber: receipt?.blockNumber,
      blockHash: receipt?.blockHash,
    });
    expect(again.order.totals).toMatchObject({ fills: 1 });
    expect(again.order.totals.spent.amountBase).toBe('300000000');
    // On chain: one swap of 300 USDC, and the WBTC it bought is what the fill says.
    expect(usdcBefore - (await balanceOf(usdc.address, wallet))).toBe(300_000_000n);
    const received = BigInt(again.fills.find((f) => f.slot === 0)?.amountOut?.amountBase ?? -1);
    expect((await balanceOf(wbtc.address, wallet)) - btcBefore).toBe(received);
    expect(again.order.totals.received.amountBase).toBe(received.toString());
  });
});
