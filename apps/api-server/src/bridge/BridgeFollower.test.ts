import { createLifiClient, type ExecutionRecord, MemoryExecutionStore } from '@org/chain-evm';
import { type LifiFixture, startLifiFixture } from '@org/devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BridgeStart, BridgeFollower, bridgeOf, followOf, startOf } from './BridgeFollower.js';

// resume() after a restart, against the LI.FI fixture over HTTP (no chain: every status is NOT_FOUND, which is
// `pending` — enough to show the transfer is followed and written).
const WALLET = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const;
const BRIDGE = '0x5FbDB2315678afecb367f032d93F642f64180aa3' as const;
let lifi: LifiFixture;
beforeAll(async () => {
  const chain = (id: number, key: string) => ({ id, key, name: key, bridge: BRIDGE, tokens: [] });
  lifi = await startLifiFixture({ chains: [chain(31_337, 'dva'), chain(31_338, 'dvb')] });
});
afterAll(async () => {
  await lifi?.close();
});

const start: BridgeStart = {
  provider: 'lifi',
  tool: 'devnetbridge',
  quoteId: 'bq_restart',
  fromChainId: 31_337,
  toChainId: 31_338,
  fromToken: '0x0000000000000000000000000000000000000001',
  toToken: '0x0000000000000000000000000000000000000002',
  fromAmount: '100000000',
  toAmount: '99900000',
  toAmountMin: '99400500',
  spender: BRIDGE,
  durationSeconds: 30,
};

const record = (id: string, status: ExecutionRecord['status'], follow: unknown): ExecutionRecord => ({
  id,
  version: 0,
  createdAt: 1,
  updatedAt: 1,
  chainId: 31_337,
  action: 'bridge',
  from: WALLET,
  to: BRIDGE,
  intent: {
    description: 'bridge',
    value: '0',
    spends: [],
    acquires: [],
    bridge: { toChainId: 31_338, toToken: start.toToken as `0x${string}`, follow: follow as never },
  },
  status,
  code: null,
  reason: null,
  valueWei: null,
  feeReservedWei: null,
  reservationId: null,
  nonce: 3,
  transactions: [],
  minedHash: `0x${'ab'.repeat(32)}`,
  blockNumber: 10,
  blockHash: null,
  feeWei: null,
  idempotencyKey: null,
  result: null,
  nonceGoneSinceBlock: null,
  cancelRequestedAt: null,
  cancelRequestedBy: null,
});

describe('BridgeFollower.resume after a restart (review M4)', () => {
  it('follows a bridge confirmed without a transfer state, from what its stored intent kept', async () => {
    const store = new MemoryExecutionStore();
    await store.insert(record('confirmed-no-state', 'confirmed', followOf(start)));
    // Without what following needs, or already settled without a transfer: nothing to resume.
    await store.insert(record('no-follow', 'confirmed', undefined));
    await store.insert(record('blocked', 'blocked', followOf(start)));
    const events: string[] = [];
    const resets: string[] = [];
    const follower = new BridgeFollower({
      store,
      client: createLifiClient({ baseUrl: lifi.url }),
      publish: (type) => events.push(type),
      resetApproval: async (r) => {
        resets.push(r.id);
        return { executionId: null, status: 'not-needed' };
      },
      readDelivery: async () => null,
      onError: () => undefined,
      settings: { pollMs: 10, maxPollMs: 20, stuckFactor: 3, stuckMinMs: 600_000 },
    });
    try {
      expect(await follower.resume()).toBe(1);
      let bridge = null;
      for (let i = 0; i < 200 && bridge?.approvalReset == null; i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        const current = await store.get('confirmed-no-state');
        bridge = current ? bridgeOf(current) : null;
      }
      expect(bridge).toMatchObject({
        quoteId: 'bq_restart',
        spender: BRIDGE,
        toAmountMin: '99400500',
        state: 'pending',
        approvalReset: { status: 'not-needed' },
      });
      expect(events).toContain('bridge.pending');
      expect(resets).toEqual(['confirmed-no-state']);
      expect(bridgeOf((await store.get('no-follow'))!)).toBeNull();
    } finally {
      follower.stop();
    }
  });

  it('startOf reads back what followOf wrote, and nothing malformed', () => {
    expect(startOf(record('x', 'pending', followOf(start)))).toEqual(start);
    expect(startOf(record('x', 'pending', undefined))).toBeNull();
    expect(startOf(record('x', 'pending', { ...followOf(start), provider: 'other' }))).toBeNull();
    expect(startOf(record('x', 'pending', { ...followOf(start), fromChainId: '31337' }))).toBeNull();
    expect(startOf(record('x', 'pending', { ...followOf(start), toAmountMin: '1e6' }))).toBeNull();
    expect(startOf(record('x', 'pending', { ...followOf(start), spender: null }))).toEqual({
      ...start,
      spender: null,
    });
  });
});

describe('BridgeFollower: the source transaction reorganized away (issue 32)', () => {
  it('keeps the source block hash; a reorg marks the transfer, sends it back to following, and a new block is kept', async () => {
    let tick = 0;
    const H1 = `0x${'11'.repeat(32)}` as const;
    const H2 = `0x${'22'.repeat(32)}` as const;
    const store = new MemoryExecutionStore();
    await store.insert({ ...record('reorged', 'confirmed', followOf(start)), blockHash: H1 });
    const events: [string, Record<string, unknown>][] = [];
    const follower = new BridgeFollower({
      store,
      client: createLifiClient({ baseUrl: lifi.url }),
      publish: (type, data) => events.push([type, data]),
      resetApproval: async () => ({ executionId: null, status: 'not-needed' }),
      readDelivery: async () => null,
      onError: () => undefined,
      settings: { pollMs: 10, maxPollMs: 20, stuckFactor: 3, stuckMinMs: 600_000 },
      // A clock that moves a second at every look (the transfer is never old enough to be stuck).
      now: () => (tick += 1000),
    });
    const first = await follower.step('reorged', start);
    expect(bridgeOf(first.record!)).toMatchObject({
      sourceBlockNumber: 10,
      sourceBlockHash: H1,
      sourceReorg: null,
    });
    // Say the transfer had completed; then the reconciler finds the source block gone (what followMinedExecution writes).
    const done = first.record!;
    const completed = await store.update({
      id: done.id,
      expected: { status: done.status, version: done.version },
      patch: { result: { bridge: { ...bridgeOf(done)!, state: 'completed', terminal: true } } },
      at: 2,
    });
    const back = await store.update({
      id: done.id,
      expected: { status: 'confirmed', version: completed!.version },
      patch: { status: 'pending', code: 'REORGED', minedHash: null, blockNumber: null, blockHash: null },
      at: 3,
    });
    expect(back?.status).toBe('pending');
    const marked = await follower.step('reorged', start);
    expect(marked.done).toBe(false);
    expect(bridgeOf(marked.record!)).toMatchObject({
      state: 'pending',
      terminal: false,
      sourceReorg: { blockNumber: 10, blockHash: H1 },
    });
    expect(events.filter(([t]) => t === 'chain.reorg').map(([, d]) => d)).toEqual([
      {
        scope: 'bridge-source',
        chainId: 31_337,
        owner: WALLET,
        reason: 'hash-mismatch',
        coveredTo: 10,
        head: null,
        rewindTo: 9,
        records: ['reorged'],
      },
    ]);
    expect(events.map(([t]) => t)).toContain('bridge.pending');
    // Marked once: another look while it waits writes nothing and says nothing.
    const version = marked.record!.version;
    expect((await follower.step('reorged', start)).record?.version).toBe(version);
    expect(events.filter(([t]) => t === 'chain.reorg')).toHaveLength(1);
    // Mined again elsewhere: the transfer keeps the new block, and the follow reads the provider again.
    await store.update({
      id: done.id,
      expected: { status: 'pending', version },
      patch: {
        status: 'confirmed',
        code: null,
        minedHash: `0x${'ab'.repeat(32)}`,
        blockNumber: 12,
        blockHash: H2,
      },
      at: 4,
    });
    const again = await follower.step('reorged', start);
    expect(bridgeOf(again.record!)).toMatchObject({
      sourceBlockNumber: 12,
      sourceBlockHash: H2,
      sourceReorg: { blockNumber: 10, blockHash: H1 },
      state: 'pending',
      terminal: false,
    });
    expect(again.done).toBe(false);
    follower.stop();
  });
});
