import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { preparingInterruptDelay } from './preparingInterruptDelay.js';

describe('preparingInterruptDelay', () => {
  it('PostgreSQL (several instances may share the store): PREPARING_STALE_MS, 300000 by default', () => {
    expect(preparingInterruptDelay({ storeBackend: 'postgres', gateway: { preparingStaleMs: 45_000 } })).toBe(
      45_000,
    );
    expect(loadConfig({ WEB3_API_KEY: 'k'.repeat(32) }).gateway.preparingStaleMs).toBe(300_000);
    expect(
      loadConfig({ WEB3_API_KEY: 'k'.repeat(32), PREPARING_STALE_MS: '5000' }).gateway.preparingStaleMs,
    ).toBe(5000);
  });

  it('SQLite and memory (one process owns the store): at once', () => {
    expect(preparingInterruptDelay({ storeBackend: 'sqlite', gateway: { preparingStaleMs: 45_000 } })).toBe(
      0,
    );
    expect(preparingInterruptDelay({ storeBackend: 'memory', gateway: { preparingStaleMs: 45_000 } })).toBe(
      0,
    );
  });
});
