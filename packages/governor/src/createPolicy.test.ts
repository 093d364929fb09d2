import { describe, expect, it } from 'vitest';
import { createPolicy } from './createPolicy.js';
import { parseEther } from './parseEther.js';

describe('createPolicy', () => {
  it('fills the spec defaults', () => {
    expect(createPolicy()).toEqual({
      maxPerTx: parseEther('0.05'),
      dailyLimit: parseEther('0.5'),
      sessionLimit: parseEther('1'),
      dailyWindow: 'rolling-24h',
    });
  });

  it('takes overrides and freezes the result', () => {
    const policy = createPolicy({ maxPerTx: 1n, dailyWindow: 'utc-day' });
    expect(policy.maxPerTx).toBe(1n);
    expect(policy.dailyWindow).toBe('utc-day');
    expect(Object.isFrozen(policy)).toBe(true);
  });

  it.each([
    [{ maxPerTx: -1n }],
    [{ dailyLimit: 0.5 as unknown as bigint }],
    [{ sessionLimit: '1' as unknown as bigint }],
    [{ dailyWindow: 'weekly' as unknown as 'utc-day' }],
  ])('rejects %o with a configuration error', (parameters) => {
    expect(() => createPolicy(parameters)).toThrow(
      expect.objectContaining({ code: 'GOVERNOR_CONFIGURATION_INVALID', name: 'GovernorConfigurationError' }),
    );
  });
});
