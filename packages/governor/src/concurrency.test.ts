import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { Governor } from './Governor.js';
import { MemorySpendLedger } from './MemorySpendLedger.js';
import { parseEther } from './parseEther.js';
import { SqliteSpendLedger } from './sqlite/SqliteSpendLedger.js';

const E = (text: string) => parseEther(text);
const VALUE = E('0.001');
const dir = mkdtempSync(join(tmpdir(), 'governor-race-'));
const children = new Set<ChildProcess>();
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('1,000 concurrent reservations against one in-memory ledger', () => {
  it('caps-only: allows exactly what fits under the daily cap', async () => {
    const governor = new Governor({ ledger: new MemorySpendLedger(), policy: { dailyLimit: E('0.25') } });
    const decisions = await Promise.all(
      Array.from({ length: 1000 }, () => governor.reserve({ action: 'swap', value: VALUE })),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(250);
    expect(new Set(decisions.filter((d) => !d.allowed).map((d) => d.code))).toEqual(
      new Set(['DAILY_LIMIT_EXCEEDED']),
    );
    expect((await governor.status()).spent.daily.reserved).toBe(E('0.25'));
  });

  it('with an async confirm gate: still exactly what fits under the session cap', async () => {
    const governor = new Governor({
      policy: { sessionLimit: E('0.1') },
      confirmFn: async () => {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
        return true;
      },
    });
    const decisions = await Promise.all(
      Array.from({ length: 1000 }, () => governor.reserve({ action: 'swap', value: VALUE })),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(100);
    expect((await governor.status()).spent.session.total).toBe(E('0.1'));
  });
});

async function race(file: string, sessionIds: string[], dailyLimit: bigint, sessionLimit: bigint) {
  const script = fileURLToPath(new URL('./testing/reserveChild.ts', import.meta.url));
  const procs = sessionIds.map((sessionId) => {
    const child = fork(
      script,
      [file, '250', VALUE.toString(), sessionId, dailyLimit.toString(), sessionLimit.toString()],
      {
        // Run from the package so `--import tsx` resolves to its devDependency whatever the caller's cwd.
        cwd: fileURLToPath(new URL('..', import.meta.url)),
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      },
    );
    children.add(child);
    const ready = new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) => reject(new Error(`child exited early with ${code}`)));
    });
    return { child, ready };
  });
  await Promise.all(procs.map((p) => p.ready));
  const results = await Promise.all(
    procs.map(
      ({ child }) =>
        new Promise<{ allowed: number; codes: string[] }>((resolve, reject) => {
          child.once('message', (message) => resolve(message as { allowed: number; codes: string[] }));
          child.once('exit', (code) => reject(new Error(`child exited with ${code}`)));
          child.send({ type: 'go' });
        }),
    ),
  );
  return results;
}

describe('1,000 concurrent reservations from 4 processes, each with its own SQLite connection', () => {
  const prepare = (name: string) => {
    const file = join(dir, name);
    const db = new Database(file);
    new SqliteSpendLedger({ database: db }); // create the schema and switch to WAL once, up front
    return { file, db };
  };

  it('daily cap: the total allowed is exactly what fits', async () => {
    const { file, db } = prepare('daily.db');
    const results = await race(file, ['a', 'b', 'c', 'd'], E('0.25'), E('1'));
    const allowed = results.reduce((sum, r) => sum + r.allowed, 0);
    expect(allowed).toBe(250);
    expect(results.every((r) => r.codes.every((c) => c === 'DAILY_LIMIT_EXCEEDED'))).toBe(true);
    const status = await new Governor({ ledger: new SqliteSpendLedger({ database: db }) }).status();
    expect(status.spent.daily.reserved).toBe(E('0.25'));
    expect(status.openReservations).toHaveLength(250);
    db.close();
  });

  it('shared session cap: the total allowed is exactly what fits', async () => {
    const { file, db } = prepare('session.db');
    const results = await race(file, ['s', 's', 's', 's'], E('0.5'), E('0.1'));
    expect(results.reduce((sum, r) => sum + r.allowed, 0)).toBe(100);
    const row = db.prepare("SELECT COUNT(*) AS n FROM governor_reservations WHERE status = 'reserved'").get();
    expect(row).toEqual({ n: 100 });
    db.close();
  });
});

describe('status while another process writes to the same file', () => {
  it('every status is one consistent read: the open list always adds up to the reserved sum, and nothing is stale', async () => {
    const file = join(dir, 'status.db');
    const db = new Database(file, { timeout: 20_000 });
    const ledger = new SqliteSpendLedger({ database: db });
    const governor = new Governor({ ledger, policy: { dailyLimit: 10n ** 24n, sessionLimit: 10n ** 24n } });
    const child = fork(fileURLToPath(new URL('./testing/writerChild.ts', import.meta.url)), [file], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.add(child);
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) => reject(new Error(`child exited early with ${code}`)));
    });
    const seen = new Set<bigint>();
    let reads = 0;
    const until = Date.now() + 1_500;
    while (Date.now() < until) {
      const status = await governor.status();
      const listed = status.openReservations.reduce((sum, r) => sum + r.reservedValue, 0n);
      expect(listed).toBe(status.spent.daily.reserved);
      seen.add(status.spent.daily.reserved);
      reads++;
      if (reads % 50 === 0) await new Promise((resolve) => setTimeout(resolve, 0));
    }
    const done = new Promise<{ writes: number }>((resolve, reject) => {
      child.on('message', (message) => resolve(message as { writes: number }));
      child.once('exit', (code) =>
        reject(new Error(`the writer exited with ${code} before reporting its writes`)),
      );
    });
    child.send({ type: 'stop' });
    const { writes } = await done;
    // The reads saw the other process's writes as they happened (no cached value), many times over.
    expect(writes).toBeGreaterThan(100);
    expect(seen.size).toBeGreaterThan(5);
    // After the writer stopped, everything it reserved is settled.
    const final = await governor.status();
    expect(final.openReservations).toEqual([]);
    expect(final.spent.daily.reserved).toBe(0n);
    db.close();
  });
});
