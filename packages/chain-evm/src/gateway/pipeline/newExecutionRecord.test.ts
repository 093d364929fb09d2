import { describe, expect, it } from 'vitest';
import { checkExecutionRecord } from '../store/checkExecutionRecord.js';
import { swap, USDC } from '../testing/gatewayHarness.js';
import { newExecutionRecord } from './newExecutionRecord.js';

describe('newExecutionRecord', () => {
  it('preparing at version 0, the intent summarised with base-unit strings, nothing else set; a valid record', () => {
    const intent = swap({ spends: [{ token: USDC, amount: 10n ** 30n, symbol: 'USDC', decimals: 6 }] });
    const record = newExecutionRecord({
      id: 'e1',
      at: 7,
      from: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      intent,
      idempotencyKey: 'k',
    });
    expect(record).toMatchObject({
      id: 'e1',
      version: 0,
      status: 'preparing',
      createdAt: 7,
      updatedAt: 7,
      idempotencyKey: 'k',
    });
    expect(record.intent.spends).toEqual([
      { token: USDC, amount: (10n ** 30n).toString(), symbol: 'USDC', decimals: 6 },
    ]);
    expect(record.intent.value).toBe(intent.value.toString());
    expect(checkExecutionRecord(record)).toEqual(record);
  });
});
