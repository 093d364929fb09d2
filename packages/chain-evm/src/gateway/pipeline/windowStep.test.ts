import { describe, expect, it } from 'vitest';
import { testContext } from '../testing/gatewayHarness.js';
import { windowStep } from './windowStep.js';

describe('windowStep', () => {
  it('a slot while the window has room; SENDER_WINDOW_FULL once it stayed full for the wait', async () => {
    const { ctx } = testContext({}, { maxPendingPerSender: 1, senderWindowWaitMs: 20 });
    const first = await windowStep(ctx, { chainId: 1 });
    expect('slot' in first).toBe(true);
    expect(await windowStep(ctx, { chainId: 1 })).toEqual({
      refusal: {
        code: 'SENDER_WINDOW_FULL',
        reason: expect.stringContaining('1 transactions of this wallet are unmined on chain 1'),
      },
    });
    if ('slot' in first) first.slot();
    expect('slot' in (await windowStep(ctx, { chainId: 1 }))).toBe(true);
  });
});
