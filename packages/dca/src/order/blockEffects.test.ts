import { describe, expect, it } from 'vitest';
import { blockEffectOf, DCA_BLOCK_EFFECTS } from './blockEffects.js';

describe('blockEffectOf', () => {
  it('uses the table, then overrides, and counts an unknown code as a failure', () => {
    expect(blockEffectOf({ code: 'DAILY_LIMIT_EXCEEDED' })).toBe('wait');
    expect(blockEffectOf({ code: 'TOKEN_SELL_TAX_TOO_HIGH' })).toBe('pause-token-unsafe');
    expect(blockEffectOf({ code: 'DCA_INSUFFICIENT_BALANCE' })).toBe('pause-insufficient-balance');
    expect(blockEffectOf({ code: 'TARGET_NOT_ALLOWED' })).toBe('count-failure');
    expect(blockEffectOf({ code: 'toString' })).toBe('count-failure');
    expect(
      blockEffectOf({ code: 'DAILY_LIMIT_EXCEEDED', effects: { DAILY_LIMIT_EXCEEDED: 'count-failure' } }),
    ).toBe('count-failure');
  });

  it('covers every governor refusal', () => {
    for (const code of [
      'KILL_SWITCH_ENGAGED',
      'REQUEST_INVALID',
      'VALUE_UNKNOWN',
      'VALUE_INVALID',
      'PER_TX_LIMIT_EXCEEDED',
      'DAILY_LIMIT_EXCEEDED',
      'SESSION_LIMIT_EXCEEDED',
      'CONFIRMATION_REJECTED',
      'CONFIRMATION_TIMEOUT',
      'CONFIRMATION_ERROR',
    ]) {
      expect(Object.hasOwn(DCA_BLOCK_EFFECTS, code), code).toBe(true);
    }
    expect(Object.isFrozen(DCA_BLOCK_EFFECTS)).toBe(true);
  });
});
