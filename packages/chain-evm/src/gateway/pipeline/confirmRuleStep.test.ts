import { parseEther } from '@org/governor';
import { describe, expect, it } from 'vitest';
import { MemoryConfirmationStore } from '../store/MemoryConfirmationStore.js';
import { swap, testContext } from '../testing/gatewayHarness.js';
import type { ConfirmationRecord } from '../types.js';
import type { Assessment } from './assessStep.js';
import { confirmRuleStep } from './confirmRuleStep.js';

const known: Assessment = { refusal: null, valueWei: parseEther('0.02'), safety: [], unsafe: null };

describe('confirmRuleStep', () => {
  it('a new request follows the confirm mode; an approved one runs only within what was approved', () => {
    const confirmations = new MemoryConfirmationStore();
    const off = testContext();
    expect(confirmRuleStep(off.ctx, { assessed: known, approval: null })).toEqual({ kind: 'proceed' });
    const all = testContext({}, { confirmMode: { kind: 'all' } }, { confirmations });
    expect(confirmRuleStep(all.ctx, { assessed: known, approval: null })).toMatchObject({
      kind: 'hold',
      reason: 'all',
    });
    const approval = {
      valueWei: parseEther('0.01'),
      approvedValueWei: parseEther('0.01'),
      reason: 'above-threshold',
      safety: [],
      intent: swap(),
    } as unknown as ConfirmationRecord;
    expect(confirmRuleStep(all.ctx, { assessed: known, approval })).toMatchObject({
      kind: 'hold',
      reason: 'value-grew',
    });
    const harm: Assessment = { ...known, refusal: { code: 'TOKEN_UNSAFE', reason: 'honeypot' } };
    expect(confirmRuleStep(all.ctx, { assessed: harm, approval })).toMatchObject({ kind: 'refuse' });
  });
});
