import { type CreateTestDatabaseReturnType, createTestDatabase } from '@org/devnet';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../capabilities/Capability.js';
import { leasedJob } from './leasedJob.js';
import { LocalJobLease } from './LocalJobLease.js';
import { PostgresJobLease } from './PostgresJobLease.js';

let database: CreateTestDatabaseReturnType;
let pool: pg.Pool;
beforeAll(async () => {
  database = await createTestDatabase({ prefix: 'jobs_leases' });
  pool = new pg.Pool({ connectionString: database.url, max: 8 });
  pool.on('error', () => undefined);
});
afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

const log = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A job that records which instance runs it and when. */
function recorder(name: string, instance: string, running: Set<string>, log: string[]): Job {
  return {
    name,
    start: () => {
      running.add(instance);
      log.push(`start ${instance}`);
    },
    stop: () => {
      running.delete(instance);
      log.push(`stop ${instance}`);
    },
  };
}

async function until(check: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(20);
  }
}

describe('PostgresJobLease', () => {
  it('one owner at a time; its own renewal succeeds; an expired lease is taken over; release frees it', async () => {
    const lease = new PostgresJobLease({ pool, schema: 'unit' });
    expect(await lease.acquire({ job: 'j', owner: 'a', ttlMs: 300 })).toBe(true);
    expect(await lease.acquire({ job: 'j', owner: 'b', ttlMs: 300 })).toBe(false);
    expect(await lease.acquire({ job: 'j', owner: 'a', ttlMs: 300 })).toBe(true);
    await sleep(400);
    expect(await lease.acquire({ job: 'j', owner: 'b', ttlMs: 10_000 })).toBe(true);
    expect(await lease.acquire({ job: 'j', owner: 'a', ttlMs: 10_000 })).toBe(false);
    await lease.release({ job: 'j', owner: 'a' });
    expect(await lease.acquire({ job: 'j', owner: 'c', ttlMs: 10_000 })).toBe(false);
    await lease.release({ job: 'j', owner: 'b' });
    expect(await lease.acquire({ job: 'j', owner: 'c', ttlMs: 10_000 })).toBe(true);
  });

  it('20 owners racing for a free lease: exactly one gets it', async () => {
    const lease = new PostgresJobLease({ pool, schema: 'race' });
    const got = await Promise.all(
      Array.from({ length: 20 }, (_, i) => lease.acquire({ job: 'j', owner: `o${i}`, ttlMs: 10_000 })),
    );
    expect(got.filter(Boolean)).toHaveLength(1);
  });
});

describe('leasedJob', () => {
  it('three instances: the job runs on exactly one; a crashed holder (no stop, no release) is replaced within 4/3 of a lease; a clean stop hands over at once', async () => {
    const ttlMs = 600;
    const running = new Set<string>();
    const events: string[] = [];
    const dead = new Set<string>();
    const instances = ['A', 'B', 'C'].map((instance) => {
      const real = new PostgresJobLease({ pool, schema: 'jobs' });
      // A crashed process asks nothing more: its calls never answer.
      const lease = {
        acquire: (p: { job: string; owner: string; ttlMs: number }) =>
          dead.has(instance) ? new Promise<boolean>(() => undefined) : real.acquire(p),
        release: (p: { job: string; owner: string }) =>
          dead.has(instance) ? Promise.resolve() : real.release(p),
      };
      return {
        instance,
        job: leasedJob({
          job: recorder('reconciler', instance, running, events),
          lease,
          owner: instance,
          ttlMs,
          log,
        }),
      };
    });
    for (const { job } of instances) job.start();
    await until(() => running.size === 1, 5_000);
    // Over two leases the job never runs on two instances at once.
    for (let i = 0; i < 12; i++) {
      expect(running.size).toBe(1);
      await sleep(100);
    }
    const first = [...running][0] as string;
    // The holder crashes: no stop, no release; its job is gone with it.
    dead.add(first);
    running.delete(first);
    const crashedAt = Date.now();
    await until(() => running.size === 1, 5_000);
    expect(running.has(first)).toBe(false);
    expect(Date.now() - crashedAt).toBeLessThan(ttlMs + ttlMs / 3 + 300);
    const second = [...running][0] as string;
    await instances.find((i) => i.instance === second)?.job.stop();
    await until(() => running.size === 1 && !running.has(second), 2_000);
    for (const { instance, job } of instances) if (instance !== first) await job.stop();
    expect(running.size).toBe(0);
  });

  it('a lease store that cannot be reached pauses the job (fail closed), and a local lease always runs it', async () => {
    const running = new Set<string>();
    const events: string[] = [];
    const failing = leasedJob({
      job: recorder('watcher', 'X', running, events),
      lease: {
        acquire: async () => {
          throw new Error('connection refused');
        },
        release: async () => undefined,
      },
      owner: 'X',
      ttlMs: 90,
      log,
    });
    failing.start();
    await sleep(200);
    expect(running.has('X')).toBe(false);
    await failing.stop();
    const local = leasedJob({
      job: recorder('watcher', 'L', running, events),
      lease: new LocalJobLease(),
      owner: 'L',
      ttlMs: 90,
      log,
    });
    local.start();
    await until(() => running.has('L'), 1_000);
    await local.stop();
    expect(running.has('L')).toBe(false);
  });
});
