import { describe, expect, it } from 'vitest';
import { ChainRescans } from './ChainRescans.js';
import { followReorgedExecutions } from './followReorgedExecutions.js';

const reorg = (reorged: string[]) =>
  ({
    type: 'chain-reorg',
    chainId: 31337,
    reason: 'hash-mismatch',
    blockNumber: 40,
    storedHash: `0x${'aa'.repeat(32)}`,
    chainHash: `0x${'bb'.repeat(32)}`,
    head: 41,
    executionIds: ['e1', 'e2'],
    reorged,
  }) as const;

describe('followReorgedExecutions', () => {
  it('publishes chain.reorg (scope execution) and counts a re-read until every reorged execution settled again', () => {
    const published: [string, unknown][] = [];
    const rescans = new ChainRescans({ publish: (t, d) => published.push([t, d]), warn: () => undefined });
    const on = followReorgedExecutions({ rescans, owner: '0xowner' });
    on(reorg(['e1', 'e2']));
    expect(published).toEqual([
      [
        'chain.reorg',
        {
          scope: 'execution',
          chainId: 31337,
          owner: '0xowner',
          reason: 'hash-mismatch',
          coveredTo: 40,
          head: 41,
          rewindTo: 39,
          records: ['e1', 'e2'],
        },
      ],
    ]);
    expect(rescans.running()).toBe(1);
    on({ type: 'settled', executionId: 'e1', status: 'confirmed', feeWei: 1n });
    on({ type: 'settled', executionId: 'other', status: 'confirmed', feeWei: 1n });
    expect(rescans.running()).toBe(1);
    on({ type: 'settled', executionId: 'e2', status: 'confirmed', feeWei: 1n });
    expect(rescans.running()).toBe(0);
  });

  it('a reorg whose executions were all re-included is published and done at once', () => {
    const rescans = new ChainRescans({ publish: () => undefined, warn: () => undefined });
    followReorgedExecutions({ rescans, owner: '0xowner' })(reorg([]));
    expect(rescans.running()).toBe(0);
  });
});
