import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configTable } from '../config/configTable.js';
import * as server from '../config/schema/server.js';
import { capabilityTable } from './table.js';

/** What the composition root and the app read themselves (address, keys, logs, stores), not a capability. */
const ROOT_READS = [
  server.WEB3_API_KEY,
  server.API_PORT,
  server.CORS_ALLOWED_ORIGINS,
  server.LOG_LEVEL,
  server.STORE_BACKEND,
  server.DATABASE_URL,
  server.JOB_LEASE_SECONDS,
  server.SHUTDOWN_DRAIN_MS,
];

describe('the capability table', () => {
  it('has one row per capability, each with a unique name', () => {
    const names = capabilityTable.map((row) => row.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(
      expect.arrayContaining([
        'governor',
        'swaps',
        'approvals',
        'gas',
        'portfolio',
        'watcher',
        'dca',
        'yield',
        'bridges',
        'events',
        'console',
        'docs',
      ]),
    );
  });

  it('declares a reader for every configuration variable', () => {
    const read = new Set([...ROOT_READS, ...capabilityTable.flatMap((row) => row.reads)]);
    const unread = configTable.flatMap((row) => row.variables).filter((v) => !read.has(v));
    expect(unread.map((v) => v.name)).toEqual([]);
  });

  it('gives every controller to exactly one row', () => {
    const files = readdirSync(new URL('../controllers/', import.meta.url))
      .filter((file) => file.endsWith('Controller.ts'))
      .map((file) => file.replace(/\.ts$/, ''));
    const claimed = capabilityTable.flatMap((row) => row.controllers);
    expect([...claimed].sort()).toEqual([...files].sort());
  });

  it('starts the signer before every row that moves funds, and collects gateway actions in table order', () => {
    const index = (name: string) => capabilityTable.findIndex((row) => row.name === name);
    for (const name of ['swaps', 'approvals', 'yield', 'bridges', 'dca']) {
      expect(index(name)).toBeGreaterThan(index('governor'));
    }
    expect(index('dca')).toBeGreaterThan(index('swaps'));
    const contributors = capabilityTable.filter((row) => row.gateway !== undefined).map((row) => row.name);
    expect(contributors).toEqual(['governor', 'swaps', 'yield', 'bridges']);
  });
});
