import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createTestDatabase, type CreateTestDatabaseReturnType } from '@org/devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GovernorStatusDto } from '../src/dto/governor.js';
import { openEvents, type SseEvent } from './helpers/readEvents.js';
import { startTestServer, TEST_API_KEY, type TestServer } from './helpers/startTestServer.js';
import { until } from './helpers/until.js';

// Two server instances in one process on one DATABASE_URL, and the operator CLI on the same database: one kill is one
// `governor.kill-switch` event on the shared stream, whichever process changed it and however many instances sync it.
const cli = fileURLToPath(new URL('../dist/operator-cli.js', import.meta.url));
const run = promisify(execFile);
let database: CreateTestDatabaseReturnType;
let a: TestServer;
let b: TestServer;

/** Three turns of every instance's `operator-sync` (every 2 s): a duplicate announcement would be out by then. */
const SYNC_TURNS_MS = 6_500;

async function operator(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, ...args], {
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: database.url },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

beforeAll(async () => {
  database = await createTestDatabase({ prefix: 'api_operator_pg' });
  a = await startTestServer({ DATABASE_URL: database.url, JOB_LEASE_SECONDS: '2' });
  b = await startTestServer({ DATABASE_URL: database.url, JOB_LEASE_SECONDS: '2' });
}, 60_000);
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await database?.drop();
});

const kills = (events: SseEvent[]) =>
  events
    .filter((e) => e.event === 'governor.kill-switch')
    .map((e) => JSON.parse(e.data).data as { engaged: boolean; by: string });

/**
 * Opens a stream on `on`, runs `engage`, lets every instance sync several times, runs `release`, and returns the
 * kill-switch events the stream carried up to the release's.
 */
async function killEvents(
  on: TestServer,
  by: string,
  engage: () => Promise<void>,
  release: () => Promise<void>,
) {
  const key = { 'x-api-key': TEST_API_KEY };
  // An earlier test's release may still be on its way to this instance's hub: the stream stops at this test's.
  const { opened, result } = openEvents(
    `${on.url}/events`,
    key,
    (events) => kills(events).some((k) => !k.engaged && k.by === by),
    30_000,
  );
  await opened;
  await engage();
  await new Promise((resolve) => setTimeout(resolve, SYNC_TURNS_MS));
  await release();
  const seen = kills((await result).events);
  // Everything from this test's kill on (a late event of an earlier test comes before it).
  return seen.slice(seen.findIndex((k) => k.engaged));
}

describe('kill switch on PostgreSQL: one kill, one event', () => {
  it('kill on A over HTTP → the stream on B carries it once (B and A sync it without announcing it again)', async () => {
    const seen = await killEvents(
      b,
      'api',
      async () => {
        expect((await a.operator('/governor/kill')).status).toBe(200);
      },
      async () => {
        expect((await a.operator('/governor/unkill')).status).toBe(200);
      },
    );
    expect(seen).toEqual([
      { engaged: true, by: 'api' },
      { engaged: false, by: 'api' },
    ]);
  }, 60_000);

  it('the operator CLI with DATABASE_URL: kill is recorded in PostgreSQL, refused by both instances, and announced once (by cli)', async () => {
    const seen = await killEvents(
      a,
      'cli',
      async () => {
        const killed = await operator('kill', '--json');
        expect(killed.code, killed.stdout).toBe(0);
        const document = JSON.parse(killed.stdout) as {
          ok: boolean;
          store: string;
          result: GovernorStatusDto;
        };
        expect(document).toMatchObject({ ok: true, store: 'postgres', result: { killSwitch: true } });
        for (const server of [a, b]) {
          const status = (await (await server.call('/governor/status')).json()) as GovernorStatusDto;
          expect(status.killSwitch).toBe(true);
        }
      },
      async () => {
        expect((await operator('unkill')).code).toBe(0);
      },
    );
    expect(seen).toEqual([
      { engaged: true, by: 'cli' },
      { engaged: false, by: 'cli' },
    ]);
  }, 60_000);
});

describe('the operator CLI on PostgreSQL (DATABASE_URL)', () => {
  it('names the database without printing its URL; status, caps and DCA orders are the servers’ own', async () => {
    const status = await operator('status');
    expect(status.code).toBe(0);
    expect(status.stderr).toContain('the PostgreSQL database of DATABASE_URL');
    expect(status.stderr).not.toContain(database.url);
    expect(status.stdout).not.toContain(database.url);
    expect(JSON.parse(status.stdout)).toMatchObject({ killSwitch: false, pendingConfirmations: 0 });

    const limits = await operator('limits', '--daily', '0.5', '--json');
    expect(limits.code, limits.stdout).toBe(0);
    expect(JSON.parse(limits.stdout).result.limits.dailyLimit.eth).toBe('0.5');
    // Every instance picks the operator's cap up from the shared table.
    for (const server of [a, b]) {
      await until(
        'the operator cap on every instance',
        async () => {
          const s = (await (await server.call('/governor/status')).json()) as GovernorStatusDto;
          return s.limits.dailyLimit.eth === '0.5' ? true : undefined;
        },
        { ms: 10_000, intervalMs: 100 },
      );
    }
    const orders = await operator('dca', 'list');
    expect(orders.code, orders.stderr).toBe(0);
    expect(JSON.parse(orders.stdout)).toEqual([]);
    const unknown = await operator('dca', 'pause', 'dca_nope', '--json');
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stdout).error.code).toBe('DCA_ORDER_NOT_FOUND');
  }, 60_000);
});
