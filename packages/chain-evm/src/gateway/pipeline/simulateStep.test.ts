import { describe, expect, it } from 'vitest';
import { chains } from '../../chains/chains.js';
import { swap, testContext } from '../testing/gatewayHarness.js';
import { simulateStep } from './simulateStep.js';

const chain = chains.find((c) => c.id === 1)!;
const provider = { send: async () => null };

describe('simulateStep', () => {
  it('the gas limit of the exact transaction, or SIMULATION_REVERTED with the decoded reason', async () => {
    const ok = testContext({ simulate: { ok: true, gasLimit: 123_456n, effects: null } });
    expect(await simulateStep(ok.ctx, { provider, chain, intent: swap() })).toEqual({
      gasLimit: 123_456n,
      effects: null,
    });
    const reverts = testContext({ simulate: { ok: false, reason: 'UniswapV2Router: EXPIRED' } });
    expect(await simulateStep(reverts.ctx, { provider, chain, intent: swap() })).toEqual({
      refusal: { code: 'SIMULATION_REVERTED', reason: 'UniswapV2Router: EXPIRED' },
    });
  });
});
