import { describe, expect, it } from 'vitest';
import { windowStart } from './windowStart.js';

const DAY = 86_400_000;

describe('windowStart', () => {
  it('rolling: the 24 h ending now, inclusive of now − 24 h + 1 ms', () => {
    expect(windowStart({ dailyWindow: 'rolling-24h', at: 10 * DAY + 5 })).toBe(9 * DAY + 6);
  });

  it('utc-day: midnight UTC of the same day', () => {
    const at = Date.UTC(2025, 0, 2, 23, 59, 59, 999);
    expect(windowStart({ dailyWindow: 'utc-day', at })).toBe(Date.UTC(2025, 0, 2));
    expect(windowStart({ dailyWindow: 'utc-day', at: at + 1 })).toBe(Date.UTC(2025, 0, 3));
  });
});
