import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planScanRanges } from './planScanRanges.js';

const base = { lookbackBlocks: 1_000, reorgMarginBlocks: 0 };

describe('planScanRanges', () => {
  it('first scan: fromBlock, else the per-chain start, else the lookback (never below 0)', () => {
    expect(
      planScanRanges({ ...base, covered: null, head: 5_000, fromBlock: 10, defaultFromBlock: 20 }),
    ).toEqual({
      ranges: [{ fromBlock: 10, toBlock: 5_000 }],
      fromBlock: 10,
      toBlock: 5_000,
    });
    expect(planScanRanges({ ...base, covered: null, head: 5_000, defaultFromBlock: 20 }).ranges).toEqual([
      { fromBlock: 20, toBlock: 5_000 },
    ]);
    expect(planScanRanges({ ...base, covered: null, head: 5_000 }).ranges).toEqual([
      { fromBlock: 4_001, toBlock: 5_000 },
    ]);
    expect(planScanRanges({ ...base, covered: null, head: 300 }).ranges).toEqual([
      { fromBlock: 0, toBlock: 300 },
    ]);
  });

  it('repeat scan: only the K new blocks (plus a reorg margin when set); a lower fromBlock backfills', () => {
    const covered = { fromBlock: 100, toBlock: 200 };
    expect(planScanRanges({ ...base, covered, head: 207 }).ranges).toEqual([
      { fromBlock: 201, toBlock: 207 },
    ]);
    expect(planScanRanges({ ...base, covered, head: 200 }).ranges).toEqual([]);
    expect(planScanRanges({ ...base, covered, head: 207, reorgMarginBlocks: 12 }).ranges).toEqual([
      { fromBlock: 189, toBlock: 207 },
    ]);
    expect(planScanRanges({ ...base, covered, head: 207, fromBlock: 40 })).toEqual({
      ranges: [
        { fromBlock: 40, toBlock: 99 },
        { fromBlock: 201, toBlock: 207 },
      ],
      fromBlock: 40,
      toBlock: 207,
    });
  });

  it('refuses a start above the head and negative or fractional numbers', () => {
    expect(() => planScanRanges({ ...base, covered: null, head: 10, fromBlock: 11 })).toThrow(
      expect.objectContaining({ code: 'INVALID_PARAMETER' }),
    );
    expect(() => planScanRanges({ ...base, covered: null, head: 10, fromBlock: 1.5 })).toThrow(
      expect.objectContaining({ code: 'INVALID_PARAMETER' }),
    );
    expect(() => planScanRanges({ ...base, covered: null, head: -1 })).toThrow(
      expect.objectContaining({ code: 'INVALID_PARAMETER' }),
    );
  });

  it('property: after any sequence of scans the covered range is exactly the union of what was read, with no gap', () => {
    fc.assert(
      fc.property(
        fc.nat(500),
        fc.array(fc.record({ grow: fc.nat(50), from: fc.option(fc.nat(600), { nil: undefined }) }), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.nat(5),
        (start, steps, margin) => {
          let head = start;
          let covered: { fromBlock: number; toBlock: number } | null = null;
          const read = new Set<number>();
          for (const step of steps) {
            head += step.grow;
            const fromBlock = step.from === undefined || step.from > head ? undefined : step.from;
            const plan = planScanRanges({
              covered,
              head,
              lookbackBlocks: 100,
              reorgMarginBlocks: margin,
              ...(fromBlock === undefined ? {} : { fromBlock }),
            });
            for (const r of plan.ranges) for (let b = r.fromBlock; b <= r.toBlock; b++) read.add(b);
            covered = { fromBlock: plan.fromBlock, toBlock: plan.toBlock };
            for (let b = covered.fromBlock; b <= covered.toBlock; b++) expect(read.has(b)).toBe(true);
            expect(covered.toBlock).toBe(head);
          }
        },
      ),
    );
  });
});
