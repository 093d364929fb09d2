import { describe, expect, it } from 'vitest';
import { Governor } from './Governor.js';
import { MemorySpendLedger } from './MemorySpendLedger.js';
import { parseEther } from './parseEther.js';

/** A ledger whose reservation is committed and whose answer is then lost (a database connection cut after COMMIT). */
class LostAnswerLedger extends MemorySpendLedger {
  lose = 0;
  releaseFailures = 0;
  override async reserve(parameters: Parameters<MemorySpendLedger['reserve']>[0]) {
    const result = await super.reserve(parameters);
    if (this.lose > 0) {
      this.lose -= 1;
      throw Object.assign(new Error('Connection terminated unexpectedly'), { code: 'LEDGER_FAILURE' });
    }
    return result;
  }
  override async release(parameters: Parameters<MemorySpendLedger['release']>[0]) {
    if (this.releaseFailures > 0) {
      this.releaseFailures -= 1;
      throw Object.assign(new Error('Connection terminated unexpectedly'), { code: 'LEDGER_FAILURE' });
    }
    return super.release(parameters);
  }
}

describe('Governor.reserve when the ledger loses its answer', () => {
  it('rejects, and the reservation the ledger did make is released (not counted against the caps for good)', async () => {
    const ledger = new LostAnswerLedger();
    const governor = new Governor({ ledger, policy: { dailyLimit: parseEther('1') } });
    ledger.lose = 1;
    ledger.releaseFailures = 2; // the first undo attempts hit the same dead connection
    await expect(governor.reserve({ action: 'swap', value: parseEther('0.01') })).rejects.toThrow(
      /terminated/,
    );
    const status = await governor.status();
    expect(status.openReservations).toEqual([]);
    expect(status.spent.daily.total).toBe(0n);
  });

  it('a reservation the ledger never made: the undo finds nothing and the error is the original one', async () => {
    const ledger = new MemorySpendLedger();
    ledger.reserve = () => Promise.reject(Object.assign(new Error('refused'), { code: 'LEDGER_FAILURE' }));
    const governor = new Governor({ ledger, policy: { dailyLimit: parseEther('1') } });
    await expect(governor.reserve({ action: 'swap', value: parseEther('0.01') })).rejects.toThrow('refused');
    expect((await governor.status()).openReservations).toEqual([]);
  });
});
