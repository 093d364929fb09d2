import { describe, expect, it } from 'vitest';
import { chains } from '../../chains/chains.js';
import { GWEI, testContext } from '../testing/gatewayHarness.js';
import { feesStep } from './feesStep.js';

const chain = chains.find((c) => c.id === 1)!;
const provider = { send: async () => null };

describe('feesStep', () => {
  it('the quote when it is within the ceiling; GAS_PRICE_ABOVE_CEILING above it (inclusive ceiling)', async () => {
    const ok = testContext({}, { feeCeilingWei: 21n * GWEI });
    expect(await feesStep(ok.ctx, { provider, chain })).toEqual({
      fees: expect.objectContaining({ kind: 'eip1559', maxFeePerGas: 21n * GWEI }),
    });
    const over = testContext({}, { feeCeilingWei: 21n * GWEI - 1n });
    expect(await feesStep(over.ctx, { provider, chain })).toEqual({
      refusal: { code: 'GAS_PRICE_ABOVE_CEILING', reason: expect.stringContaining('above the ceiling') },
    });
  });
});
