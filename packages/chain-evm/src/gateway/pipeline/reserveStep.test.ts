import { Governor, MemorySpendLedger, parseEther } from '@org/governor';
import { describe, expect, it } from 'vitest';
import { StoreError } from '../../errors/StoreError.js';
import { MemoryExecutionStore } from '../store/MemoryExecutionStore.js';
import { GWEI, insertExecution, openReservations, swap, testContext } from '../testing/gatewayHarness.js';
import type { ExecutionRecord, FeeQuote, UpdateExecutionParameters } from '../types.js';
import { worstCaseFeeWei } from '../worstCaseFeeWei.js';
import { reserveStep } from './reserveStep.js';

const fees: FeeQuote = {
  kind: 'eip1559',
  baseFeePerGas: 10n * GWEI,
  maxPriorityFeePerGas: GWEI,
  maxFeePerGas: 21n * GWEI,
};

describe('reserveStep', () => {
  it('holds the value plus the fee budget (every replacement at +12.5%) and names it on the record', async () => {
    const { ctx, governor } = testContext();
    const record = await insertExecution(ctx);
    const reserved = await reserveStep(ctx, {
      record,
      intent: swap(),
      valueWei: parseEther('0.01'),
      gasLimit: 200_000n,
      fees,
    });
    const budget = worstCaseFeeWei({
      gasLimit: 200_000n,
      maxFeePerGas: 21n * GWEI,
      feeCeilingWei: 500n * GWEI,
      maxReplacements: 3,
    });
    expect(reserved).toMatchObject({
      reservationId: expect.any(String),
      record: { valueWei: parseEther('0.01') + budget, feeReservedWei: budget, status: 'preparing' },
    });
    const [open] = (await governor.status()).openReservations;
    expect(open?.reservedValue).toBe(parseEther('0.01') + budget);
  });

  it('a governor refusal is its code, with what it would have held; nothing held', async () => {
    const governor = new Governor({
      ledger: new MemorySpendLedger(),
      policy: { maxPerTx: parseEther('0.01') },
    });
    const { ctx } = testContext({}, {}, { governor });
    const record = await insertExecution(ctx);
    const refused = await reserveStep(ctx, {
      record,
      intent: swap(),
      valueWei: parseEther('0.01'),
      gasLimit: 200_000n,
      fees,
    });
    expect(refused).toMatchObject({
      refusal: { code: 'PER_TX_LIMIT_EXCEEDED' },
      reserveWei: expect.any(BigInt),
    });
    expect(await openReservations(governor)).toBe(0);
  });

  it('a record that cannot name the reservation gets it released at once (never counted for ever)', async () => {
    class Failing extends MemoryExecutionStore {
      override async update(p: UpdateExecutionParameters): Promise<ExecutionRecord | null> {
        if (p.patch.reservationId !== undefined) throw new StoreError('STORE_FAILURE', 'disk full');
        return super.update(p);
      }
    }
    const { ctx, governor } = testContext({}, {}, { store: new Failing() });
    const record = await insertExecution(ctx);
    await expect(
      reserveStep(ctx, { record, intent: swap(), valueWei: parseEther('0.01'), gasLimit: 200_000n, fees }),
    ).rejects.toMatchObject({ code: 'STORE_FAILURE' });
    expect(await openReservations(governor)).toBe(0);
  });
});
