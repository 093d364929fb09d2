import { type RpcProxy, type StartDevnetReturnType, startDevnet, startRpcProxy } from '@org/devnet';
import type { JsonRpcProvider } from 'ethers';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRpcProvider } from '../rpc/createRpcProvider.js';
import { APPROVAL_FOR_ALL_TOPIC, APPROVAL_TOPIC } from './constants.js';
import { type ChainLog, getLogsAdaptive } from './getLogsAdaptive.js';
import { grantOnChain } from './testing/grantOnChain.js';

// eth_getLogs against anvil through a JSON-RPC proxy that plays the limits real nodes have.
let devnet: StartDevnetReturnType;
let proxy: RpcProxy;
let direct: JsonRpcProvider;
let viaProxy: JsonRpcProvider;
let head = 0;
let reference: { blockNumber: string; logIndex: string; transactionHash: string }[] = [];
let ownerTopic = '';

const filter = () => ({ topics: [[APPROVAL_TOPIC, APPROVAL_FOR_ALL_TOPIC], ownerTopic] as never });
const range = (r: { params: readonly unknown[] }) => {
  const p = r.params[0] as { fromBlock: string; toBlock: string };
  return { from: Number(p.fromBlock), to: Number(p.toBlock) };
};
const inRange = (from: number, to: number) =>
  reference.filter((l) => Number(l.blockNumber) >= from && Number(l.blockNumber) <= to).length;
const ids = (logs: readonly ChainLog[]) => logs.map((l) => `${l.transactionHash}:${l.logIndex}`);
const refIds = () => reference.map((l) => `${l.transactionHash}:${Number(l.logIndex)}`);

beforeAll(async () => {
  devnet = await startDevnet();
  direct = createRpcProvider({ url: devnet.rpcUrl, chainId: 31337 });
  const owner = grantOnChain({ provider: direct, privateKey: devnet.manifest.accounts[5]!.privateKey });
  ownerTopic = `0x${owner.address.slice(2).toLowerCase().padStart(64, '0')}`;
  const { usdc, dai, wbtc } = devnet.manifest.tokens;
  const spenders = devnet.manifest.accounts.slice(6, 9).map((a) => a.address);
  // 18 approvals in 18 blocks, plus an operator approval, spread over the chain.
  for (const [i, token] of [usdc, dai, wbtc].entries()) {
    for (const spender of spenders) {
      await owner.approve(token.address, spender, BigInt(i + 1));
      await owner.approve(token.address, spender, BigInt(i + 100));
    }
  }
  await owner.setApprovalForAll(devnet.manifest.nfts.collectible.address, spenders[0]!, true);
  head = Number(await direct.send('eth_blockNumber', []));
  reference = await direct.send('eth_getLogs', [
    { ...filter(), fromBlock: '0x0', toBlock: `0x${head.toString(16)}` },
  ]);
  expect(reference).toHaveLength(19);
  proxy = await startRpcProxy({ upstream: devnet.rpcUrl });
  viaProxy = createRpcProvider({ url: proxy.url, chainId: 31337, timeoutMs: 2_000 });
});
afterEach(() => {
  proxy.intercept = undefined;
  proxy.down = false;
  proxy.reset();
});
afterAll(async () => {
  viaProxy?.destroy();
  direct?.destroy();
  await proxy?.close();
  await devnet?.stop();
});

describe('getLogsAdaptive', () => {
  it('a node that refuses ranges over 5 blocks: every log arrives, chunks shrink on refusal and grow back after successes', async () => {
    proxy.intercept = (r) => {
      if (r.method !== 'eth_getLogs') return undefined;
      const { from, to } = range(r);
      return to - from + 1 > 5
        ? { error: { code: -32600, message: 'block range is too wide (max 5)' } }
        : undefined;
    };
    const read = await getLogsAdaptive({
      provider: viaProxy,
      chainId: 31337,
      filter: filter(),
      fromBlock: 0,
      toBlock: head,
    });
    expect(ids(read.logs)).toEqual(refIds());
    const asked = proxy.requests.filter((r) => r.method === 'eth_getLogs').map(range);
    expect(read.requests).toBe(asked.length);
    const answered = asked.filter((r) => r.to - r.from + 1 <= 5);
    const refused = asked.filter((r) => r.to - r.from + 1 > 5);
    expect(read.refusals).toBe(refused.length);
    // Contiguous, complete coverage of [0, head] by the answered chunks.
    expect(answered[0]?.from).toBe(0);
    expect(answered.at(-1)?.to).toBe(head);
    for (let i = 1; i < answered.length; i++) expect(answered[i]?.from).toBe((answered[i - 1]?.to ?? 0) + 1);
    // After the first success the chunk is tried larger again (growth), and refused again.
    const firstSuccess = asked.findIndex((r) => r.to - r.from + 1 <= 5);
    expect(asked.slice(firstSuccess + 1).some((r) => r.to - r.from + 1 > 5)).toBe(true);
  });

  it('a node that refuses results over 3 logs: every log arrives (dense ranges are split, sparse ones grow)', async () => {
    proxy.intercept = (r) => {
      if (r.method !== 'eth_getLogs') return undefined;
      const { from, to } = range(r);
      return inRange(from, to) > 3
        ? { error: { code: -32005, message: 'query returned more than 3 results' } }
        : undefined;
    };
    const read = await getLogsAdaptive({
      provider: viaProxy,
      chainId: 31337,
      filter: filter(),
      fromBlock: 0,
      toBlock: head,
      initialChunk: 10_000,
    });
    expect(ids(read.logs)).toEqual(refIds());
    const asked = proxy.requests.map(range);
    const oversized = asked.filter((r) => inRange(r.from, r.to) > 3);
    expect(oversized.length).toBeGreaterThan(0);
    expect(read.refusals).toBe(oversized.length);
    expect(read.requests).toBe(asked.length);
  });

  it('follows the range a node suggests in its refusal', async () => {
    proxy.intercept = (r) => {
      const { from, to } = range(r);
      if (to - from + 1 <= 7) return undefined;
      const end = from + 6;
      return {
        error: {
          code: -32005,
          message: `Log response size exceeded. Try with this block range [0x${from.toString(16)}, 0x${end.toString(16)}].`,
        },
      };
    };
    const read = await getLogsAdaptive({
      provider: viaProxy,
      chainId: 31337,
      filter: filter(),
      fromBlock: 0,
      toBlock: head,
      growAfter: 100,
    });
    expect(ids(read.logs)).toEqual(refIds());
    const asked = proxy.requests.map(range);
    // The second request is exactly the suggested range; no halving steps in between.
    expect(asked[1]).toEqual({ from: 0, to: 6 });
    expect(read.refusals).toBe(1);
  });

  it('a node that keeps refusing (even one block) → LOG_SCAN_FAILED, never a partial list', async () => {
    proxy.intercept = (r) =>
      r.method === 'eth_getLogs' ? { error: { code: -32000, message: 'nope' } } : undefined;
    await expect(
      getLogsAdaptive({ provider: viaProxy, chainId: 31337, filter: filter(), fromBlock: 0, toBlock: head }),
    ).rejects.toMatchObject({ code: 'LOG_SCAN_FAILED' });
    // Halving from 2,000 blocks down to one: bounded, not endless.
    expect(proxy.count('eth_getLogs')).toBeLessThanOrEqual(13);
  });

  it('a node without eth_getLogs fails at once; garbage answers fail; removed logs are dropped', async () => {
    proxy.intercept = () => ({ error: { code: -32601, message: 'the method eth_getLogs does not exist' } });
    await expect(
      getLogsAdaptive({ provider: viaProxy, chainId: 31337, filter: filter(), fromBlock: 0, toBlock: head }),
    ).rejects.toMatchObject({ code: 'LOG_SCAN_FAILED' });
    expect(proxy.count('eth_getLogs')).toBe(1);

    for (const result of [
      { logs: [] },
      [{ address: 'nope' }],
      [{ ...reference[0], blockNumber: '0xffffff' }],
    ]) {
      proxy.intercept = () => ({ result });
      await expect(
        getLogsAdaptive({
          provider: viaProxy,
          chainId: 31337,
          filter: filter(),
          fromBlock: 0,
          toBlock: head,
        }),
      ).rejects.toMatchObject({ code: 'LOG_SCAN_FAILED' });
    }
    proxy.intercept = () => ({ result: [{ ...reference[0], removed: true }] });
    const read = await getLogsAdaptive({
      provider: viaProxy,
      chainId: 31337,
      filter: filter(),
      fromBlock: 0,
      toBlock: head,
    });
    expect(read.logs).toEqual([]);
  });

  it('a node that is down → RPC_UNAVAILABLE after a bounded number of tries', async () => {
    proxy.down = true;
    await expect(
      getLogsAdaptive({
        provider: viaProxy,
        chainId: 31337,
        filter: filter(),
        fromBlock: 0,
        toBlock: head,
        maxTransientFailures: 2,
      }),
    ).rejects.toMatchObject({ code: 'RPC_UNAVAILABLE' });
  });

  it('refuses nonsense parameters; an empty range costs nothing', async () => {
    await expect(
      getLogsAdaptive({ provider: viaProxy, chainId: 31337, filter: filter(), fromBlock: -1, toBlock: 3 }),
    ).rejects.toMatchObject({ code: 'INVALID_PARAMETER' });
    await expect(
      getLogsAdaptive({
        provider: viaProxy,
        chainId: 31337,
        filter: filter(),
        fromBlock: 0,
        toBlock: 3,
        maxChunk: 0,
      }),
    ).rejects.toMatchObject({ code: 'INVALID_PARAMETER' });
    const empty = await getLogsAdaptive({
      provider: viaProxy,
      chainId: 31337,
      filter: filter(),
      fromBlock: 5,
      toBlock: 4,
    });
    expect(empty).toEqual({ logs: [], requests: 0, refusals: 0 });
  });
});
