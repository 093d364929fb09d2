import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Governor, type ReserveReturnType } from './Governor.js';
import { MemorySpendLedger } from './MemorySpendLedger.js';
import { parseEther } from './parseEther.js';
import { SqliteSpendLedger } from './sqlite/SqliteSpendLedger.js';
import { testClock } from './testing/ledgerContract.js';
import type { DecisionCode, SpendLedger, SpendRequest } from './types.js';
import { windowStart } from './windowStart.js';

const E = (text: string) => parseEther(text);
const HOUR = 3_600_000;

/** A request plus what an independent model expects of it: its value in wei, or the code of its rejection. */
interface Case {
  request: SpendRequest;
  expect: { value: bigint } | { code: DecisionCode };
}

type Step =
  | { kind: 'reserve'; case: Case }
  | { kind: 'commit'; pick: number; percent: number }
  | { kind: 'release'; pick: number }
  | { kind: 'kill' }
  | { kind: 'unkill' }
  | { kind: 'time'; ms: number }
  | { kind: 'burst'; cases: Case[] };

const validCase: fc.Arbitrary<Case> = fc.oneof(
  fc
    .bigInt({ min: 0n, max: E('0.07') })
    .map((value) => ({ request: { action: 'swap', value }, expect: { value } })),
  {
    // Round amounts, mostly, so that the caps are often filled exactly (the boundary an off-by-one gets wrong).
    weight: 5,
    arbitrary: fc
      .integer({ min: 0, max: 6 })
      .map((cents) => BigInt(cents) * 10n ** 16n)
      .map((value) => ({ request: { action: 'swap', value }, expect: { value } })),
  },
  fc
    .constantFrom<[string, bigint]>(
      ['0', 0n],
      ['0.01', 10n ** 16n],
      ['0.05', 5n * 10n ** 16n],
      ['0.049999999999999999', 5n * 10n ** 16n - 1n],
      ['0.051', 51n * 10n ** 15n],
    )
    .map(([amount, value]) => ({ request: { action: 'swap', args: { amount } }, expect: { value } })),
  fc.integer({ min: 0, max: 60 }).map((milli) => ({
    request: { action: 'swap', args: { amount_in: milli / 1000 } },
    expect: { value: BigInt(milli) * 10n ** 15n },
  })),
);
const invalidCase = fc.constantFrom<Case>(
  ...(
    [
      [{ action: 'swap', args: { amount: Number.NaN } }, 'VALUE_INVALID'],
      [{ action: 'swap', args: { amount: -0.01 } }, 'VALUE_INVALID'],
      [{ action: 'swap', args: { value: Number.POSITIVE_INFINITY } }, 'VALUE_INVALID'],
      [{ action: 'swap', args: { amount: true } }, 'VALUE_INVALID'],
      [{ action: 'swap', args: { amount: '' } }, 'VALUE_INVALID'],
      [{ action: 'swap', args: { amount: 'ten' } }, 'VALUE_INVALID'],
      [{ action: 'swap', args: { amount: '1e-2' } }, 'VALUE_INVALID'],
      [{ action: 'swap', args: { amount: '0.0000000000000000001' } }, 'VALUE_INVALID'],
      [{ action: 'swap', value: -1n }, 'VALUE_INVALID'],
      [{ action: 'swap', args: { token: 'USDC' } }, 'VALUE_UNKNOWN'],
      [{ action: 'swap', value: null }, 'VALUE_UNKNOWN'],
      [{ action: '', value: 1n }, 'REQUEST_INVALID'],
    ] as [SpendRequest, DecisionCode][]
  ).map(([request, code]) => ({ request, expect: { code } })),
);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: validCase.map((c) => ({ kind: 'reserve' as const, case: c })),
  },
  {
    weight: 2,
    arbitrary: invalidCase.map((c) => ({ kind: 'reserve' as const, case: c })),
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
      .array(fc.oneof({ weight: 4, arbitrary: validCase }, { weight: 1, arbitrary: invalidCase }), {
        minLength: 2,
        maxLength: 12,
      })
      .map((cases) => ({ kind: 'burst' as const, cases })),
  },
);

interface ModelEntry {
  id: string;
  reserved: bigint;
  value: bigint;
  status: 'reserved' | 'committed' | 'released';
  at: number;
}

/** Caps from the spec's defaults down to tight ones, so that every cap (and its exact boundary) is hit. */
const caps = fc.record({
  maxPerTx: fc.constantFrom(E('0.05'), E('0.03')),
  dailyLimit: fc.constantFrom(E('0.5'), E('0.1'), E('0.15')),
  sessionLimit: fc.constantFrom(E('0.8'), E('0.12'), E('0.2')),
});

async function run(
  createLedger: () => SpendLedger,
  dailyWindow: 'rolling-24h' | 'utc-day',
  limits: { maxPerTx: bigint; dailyLimit: bigint; sessionLimit: bigint },
  steps: Step[],
) {
  const policy = { ...limits, dailyWindow };
  const clock = testClock();
  const governor = new Governor({ ledger: createLedger(), clock: clock.now, policy });
  const model: ModelEntry[] = [];
  let killed = false;
  /** The decision the model expects, given every earlier step (decisions are taken in arrival order). */
  const expected = (c: Case): DecisionCode => {
    if (killed) return 'KILL_SWITCH_ENGAGED';
    if ('code' in c.expect) return c.expect.code;
    const value = c.expect.value;
    const start = windowStart({ dailyWindow, at: clock.now() });
    const counted = (e: ModelEntry) => e.status === 'reserved' || (e.status === 'committed' && e.at >= start);
    const daily = model.filter(counted).reduce((sum, e) => sum + e.value, 0n);
    const session = model.filter((e) => e.status !== 'released').reduce((sum, e) => sum + e.value, 0n);
    if (value > policy.maxPerTx) return 'PER_TX_LIMIT_EXCEEDED';
    if (value > 0n && daily + value > policy.dailyLimit) return 'DAILY_LIMIT_EXCEEDED';
    if (value > 0n && session + value > policy.sessionLimit) return 'SESSION_LIMIT_EXCEEDED';
    return 'ALLOWED';
  };
  /** Checks one decision against the model and records it there. */
  const check = (c: Case, code: DecisionCode, d: ReserveReturnType) => {
    expect(d.code).toBe(code);
    expect(d.allowed).toBe(code === 'ALLOWED');
    for (const left of Object.values(d.remaining)) expect(left >= 0n).toBe(true);
    if ('value' in c.expect && code !== 'REQUEST_INVALID') expect(d.value).toBe(c.expect.value);
    if (d.allowed) {
      model.push({
        id: d.reservationId as string,
        reserved: d.value as bigint,
        value: d.value as bigint,
        status: 'reserved',
        at: clock.now(),
      });
    }
  };
  for (const s of steps) {
    const open = model.filter((e) => e.status === 'reserved');
    switch (s.kind) {
      case 'reserve': {
        const code = expected(s.case);
        check(s.case, code, await governor.reserve(s.case.request));
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
        // Concurrent reservations (one group-committed transaction on SQLite), decided in arrival order.
        const decisions = await Promise.all(s.cases.map((c) => governor.reserve(c.request)));
        for (const [i, c] of s.cases.entries()) check(c, expected(c), decisions[i] as ReserveReturnType);
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
        fc.asyncProperty(caps, fc.array(step, { minLength: 1, maxLength: 60 }), (limits, steps) =>
          run(createLedger, window, limits, steps),
        ),
        { numRuns: 150 },
      );
    },
  );
});
