import type { ExecutionRecord } from '@org/chain-evm';
import { describe, expect, it } from 'vitest';
import { currentFillAttempt } from './currentFillAttempt.js';

// Only the fields the rule reads; the rest of a record does not matter to it.
const record = (fields: Partial<ExecutionRecord>) =>
  ({ id: 'e', status: 'failed', code: 'INTERRUPTED', transactions: [], ...fields }) as ExecutionRecord;
const storedFrom = (map: Record<string, ExecutionRecord>) => async (key: string) => map[key] ?? null;
const KEY = 'dca:o1:0';

describe('currentFillAttempt', () => {
  it('nothing stored: the key itself, no record', async () => {
    expect(await currentFillAttempt({ key: KEY, stored: storedFrom({}) })).toEqual({
      key: KEY,
      record: null,
    });
  });

  it('interrupted before signing: one retry under the derived key (not started yet, then its record)', async () => {
    const first = record({});
    expect(await currentFillAttempt({ key: KEY, stored: storedFrom({ [KEY]: first }) })).toEqual({
      key: `${KEY}:after-interrupt`,
      record: null,
    });
    const retry = record({ id: 'r', status: 'confirmed', code: null });
    const attempt = await currentFillAttempt({
      key: KEY,
      stored: storedFrom({ [KEY]: first, [`${KEY}:after-interrupt`]: retry }),
    });
    expect(attempt).toEqual({ key: `${KEY}:after-interrupt`, record: retry });
  });

  it('a retry interrupted in turn is the answer: one retry only', async () => {
    const retry = record({ id: 'r' });
    const attempt = await currentFillAttempt({
      key: KEY,
      stored: storedFrom({ [KEY]: record({}), [`${KEY}:after-interrupt`]: retry }),
    });
    expect(attempt.record).toBe(retry);
  });

  it('anything that may have reached the chain, or another ending, is never retried', async () => {
    const signed = {
      hash: '0x1',
    } as unknown as ExecutionRecord['transactions'][number];
    for (const fields of [
      { transactions: [signed] }, // interrupted after signing: the transaction may be on chain
      { code: 'SEND_FAILED' },
      { code: 'NONCE_CONSUMED' },
      { status: 'blocked' as const, code: 'DAILY_LIMIT_EXCEEDED' },
      { status: 'pending' as const, code: null },
    ]) {
      const stored = record(fields);
      expect(await currentFillAttempt({ key: KEY, stored: storedFrom({ [KEY]: stored }) })).toEqual({
        key: KEY,
        record: stored,
      });
    }
  });
});
