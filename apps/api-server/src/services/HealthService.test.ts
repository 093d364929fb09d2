import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chains } from '@org/chain-evm';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ChainProviders } from './ChainProviders.js';
import { HealthService } from './HealthService.js';

const providers = () => new ChainProviders({ rpcUrls: new Map(), timeoutMs: 500, registry: chains });

describe('HealthService', () => {
  it('ok with a working database and no chain configured', async () => {
    const db = new Database(join(mkdtempSync(join(tmpdir(), 'health-')), 'x.db'));
    const health = new HealthService({ version: '9.9.9', database: db, providers: providers() });
    expect(await health.check()).toEqual({
      status: 'ok',
      version: '9.9.9',
      checks: { database: 'ok', chains: { ok: 0, total: 0 }, rescans: 0 },
    });
    db.close();
  });

  it('down when the database no longer answers', async () => {
    const db = new Database(join(mkdtempSync(join(tmpdir(), 'health-')), 'x.db'));
    db.close();
    const health = new HealthService({ version: '9.9.9', database: db, providers: providers() });
    expect(await health.check()).toMatchObject({ status: 'down', checks: { database: 'down' } });
  });
});
