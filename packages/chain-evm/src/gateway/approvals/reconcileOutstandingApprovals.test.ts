import { describe, expect, it } from 'vitest';
import type { Address } from '../../chains/chains.js';
import { MemoryOutstandingApprovalStore } from '../store/MemoryOutstandingApprovalStore.js';
import type { OutstandingApproval } from '../store/OutstandingApprovalStore.js';
import { testExecutionRecord } from '../store/testing/executionFixtures.js';
import type { ExecutionRecord, ExecutionStatus } from '../types.js';
import { reconcileOutstandingApprovals } from './reconcileOutstandingApprovals.js';

const owner = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address;
const token = '0x2279B7A0a67DB372996a5FaB50D91eAA73d2eBe6' as Address;
const spender = '0x4631BCAbD6dF18D94796344963cB60d44a4136b6' as Address;

/** A chain of one allowance, and a gateway whose resets may be refused. */
function scene() {
  const approvals = new MemoryOutstandingApprovalStore();
  const records = new Map<string, ExecutionRecord>();
  const state = { allowance: 100n, resets: [] as number[], refuse: null as string | null };
  const put = (id: string, status: ExecutionStatus, updatedAt = 0) =>
    records.set(id, testExecutionRecord({ id, status, updatedAt }));
  const pass = (now: number) =>
    reconcileOutstandingApprovals({
      approvals,
      executions: { get: async (id) => records.get(id) ?? null },
      readAllowance: async () => state.allowance,
      reset: async (_row: OutstandingApproval, attempt) => {
        state.resets.push(attempt);
        const id = `reset-${attempt}`;
        if (state.refuse !== null) {
          const refused = testExecutionRecord({
            id,
            status: 'blocked',
            code: state.refuse,
            reason: 'refused',
          });
          records.set(id, refused);
          return refused;
        }
        state.allowance = 0n;
        const done = testExecutionRecord({ id, status: 'confirmed' });
        records.set(id, done);
        return done;
      },
      now,
      orphanAfterMs: 1_000,
      settleGraceMs: 100,
    });
  const insert = (actionExecutionId: string | null) =>
    approvals.insert({
      id: 'ap',
      chainId: 31337,
      owner,
      token,
      spender,
      amount: 100n,
      actionExecutionId,
      createdAt: 0,
    });
  return { approvals, state, put, pass, insert, records };
}

describe('reconcileOutstandingApprovals', () => {
  it("an action over, but another action of the same (token, spender) still running: no reset (the allowance is the pair's) until that one is over too", async () => {
    const s = scene();
    await s.insert('old-deposit');
    s.put('old-deposit', 'confirmed', 0);
    await s.approvals.insert({
      id: 'ap-live',
      chainId: 31337,
      owner,
      token: token.toLowerCase() as Address,
      spender,
      amount: 100n,
      actionExecutionId: 'live-deposit',
      createdAt: 5_000,
    });
    s.put('live-deposit', 'preparing', 5_000);
    expect(await s.pass(10_000)).toMatchObject({ sent: [], closed: [] });
    expect(s.state.resets).toEqual([]);
    s.put('live-deposit', 'confirmed', 10_000);
    const after = await s.pass(10_200);
    expect(after.sent).toHaveLength(1);
    expect(s.state.resets).toEqual([1]);
  });

  it('waits while the action runs (held, pending) and within the grace after it ends; then resets and closes at 0', async () => {
    const s = scene();
    await s.insert('bridge');
    for (const status of ['awaiting_confirmation', 'pending', 'signed', 'preparing'] as const) {
      s.put('bridge', status);
      expect(await s.pass(10_000)).toMatchObject({ waiting: ['ap'], sent: [], closed: [] });
    }
    s.put('bridge', 'blocked', 10_000); // denied
    expect((await s.pass(10_050)).waiting).toEqual(['ap']); // the follower's grace
    expect(await s.pass(10_100)).toMatchObject({ sent: ['ap'] });
    expect(s.state.resets).toEqual([1]);
    expect(await s.pass(10_200)).toMatchObject({ closed: ['ap'] });
    expect(await s.approvals.get('ap')).toMatchObject({
      status: 'reset',
      attempts: 1,
      resetExecutionId: 'reset-1',
    });
    expect(await s.pass(10_300)).toEqual({ closed: [], sent: [], waiting: [], failed: [] });
  });

  it('every final status of the action ends the approval: settled, reverted, failed, cancelled, refused', async () => {
    for (const status of ['confirmed', 'reverted', 'failed', 'cancelled', 'blocked'] as const) {
      const s = scene();
      await s.insert('action');
      s.put('action', status);
      expect((await s.pass(200)).sent).toEqual(['ap']);
    }
  });

  it('an allowance already at 0 (the bridge pulled it, the follower reset it) is closed without sending anything', async () => {
    const s = scene();
    await s.insert('bridge');
    s.put('bridge', 'confirmed');
    s.state.allowance = 0n;
    expect(await s.pass(200)).toMatchObject({ closed: ['ap'], sent: [] });
    expect(s.state.resets).toEqual([]);
  });

  it('does not wait for the kill switch: the reset is sent at once (the gateway lets it pass)', async () => {
    const s = scene();
    await s.insert('bridge');
    s.put('bridge', 'blocked');
    expect(await s.pass(200)).toMatchObject({ sent: ['ap'], waiting: [] });
    expect(s.state.resets).toEqual([1]);
    expect(await s.pass(300)).toMatchObject({ closed: ['ap'] });
  });

  it('a refused reset (daily cap, kill between read and send) is recorded and retried with a new attempt', async () => {
    const s = scene();
    await s.insert('bridge');
    s.put('bridge', 'blocked');
    s.state.refuse = 'DAILY_LIMIT_EXCEEDED';
    expect(await s.pass(200)).toMatchObject({
      failed: [{ id: 'ap', error: 'DAILY_LIMIT_EXCEEDED: refused' }],
    });
    expect(await s.approvals.get('ap')).toMatchObject({ status: 'outstanding', attempts: 1 });
    s.state.refuse = null;
    expect(await s.pass(300)).toMatchObject({ sent: ['ap'] });
    expect(s.state.resets).toEqual([1, 2]);
    expect(await s.pass(400)).toMatchObject({ closed: ['ap'] });
  });

  it('a reset still in flight is waited for, not sent again', async () => {
    const s = scene();
    await s.insert('bridge');
    s.put('bridge', 'blocked');
    s.state.refuse = 'X';
    await s.pass(200);
    s.put('reset-1', 'pending');
    expect(await s.pass(300)).toMatchObject({ waiting: ['ap'], sent: [] });
    expect(s.state.resets).toEqual([1]);
  });

  it('an approval whose action never came to be is reset once it is older than orphanAfterMs', async () => {
    const s = scene();
    await s.insert(null);
    expect((await s.pass(999)).waiting).toEqual(['ap']);
    expect((await s.pass(1_000)).sent).toEqual(['ap']);
    const t = scene();
    await t.insert('never-written');
    expect((await t.pass(999)).waiting).toEqual(['ap']);
    expect((await t.pass(1_000)).sent).toEqual(['ap']);
  });

  it('a node error reading the allowance or sending is recorded and retried; nothing is closed on it', async () => {
    const s = scene();
    await s.insert('bridge');
    s.put('bridge', 'blocked');
    const failing = await reconcileOutstandingApprovals({
      approvals: s.approvals,
      executions: { get: async (id) => s.records.get(id) ?? null },
      readAllowance: async () => {
        throw Object.assign(new Error('down'), { code: 'RPC_UNAVAILABLE', shortMessage: 'node down' });
      },
      reset: async () => {
        throw new Error('unreachable');
      },
      now: 200,
      orphanAfterMs: 1_000,
      settleGraceMs: 100,
    });
    expect(failing.failed).toEqual([{ id: 'ap', error: 'RPC_UNAVAILABLE: node down' }]);
    const sendFails = await reconcileOutstandingApprovals({
      approvals: s.approvals,
      executions: { get: async (id) => s.records.get(id) ?? null },
      readAllowance: async () => 100n,
      reset: async () => {
        throw Object.assign(new Error('x'), { code: 'RPC_TIMEOUT', shortMessage: 'slow' });
      },
      now: 300,
      orphanAfterMs: 1_000,
      settleGraceMs: 100,
    });
    expect(sendFails.failed).toEqual([{ id: 'ap', error: 'RPC_TIMEOUT: slow' }]);
    expect(await s.approvals.get('ap')).toMatchObject({
      status: 'outstanding',
      lastError: 'RPC_TIMEOUT: slow',
    });
    expect((await s.pass(400)).sent).toEqual(['ap']);
  });
});
