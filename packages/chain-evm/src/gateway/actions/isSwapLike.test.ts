import { describe, expect, it } from 'vitest';
import type { ActionModule } from './ActionModule.js';
import { defaultActionModules } from './defaultActionModules.js';
import { isSwapLike } from './isSwapLike.js';
import { swapAction } from './swapAction.js';

describe('isSwapLike', () => {
  it('the default table: swap and dca-fill are swaps, the other actions are not', () => {
    expect(isSwapLike({ actions: undefined, action: 'swap' })).toBe(true);
    expect(isSwapLike({ actions: undefined, action: 'dca-fill' })).toBe(true);
    for (const action of ['approve', 'revoke', 'wrap', 'unwrap', 'deposit', 'bridge'] as const) {
      expect(isSwapLike({ actions: undefined, action })).toBe(false);
    }
  });

  it('keyed on the module of the table given, not on the name', () => {
    const renamed: ActionModule = { ...swapAction, action: 'wrap' };
    expect(isSwapLike({ actions: [renamed], action: 'wrap' })).toBe(true);
    expect(isSwapLike({ actions: [renamed], action: 'swap' })).toBe(false);
    const notASwap: ActionModule = { ...swapAction, swapLike: false };
    expect(isSwapLike({ actions: [notASwap], action: 'swap' })).toBe(false);
    const { swapLike: _, ...unflagged } = swapAction;
    expect(isSwapLike({ actions: [unflagged as ActionModule], action: 'swap' })).toBe(false);
    expect(isSwapLike({ actions: defaultActionModules, action: 'dca-fill' })).toBe(true);
  });
});
