import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Governor } from './Governor.js';
import { MemorySpendLedger } from './MemorySpendLedger.js';
import { parseEther } from './parseEther.js';
import { SqliteSpendLedger } from './sqlite/SqliteSpendLedger.js';
import { testClock } from './testing/ledgerContract.js';
import type { SpendLedger, SpendRequest } from './types.js';
import { windowStart } from './windowStart.js';

const E = (text: string) => parseEther(text);
const HOUR = 3_600_000;

type Step =
  | { kind: 'reserve'; request: SpendRequest; valid: boolean }
  | { kind: 'commit'; pick: number; percent: number }
  | { kind: 'release'; pick: number }
  | { kind: 'kill' }
  | { kind: 'unkill' }
  | { kind: 'time'; ms: number }
  | { kind: 'burst'; requests: SpendRequest[] };

const validRequest = fc.oneof(
  fc.bigInt({ min: 0n, max: E('0.07') }).map((value) => ({ action: 'swap', value })),
  fc
    .constantFrom('0', '0.01', '0.05', '0.049999999999999999', '0.051')
    .map((amount) => ({ action: 'swap', args: { amount } })),
  fc.integer({ min: 0, max: 60 }).map((cents) => ({ action: 'swap', args: { amount_in: cents / 1000 } })),
);
const invalidRequest = fc.constantFrom<SpendRequest>(
  { action: 'swap', args: { amount: Number.NaN } },
  { action: 'swap', args: { amount: -0.01 } },
  { action: 'swap', args: { value: Number.POSITIVE_INFINITY } },
  { action: 'swap', args: { amount: true } },
  { action: 'swap', args: { amount: '' } },
  { action: 'swap', args: { amount: 'ten' } },
  { action: 'swap', args: { amount: '1e-2' } },
  { action: 'swap', args: { amount: '0.0000000000000000001' } },
  { action: 'swap', value: -1n },
  { action: 'swap', args: { token: 'USDC' } },
  { action: 'swap', value: null },
  { action: '', value: 1n },
);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: validRequest.map((request) => ({ kind: 'reserve' as const, request, valid: true })),
  },
  {
    weight: 2,
    arbitrary: invalidRequest.map((request) => ({ kind: 'reserve' as const, request, valid: false })),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('commit' as const),
      pick: fc.nat(),
      percent: fc.integer({ min: 0, max: 100 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('release' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'kill' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'unkill' as const }) },
  {
    weight: 2,
    arbitrary: fc.integer({ min: 1, max: 30 * HOUR }).map((ms) => ({ kind: 'time' as const, ms })),
  },
  {
    weight: 1,
    arbitrary: fc
      .array(validRequest, { minLength: 2, maxLength: 12 })
      .map((requests) => ({ kind: 'burst' as const, requests })),
  },
);

interface ModelEntry {
  id: string;
  reserved: bigint;
  value: bigint;
  status: 'reserved' | 'committed' | 'released';
  at: number;
}

async function run(createLedger: () => SpendLedger, dailyWindow: 'rolling-24h' | 'utc-day', steps: Step[]) {
  const policy = { maxPerTx: E('0.05'), dailyLimit: E('0.5'), sessionLimit: E('0.8'), dailyWindow };
  const clock = testClock();
  const governor = new Governor({ ledger: createLedger(), clock: clock.now, policy });
  const model: ModelEntry[] = [];
  let killed = false;
  for (const s of steps) {
    const open = model.filter((e) => e.status === 'reserved');
    switch (s.kind) {
      case 'reserve': {
        const d = await governor.reserve(s.request);
        for (const left of Object.values(d.remaining)) expect(left >= 0n).toBe(true);
        if (!s.valid || killed) expect(d.allowed).toBe(false);
        if (d.allowed) {
          expect(d.value !== null && d.value <= policy.maxPerTx).toBe(true);
          model.push({
            id: d.reservationId as string,
            reserved: d.value as bigint,
            value: d.value as bigint,
            status: 'reserved',
            at: clock.now(),
          });
        }
        break;
      }
      case 'commit': {
        const entry = open[s.pick % Math.max(open.length, 1)];
        if (entry === undefined) break;
        const value = (entry.reserved * BigInt(s.percent)) / 100n;
        await governor.commit({ id: entry.id, value });
        entry.status = 'committed';
        entry.value = value;
        break;
      }
      case 'release': {
        const entry = open[s.pick % Math.max(open.length, 1)];
        if (entry === undefined) break;
        await governor.release({ id: entry.id });
        entry.status = 'released';
        entry.value = 0n;
        break;
      }
      case 'kill':
        await governor.kill();
        killed = true;
        break;
      case 'unkill':
        await governor.unkill();
        killed = false;
        break;
      case 'time':
        clock.advance(s.ms);
        break;
      case 'burst': {
        // Concurrent reservations (one group-committed transaction on SQLite).
        const decisions = await Promise.all(s.requests.map((request) => governor.reserve(request)));
        for (const d of decisions) {
          if (killed) expect(d.allowed).toBe(false);
          if (d.allowed) {
            model.push({
              id: d.reservationId as string,
              reserved: d.value as bigint,
              value: d.value as bigint,
              status: 'reserved',
              at: clock.now(),
            });
          }
        }
        break;
      }
    }
    const status = await governor.status();
    const start = windowStart({ dailyWindow, at: clock.now() });
    const reserved = model.filter((e) => e.status === 'reserved').reduce((sum, e) => sum + e.value, 0n);
    const committedDaily = model
      .filter((e) => e.status === 'committed' && e.at >= start)
      .reduce((sum, e) => sum + e.value, 0n);
    const committedSession = model
      .filter((e) => e.status === 'committed')
      .reduce((sum, e) => sum + e.value, 0n);
    expect(status.killSwitch).toBe(killed);
    expect(status.spent.daily).toEqual({
      committed: committedDaily,
      reserved,
      total: committedDaily + reserved,
    });
    expect(status.spent.session).toEqual({
      committed: committedSession,
      reserved,
      total: committedSession + reserved,
    });
    // The caps hold at every instant, counting committed plus reserved spend.
    expect(status.spent.daily.total <= policy.dailyLimit).toBe(true);
    expect(status.spent.session.total <= policy.sessionLimit).toBe(true);
    for (const left of Object.values(status.remaining)) expect(left >= 0n).toBe(true);
  }
}

const ledgers: [string, () => SpendLedger][] = [
  ['memory', () => new MemorySpendLedger()],
  ['sqlite', () => new SqliteSpendLedger({ database: new Database(':memory:') })],
];

describe.each(ledgers)('property: any sequence of steps on the %s ledger', (_name, createLedger) => {
  it.each(['rolling-24h', 'utc-day'] as const)(
    'never exceeds a cap and matches a brute-force model (%s)',
    async (window) => {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 60 }), (steps) =>
          run(createLedger, window, steps),
        ),
        { numRuns: 150 },
      );
    },
  );
});
