import { describe, expect, it } from 'vitest';
import { BLOCK_HASH, harness, type Script, swap, testContext } from '../testing/gatewayHarness.js';
import { followMinedExecution } from './followMinedExecution.js';

/** A swap settled `confirmed` in block 100 (the harness's receipts), and a context on the same stores. */
async function mined(script: Script) {
  const first = harness({ receiptAt: 0 });
  const { record } = await first.gateway.execute(swap());
  expect(record).toMatchObject({ status: 'confirmed', blockNumber: 100 });
  const t = testContext(script, {}, { governor: first.governor, store: first.store });
  return { ...t, record };
}

describe('followMinedExecution', () => {
  it('still mined where it was: nothing; a node whose head is below its block decides nothing', async () => {
    const still = await mined({ mined: () => true });
    expect(await followMinedExecution(still.ctx, still.record, 120)).toBeNull();
    const lagging = await mined({ mined: () => false });
    expect(await followMinedExecution(lagging.ctx, lagging.record, 99)).toBeNull();
    expect(lagging.sent).toEqual([]);
    expect((await lagging.store.get(lagging.record.id))?.status).toBe('confirmed');
  });

  it('its block reorganized away: pending REORGED, the same bytes handed to the node again, said so', async () => {
    const t = await mined({ mined: () => false });
    const back = await followMinedExecution(t.ctx, t.record, 100);
    expect(back).toMatchObject({ status: 'pending', code: 'REORGED', minedHash: null, blockNumber: null });
    expect(t.sent).toEqual(t.record.transactions.map((x) => x.raw));
    expect(t.events).toContainEqual({
      type: 'reorged',
      executionId: t.record.id,
      blockNumber: 100,
      blockHash: BLOCK_HASH,
      hash: t.record.minedHash,
    });
  });

  it('re-included in another block: its block and hash are corrected, nothing handed to the node', async () => {
    const moved = `0x${'c2'.repeat(32)}` as const;
    const t = await mined({ mined: () => true, receiptBlockHash: moved });
    expect(t.record.blockHash).toBe(BLOCK_HASH);
    expect(await followMinedExecution(t.ctx, t.record, 120)).toMatchObject({
      status: 'confirmed',
      blockNumber: 100,
      blockHash: moved,
    });
    expect(t.sent).toEqual([]);
  });

  it('after a kill it goes back to pending but nothing is handed to the node', async () => {
    const t = await mined({ mined: () => false });
    await t.governor.kill();
    expect(await followMinedExecution(t.ctx, t.record, 100)).toMatchObject({
      status: 'pending',
      code: 'REORGED',
    });
    expect(t.sent).toEqual([]);
  });
});
