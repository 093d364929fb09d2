import { describe, expect, it } from 'vitest';
import { testTransaction } from '../store/testing/executionFixtures.js';
import { insertExecution, testContext } from '../testing/gatewayHarness.js';
import { moveExecution } from './moveExecution.js';
import { writeExecution } from './writeExecution.js';

describe('writeExecution and moveExecution', () => {
  it('compare-and-set on the read: a moved record throws EXECUTION_CONFLICT with the record as it is now', async () => {
    const { ctx } = testContext();
    const record = await insertExecution(ctx);
    const signed = await writeExecution(ctx, record, { transaction: testTransaction() });
    expect(signed).toMatchObject({ status: 'signed', version: 1 });
    await expect(writeExecution(ctx, record, { patch: { status: 'failed' } })).rejects.toMatchObject({
      code: 'EXECUTION_CONFLICT',
      record: { status: 'signed', version: 1 },
    });
    // A change decided on the status alone goes through a version bump, not a status change.
    const noted = await writeExecution(ctx, signed, {
      patch: { cancelRequestedAt: 1, cancelRequestedBy: 'cli' },
    });
    expect(await moveExecution(ctx, signed, ['signed'], { status: 'pending' })).toMatchObject({
      status: 'pending',
      cancelRequestedBy: 'cli',
      version: noted.version + 1,
    });
    expect(await moveExecution(ctx, signed, ['signed'], { status: 'pending' })).toBeNull();
  });
});
