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

  it.each([
    // The governor: refusals that pass with time wait; the others count as a failure.
    ['KILL_SWITCH_ENGAGED', 'wait'],
    ['DAILY_LIMIT_EXCEEDED', 'wait'],
    ['SESSION_LIMIT_EXCEEDED', 'wait'],
    ['CONFIRMATION_REJECTED', 'wait'],
    ['CONFIRMATION_TIMEOUT', 'wait'],
    ['CONFIRMATION_ERROR', 'count-failure'],
    ['PER_TX_LIMIT_EXCEEDED', 'count-failure'],
    ['VALUE_UNKNOWN', 'count-failure'],
    ['VALUE_INVALID', 'count-failure'],
    ['REQUEST_INVALID', 'count-failure'],
    // Token safety and the wallet's balance pause the order.
    ['TOKEN_UNSAFE', 'pause-token-unsafe'],
    ['TOKEN_SAFETY_UNKNOWN', 'pause-token-unsafe'],
    ['TOKEN_SELL_TAX_TOO_HIGH', 'pause-token-unsafe'],
    ['INSUFFICIENT_BALANCE', 'pause-insufficient-balance'],
    ['DCA_INSUFFICIENT_BALANCE', 'pause-insufficient-balance'],
    // The gateway: gas above the ceiling and a confirmation in any state wait.
    ['GAS_PRICE_ABOVE_CEILING', 'wait'],
    ['CONFIRMATION_REQUIRED', 'wait'],
    ['CONFIRMATION_DENIED', 'wait'],
    ['CONFIRMATION_EXPIRED', 'wait'],
  ])('%s → %s', (code, effect) => {
    expect(blockEffectOf({ code })).toBe(effect);
  });
});
