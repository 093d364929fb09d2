import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '@org/devnet';
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
    expect(() => loadConfig({ WEB3_API_KEY: TEST_API_KEY, STORE_BACKEND: 'mongo' })).toThrow(
      'STORE_BACKEND: must be sqlite, memory or postgres',
    );
    expect(() => loadConfig({ WEB3_API_KEY: TEST_API_KEY, STORE_BACKEND: 'postgres' })).toThrow(
      'STORE_BACKEND: is postgres, but DATABASE_URL is not set',
    );
    expect(() =>
      loadConfig({ WEB3_API_KEY: TEST_API_KEY, STORE_BACKEND: 'memory', DATABASE_URL: 'postgres://h/db' }),
    ).toThrow('STORE_BACKEND: is memory, but DATABASE_URL is set');
  });

  it('DATABASE_URL selects postgres; a value that is not a postgres:// URL is refused without echoing it', () => {
    const config = loadConfig({ WEB3_API_KEY: TEST_API_KEY, DATABASE_URL: 'postgres://u:pw@db:5432/wallet' });
    expect(config.storeBackend).toBe('postgres');
    expect(config.databaseUrl).toBe('postgres://u:pw@db:5432/wallet');
    const refuse = (url: string) => {
      try {
        loadConfig({ WEB3_API_KEY: TEST_API_KEY, DATABASE_URL: url });
      } catch (error) {
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(refuse('mysql://u:hunter2secret@db/x')).toBe('DATABASE_URL: must be a postgres:// URL');
    expect(refuse('hunter2secret')).toBe('DATABASE_URL: must be a postgres:// URL');
  });

  it('postgres: instances on one DATABASE_URL share the kill switch; /health reads it', async () => {
    const database = await createTestDatabase({ prefix: 'api_backend' });
    const env = { DATABASE_URL: database.url, GOVERNOR_DAILY_LIMIT: '1' };
    const a = await startTestServer(env);
    const b = await startTestServer(env);
    try {
      const health = (await (await b.call('/health', { key: null })).json()) as {
        checks: { database: string };
      };
      expect(health.checks.database).toBe('ok');
      await a.call('/governor/kill', { method: 'POST' });
      const status = (await (await b.call('/governor/status')).json()) as { killSwitch: boolean };
      expect(status.killSwitch).toBe(true);
      await b.operator('/governor/unkill');
      expect(((await (await a.call('/governor/status')).json()) as { killSwitch: boolean }).killSwitch).toBe(
        false,
      );
      expect(a.logs()).not.toContain(database.url);
    } finally {
      await a.close();
      await b.close();
      await database.drop();
    }
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
