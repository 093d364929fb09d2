import { describe, expect, it } from 'vitest';
import { resolveDataDir } from './resolveDataDir.js';

describe('resolveDataDir', () => {
  it('resolves a relative DATA_DIR against the folder the command was started from (INIT_CWD)', () => {
    expect(resolveDataDir({ DATA_DIR: './.data/demo', INIT_CWD: '/repo' })).toBe('/repo/.data/demo');
    expect(resolveDataDir({ INIT_CWD: '/repo' })).toBe('/repo/.data');
  });

  it('keeps an absolute DATA_DIR, and falls back to the working directory without INIT_CWD', () => {
    expect(resolveDataDir({ DATA_DIR: '/srv/data/', INIT_CWD: '/repo' })).toBe('/srv/data');
    expect(resolveDataDir({ DATA_DIR: 'x', INIT_CWD: ' ' })).toBe(`${process.cwd()}/x`);
  });
});
