import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { MINUTE, T0, testOrder } from '../testing/fixtures.js';
import { tempDatabases } from '../testing/tempDatabases.js';
import { SqliteDcaStore } from './SqliteDcaStore.js';

const { connect, path } = tempDatabases('dca-processes-');
const children = new Set<ChildProcess>();
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

interface Report {
  executed: string[];
  errors: string[];
}

function start(file: string, owner: string): Promise<ChildProcess> {
  const child = fork(fileURLToPath(new URL('../testing/schedulerChild.ts', import.meta.url)), [file, owner], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.add(child);
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`child exited early with ${code}`)));
  });
}

function tick(child: ChildProcess, now: number): Promise<Report> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`child exited with ${code}`));
    child.once('exit', onExit);
    child.once('message', (report) => {
      child.off('exit', onExit);
      resolve(report as Report);
    });
    child.send({ now });
  });
}

describe('four scheduler processes on one SQLite file', () => {
  it('every slot of every order is executed exactly once, whatever the interleaving', async () => {
    const file = path('shared.db');
    const db = connect(file, { timeout: 20_000 });
    const store = new SqliteDcaStore({ database: db });
    const orders = Array.from({ length: 40 }, (_, i) => testOrder({}, { id: `mp-${i}` }));
    for (const order of orders) await store.insertOrder(order);
    const processes = await Promise.all(['p1', 'p2', 'p3', 'p4'].map((owner) => start(file, owner)));
    const executed: string[] = [];
    for (const k of [0, 1, 2]) {
      // All four tick the same due slots at the same time.
      const reports = await Promise.all(processes.map((child) => tick(child, T0 + k * MINUTE + 5000)));
      for (const report of reports) {
        expect(report.errors).toEqual([]);
        executed.push(...report.executed);
      }
    }
    for (const child of processes) child.disconnect();
    expect(executed).toHaveLength(120);
    expect(new Set(executed).size).toBe(120);
    const rows = db
      .prepare(
        "SELECT COUNT(*) AS n, COUNT(DISTINCT order_id || ':' || slot) AS slots FROM dca_fills WHERE status = 'filled'",
      )
      .get();
    expect(rows).toEqual({ n: 120, slots: 120 });
    for (const order of orders) expect((await store.getOrder(order.id))?.totals.fills).toBe(3);
  }, 60_000);
});
