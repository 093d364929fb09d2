import { describe, expect, it } from 'vitest';
import { DEFAULT_GATEWAY_SETTINGS } from '../defaultGatewaySettings.js';
import { testExecutionRecord, testTransaction } from '../store/testing/executionFixtures.js';
import { worstCaseFeeWei } from '../worstCaseFeeWei.js';
import { feeBudgetOf } from './feeBudgetOf.js';

describe('feeBudgetOf', () => {
  it('the recorded budget; for an older record, the worst case of its first transaction; none signed → 0', () => {
    expect(feeBudgetOf(DEFAULT_GATEWAY_SETTINGS, testExecutionRecord({ feeReservedWei: 42n }))).toBe(42n);
    const first = testTransaction({ gasLimit: 100_000n, maxFeePerGas: 10n ** 9n });
    expect(
      feeBudgetOf(
        DEFAULT_GATEWAY_SETTINGS,
        testExecutionRecord({ feeReservedWei: null, transactions: [first] }),
      ),
    ).toBe(
      worstCaseFeeWei({
        gasLimit: 100_000n,
        maxFeePerGas: 10n ** 9n,
        feeCeilingWei: 500n * 10n ** 9n,
        maxReplacements: 3,
      }),
    );
    expect(
      feeBudgetOf(DEFAULT_GATEWAY_SETTINGS, testExecutionRecord({ feeReservedWei: null, transactions: [] })),
    ).toBe(0n);
  });
});
