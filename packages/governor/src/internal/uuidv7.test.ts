import { describe, expect, it } from 'vitest';
import { uuidv7 } from './uuidv7.js';

describe('uuidv7', () => {
  it('is a version-7, RFC 9562 variant UUID carrying the millisecond timestamp', () => {
    const at = Date.UTC(2025, 5, 1, 12, 0, 0, 123);
    const id = uuidv7(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
  });

  it('sorts by time and does not repeat', () => {
    const ids = Array.from({ length: 1000 }, (_, i) => uuidv7(1_700_000_000_000 + i));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(Array.from({ length: 10_000 }, () => uuidv7(5))).size).toBe(10_000);
  });
});
