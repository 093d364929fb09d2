import { describe, expect, it } from 'vitest';
import { chains } from '../../chains/chains.js';
import { swap, USDC } from '../testing/gatewayHarness.js';
import { policyStep } from './policyStep.js';

const mainnet = chains.find((c) => c.id === 1)!;
const wallet = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('policyStep', () => {
  it('lets a swap to a configured router through and refuses a target off the allowlist', () => {
    expect(policyStep({ intent: swap(), chain: mainnet, wallet })).toBeNull();
    expect(policyStep({ intent: swap({ to: USDC }), chain: mainnet, wallet })).toMatchObject({
      code: 'TARGET_NOT_ALLOWED',
    });
  });
});
