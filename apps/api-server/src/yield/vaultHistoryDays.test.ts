import { describe, expect, it } from 'vitest';
import { vaultHistoryDays } from './vaultHistoryDays.js';

describe('vaultHistoryDays', () => {
  it('is the span, bounded by the daily points less one', () => {
    expect(vaultHistoryDays({ historyDays: 31, dailyPoints: 2 })).toBe(1);
    expect(vaultHistoryDays({ historyDays: 30, dailyPoints: 31 })).toBe(30);
    expect(vaultHistoryDays({ historyDays: 10, dailyPoints: 40 })).toBe(10);
    expect(vaultHistoryDays({ historyDays: 0, dailyPoints: 1 })).toBe(0);
    expect(vaultHistoryDays({ historyDays: 0, dailyPoints: 0 })).toBe(0);
  });
});
