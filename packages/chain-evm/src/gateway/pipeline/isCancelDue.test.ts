import { describe, expect, it } from 'vitest';
import { testPreparingRecord } from '../store/testing/executionFixtures.js';
import { isCancelDue } from './isCancelDue.js';

describe('isCancelDue', () => {
  it('asked, signed or pending, and no cancel signed since', () => {
    const base = testPreparingRecord({ status: 'pending' });
    expect(isCancelDue(base)).toBe(false);
    expect(isCancelDue({ ...base, cancelRequestedAt: 5, cancelRequestedBy: 'cli' })).toBe(true);
    expect(isCancelDue({ ...base, status: 'confirmed', cancelRequestedAt: 5 })).toBe(false);
    expect(isCancelDue({ ...base, status: 'preparing', cancelRequestedAt: 5 })).toBe(false);
  });
});
