import { type RpcProxy, type StartDevnetReturnType, startDevnet, startRpcProxy } from '@org/devnet';
import type { JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionDto } from '../src/dto/execution.js';
import type { GovernorStatusDto } from '../src/dto/governor.js';
import type { SwapExecutionDto } from '../src/dto/swap.js';
import { startTestServer, type TestServer } from './helpers/startTestServer.js';
import { devnetReader, swapServerEnv } from './helpers/swapServerEnv.js';

// The reconciler against a slow node (review F1): a pass that took its list of unsettled executions before a swap
// was broadcast must not act on that stale row once the swap is out. The node is a JSON-RPC proxy in front of the
// devnet that holds chosen requests (one hash's receipt lookups, the next simulation) until the test lets them go,
// so the interleaving is forced rather than timed. Every effect is read from the chain directly.
let devnet: StartDevnetReturnType;
let reader: JsonRpcProvider;
let proxy: RpcProxy;
let server: TestServer;

beforeAll(async () => {
  devnet = await startDevnet();
  reader = devnetReader(devnet);
  proxy = await startRpcProxy({ upstream: devnet.rpcUrl });
  server = await startTestServer({ ...swapServerEnv(devnet, proxy.url, 6), RECEIPT_TIMEOUT_MS: '1000' });
});
afterAll(async () => {
  await server?.close();
  await proxy?.close();
  reader?.destroy();
  await devnet?.stop();
});

const swap = () =>
  server.call('/swap/execute', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tokenIn: 'ETH', tokenOut: devnet.manifest.tokens.usdc.address, amountIn: '0.01' }),
  });
const status = async () => (await (await server.call('/governor/status')).json()) as GovernorStatusDto;

function gate(): { promise: Promise<void>; open: () => void } {
  let open: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

describe('a reconcile pass that listed an execution before it was broadcast (F1)', () => {
  it('leaves the live swap alone: it stays pending, then settles confirmed and is committed once', async () => {
    const before = await status();
    await reader.send('evm_setAutomine', [false]);
    try {
      // Swap A is left pending (nothing is mined).
      const a = (await (await swap()).json()) as SwapExecutionDto;
      expect(a.execution.status).toBe('pending');
      const aHash = a.execution.txHash as string;

      // Swap B: while it simulates (eth_simulateV1), a read of A starts a reconcile pass; the pass lists B (preparing), then its
      // lookup of A's receipt is held until B has been broadcast and answered.
      const passListed = gate();
      const bAnswered = gate();
      let readA: Promise<Response> | undefined;
      proxy.intercept = (request) => {
        if (request.method === 'eth_simulateV1' && readA === undefined) {
          readA = server.call(`/executions/${a.execution.id}`);
          return { until: passListed.promise };
        }
        if (request.method === 'eth_getTransactionReceipt' && request.params[0] === aHash) {
          passListed.open();
          return { until: bAnswered.promise };
        }
        return undefined;
      };
      const bResponse = await swap();
      bAnswered.open();
      expect(bResponse.status).toBe(202);
      const b = (await bResponse.json()) as SwapExecutionDto;
      expect(b.execution.status).toBe('pending');
      expect(readA).toBeDefined();
      expect((await (readA as Promise<Response>)).status).toBe(200);
      proxy.intercept = undefined;

      // The pass is over: B is still what it was (pending, its reservation counted), not "interrupted".
      const afterPass = (await (await server.call(`/executions/${b.execution.id}`)).json()) as ExecutionDto;
      expect(afterPass).toMatchObject({ status: 'pending' });
      expect((await status()).openReservations).toHaveLength(2);

      // Both are mined: B settles confirmed, and the governor counts A and B exactly (value + the fee paid).
      await reader.send('evm_mine', []);
      const settledB = (await (await server.call(`/executions/${b.execution.id}`)).json()) as ExecutionDto;
      const settledA = (await (await server.call(`/executions/${a.execution.id}`)).json()) as ExecutionDto;
      expect(settledB.status).toBe('confirmed');
      expect(settledA.status).toBe('confirmed');
      const receiptB = await reader.getTransactionReceipt(b.execution.txHash as string);
      expect(receiptB?.status).toBe(1);
      const after = await status();
      expect(after.openReservations).toEqual([]);
      const feeOf = (e: ExecutionDto) => BigInt(e.fee?.wei ?? -1);
      expect(BigInt(after.spent.daily.committed.wei) - BigInt(before.spent.daily.committed.wei)).toBe(
        2n * 10n ** 16n + feeOf(settledA) + feeOf(settledB),
      );
      expect(feeOf(settledB)).toBe(receiptB!.gasUsed * receiptB!.gasPrice);
    } finally {
      proxy.intercept = undefined;
      await reader.send('evm_setAutomine', [true]);
    }
  });
});

describe('a load-balanced node whose receipts lag behind its nonces (F6)', () => {
  it('a mined swap is never failed NONCE_CONSUMED on one "no receipt": it settles once the receipt is served', async () => {
    const before = await status();
    await reader.send('evm_setAutomine', [false]);
    let a: SwapExecutionDto;
    try {
      a = (await (await swap()).json()) as SwapExecutionDto;
      expect(a.execution.status).toBe('pending');
      // The replica that answers receipts is behind: it has no receipt for A (the one answering nonces is current).
      const aHash = a.execution.txHash as string;
      proxy.intercept = (request) =>
        request.method === 'eth_getTransactionReceipt' && request.params[0] === aHash
          ? { result: null }
          : undefined;
      await reader.send('evm_mine', []);
    } finally {
      await reader.send('evm_setAutomine', [true]);
    }
    try {
      expect((await reader.getTransactionReceipt(a.execution.txHash as string))?.status).toBe(1);
      const read = async () =>
        (await (await server.call(`/executions/${a.execution.id}`)).json()) as ExecutionDto;
      // Seen once without a receipt, and again a block later: still pending, its reservation still counted.
      expect(await read()).toMatchObject({ status: 'pending' });
      await reader.send('anvil_mine', ['0x1']);
      expect(await read()).toMatchObject({ status: 'pending' });
      expect((await status()).openReservations).toHaveLength(1);
    } finally {
      proxy.intercept = undefined;
    }
    // The lagging replica catches up: confirmed, committed exactly once.
    const settled = (await (await server.call(`/executions/${a.execution.id}`)).json()) as ExecutionDto;
    expect(settled.status).toBe('confirmed');
    const after = await status();
    expect(after.openReservations).toEqual([]);
    expect(BigInt(after.spent.daily.committed.wei) - BigInt(before.spent.daily.committed.wei)).toBe(
      10n ** 16n + BigInt(settled.fee?.wei ?? -1),
    );
  });
});
