import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { startTestServer, TEST_API_KEY } from './helpers/startTestServer.js';

// STORE_BACKEND picks the store factory: every capability gets its stores from it and none opens a database itself.
describe('STORE_BACKEND', () => {
  it('memory: the server runs, answers /health and DCA and the governor, and writes no database file', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'api-memory-')), 'data');
    const server = await startTestServer({ STORE_BACKEND: 'memory', DATA_DIR: dataDir });
    try {
      const health = (await (await server.call('/health', { key: null })).json()) as {
        checks: { database: string };
      };
      expect(health.checks.database).toBe('ok');
      expect((await server.call('/governor/status')).status).toBe(200);
      expect((await server.call('/dca/orders')).status).toBe(200);
      expect(server.logs()).toContain('STORE_BACKEND=memory');
      expect(existsSync(join(dataDir, 'wallet-ops.sqlite'))).toBe(false);
    } finally {
      await server.close();
    }
  });

  it('anything else fails startup naming the variable', () => {
    expect(() => loadConfig({ WEB3_API_KEY: TEST_API_KEY, STORE_BACKEND: 'postgres' })).toThrow(
      'STORE_BACKEND: must be sqlite or memory',
    );
  });

  it('sqlite (the default): the database file is under DATA_DIR', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'api-sqlite-')), 'data');
    const server = await startTestServer({ DATA_DIR: dataDir });
    try {
      expect((await server.call('/governor/status')).status).toBe(200);
      expect(existsSync(join(dataDir, 'wallet-ops.sqlite'))).toBe(true);
    } finally {
      await server.close();
    }
  });
});
