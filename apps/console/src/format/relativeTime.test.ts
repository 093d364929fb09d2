import { describe, expect, it } from 'vitest';
import { relativeTime } from './relativeTime';

const NOW = Date.parse('2026-01-02T00:00:00Z');

describe('relativeTime', () => {
  it('says how long ago or how soon, in the largest whole unit', () => {
    expect(relativeTime('2026-01-02T00:00:00Z', NOW)).toBe('just now');
    expect(relativeTime('2026-01-01T23:59:18Z', NOW)).toBe('42 s ago');
    expect(relativeTime('2026-01-01T23:55:00Z', NOW)).toBe('5 min ago');
    expect(relativeTime('2026-01-01T21:00:00Z', NOW)).toBe('3 h ago');
    expect(relativeTime('2025-12-31T00:00:00Z', NOW)).toBe('2 d ago');
    expect(relativeTime('2026-01-02T00:10:00Z', NOW)).toBe('in 10 min');
    expect(relativeTime('soon', NOW)).toBe('soon');
  });
});
