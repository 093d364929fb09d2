import { describe, expect, it } from 'vitest';
import { computeRemaining } from './computeRemaining.js';
import { createPolicy } from './createPolicy.js';

describe('computeRemaining', () => {
  const policy = createPolicy({ maxPerTx: 50n, dailyLimit: 100n, sessionLimit: 200n });

  it('takes the tightest cap as the per-transaction headroom', () => {
    const snapshot = {
      killed: false,
      daily: { committed: 60n, reserved: 10n },
      session: { committed: 0n, reserved: 0n },
    };
    expect(computeRemaining({ policy, snapshot })).toEqual({ perTx: 30n, daily: 30n, session: 200n });
    expect(computeRemaining({ policy, snapshot, spending: 5n })).toEqual({
      perTx: 25n,
      daily: 25n,
      session: 195n,
    });
  });

  it('never goes negative when spend is above a (lowered) limit', () => {
    const snapshot = {
      killed: false,
      daily: { committed: 500n, reserved: 0n },
      session: { committed: 500n, reserved: 1n },
    };
    expect(computeRemaining({ policy, snapshot })).toEqual({ perTx: 0n, daily: 0n, session: 0n });
  });
});
