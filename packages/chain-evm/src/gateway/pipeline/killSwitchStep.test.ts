import { describe, expect, it } from 'vitest';
import { testContext } from '../testing/gatewayHarness.js';
import { killSwitchStep } from './killSwitchStep.js';

describe('killSwitchStep', () => {
  it('null while the kill switch is off; KILL_SWITCH_ENGAGED, saying where, while it is on', async () => {
    const { ctx, governor } = testContext();
    expect(await killSwitchStep(ctx, 'request')).toBeNull();
    await governor.kill();
    expect(await killSwitchStep(ctx, 'request')).toEqual({
      code: 'KILL_SWITCH_ENGAGED',
      reason: expect.stringContaining('every fund-moving action is refused'),
    });
    expect((await killSwitchStep(ctx, 'hold'))?.reason).toMatch(/nothing is held/);
    expect((await killSwitchStep(ctx, 'signing'))?.reason).toMatch(/before signing/);
    await governor.unkill();
    expect(await killSwitchStep(ctx, 'signing')).toBeNull();
  });
});
