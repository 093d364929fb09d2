import { describe, expect, it } from 'vitest';
import { BLOCK_HASH, harness, type Script, swap, testContext } from '../testing/gatewayHarness.js';
import { followMinedPass } from './followMinedPass.js';

/** Two swaps settled `confirmed` in block 100 (the harness's receipts), and a context on the same stores. */
async function minedTwice(script: Script) {
  const first = harness({ receiptAt: 0 });
  const a = (await first.gateway.execute(swap())).record;
  const b = (await first.gateway.execute(swap())).record;
  for (const r of [a, b])
    expect(r).toMatchObject({ status: 'confirmed', blockNumber: 100, blockHash: BLOCK_HASH });
  const t = testContext(script, {}, { governor: first.governor, store: first.store });
  return { ...t, records: [a, b] };
}

describe('followMinedPass', () => {
  it('stored hashes that match the chain: one block read for the block, no receipt read again, nothing changed', async () => {
    const t = await minedTwice({ mined: () => true });
    expect(await followMinedPass(t.ctx, new Set())).toEqual([]);
    expect(t.blockReads).toEqual([100]);
    expect(t.calls).not.toContain('fetch');
    expect(t.events).toEqual([]);
  });

  it('a block with another hash now: chain-reorg once for the block, each execution gone goes back to pending', async () => {
    const other = `0x${'e3'.repeat(32)}` as const;
    const t = await minedTwice({ mined: () => false, chainBlockHash: () => other });
    const [a, b] = t.records as [(typeof t.records)[0], (typeof t.records)[0]];
    const changed = await followMinedPass(t.ctx, new Set());
    expect(changed.map((r) => [r.id, r.status, r.code, r.blockHash])).toEqual([
      [b.id, 'pending', 'REORGED', null],
      [a.id, 'pending', 'REORGED', null],
    ]);
    expect(t.blockReads).toEqual([100]);
    expect(t.events.filter((e) => e.type === 'chain-reorg')).toEqual([
      {
        type: 'chain-reorg',
        chainId: a.chainId,
        reason: 'hash-mismatch',
        blockNumber: 100,
        storedHash: BLOCK_HASH,
        chainHash: other,
        head: 100,
        executionIds: [b.id, a.id],
        reorged: [b.id, a.id],
      },
    ]);
    expect(
      t.events.filter((e) => e.type === 'reorged').map((e) => 'executionId' in e && e.executionId),
    ).toEqual([b.id, a.id]);
    // The next pass finds nothing settled to follow.
    expect(await followMinedPass(t.ctx, new Set())).toEqual([]);
  });

  it('a record settled before hashes were stored is followed by its receipt, which stores the hash', async () => {
    const t = await minedTwice({ mined: () => true });
    const [a] = t.records as [(typeof t.records)[0]];
    const legacy = await t.store.update({
      id: a.id,
      expected: { status: a.status, version: a.version },
      patch: { blockHash: null },
      at: a.updatedAt + 1,
    });
    expect(legacy?.blockHash).toBeNull();
    const changed = await followMinedPass(t.ctx, new Set());
    expect(changed.map((r) => [r.id, r.status, r.blockHash])).toEqual([[a.id, 'confirmed', BLOCK_HASH]]);
    expect(t.calls.filter((c) => c === 'fetch')).toHaveLength(1);
  });

  it('a node that cannot read the block decides nothing', async () => {
    const t = await minedTwice({ mined: () => false, blockNumber: 100 });
    const ctx = {
      ...t.ctx,
      provider: async () => ({
        send: async (method: string) => {
          if (method === 'eth_blockNumber') return '0x64';
          throw new Error('node down');
        },
      }),
    };
    expect(await followMinedPass(ctx, new Set())).toEqual([]);
    expect(t.events).toEqual([]);
  });
});
