import { parseEther } from '@org/governor';
import { describe, expect, it } from 'vitest';
import { harness, insertExecution, openReservations, swap, testContext } from '../testing/gatewayHarness.js';
import { reconcileExecution } from './reconcileExecution.js';

describe('reconcileExecution', () => {
  it('preparing (nothing signed): failed INTERRUPTED, the record written before the reservation is released', async () => {
    const { ctx, governor, store } = testContext();
    const record = await insertExecution(ctx);
    const { reservationId } = await governor.reserve({ action: 'swap', value: parseEther('0.01') });
    const reserved = (await store.update({
      id: record.id,
      expected: { status: 'preparing', version: 0 },
      patch: { reservationId },
      at: 1,
    }))!;
    let recordFailedAtRelease: string | undefined;
    const release = governor.release.bind(governor);
    governor.release = async (p) => {
      recordFailedAtRelease = (await store.get(record.id))?.status;
      return release(p);
    };
    expect(await reconcileExecution(ctx, reserved)).toMatchObject({ status: 'failed', code: 'INTERRUPTED' });
    expect(recordFailedAtRelease).toBe('failed');
    expect(await openReservations(governor)).toBe(0);
  });

  it('preparing but younger than interruptPreparingAfterMs (another process may be preparing it): left alone until it is older', async () => {
    let now = 1_000_000;
    const { ctx, governor, store } = testContext(
      {},
      { interruptPreparingAfterMs: 120_000 },
      { clock: () => now },
    );
    const record = await insertExecution(ctx);
    const { reservationId } = await governor.reserve({ action: 'swap', value: parseEther('0.01') });
    const reserved = (await store.update({
      id: record.id,
      expected: { status: 'preparing', version: 0 },
      patch: { reservationId },
      at: now,
    }))!;
    now += 119_999;
    expect(await reconcileExecution(ctx, reserved)).toBeNull();
    expect((await store.get(record.id))?.status).toBe('preparing');
    expect(await openReservations(governor)).toBe(1);
    now += 1;
    expect(await reconcileExecution(ctx, reserved)).toMatchObject({ status: 'failed', code: 'INTERRUPTED' });
    expect(await openReservations(governor)).toBe(0);
  });

  it('a stale read is refused (EXECUTION_CONFLICT), nothing released', async () => {
    const { ctx, governor, store } = testContext();
    const record = await insertExecution(ctx);
    await store.update({
      id: record.id,
      expected: { status: 'preparing', version: 0 },
      patch: { status: 'pending' },
      at: 1,
    });
    await expect(reconcileExecution(ctx, record)).rejects.toMatchObject({ code: 'EXECUTION_CONFLICT' });
    expect((await store.get(record.id))?.status).toBe('pending');
    expect(await openReservations(governor)).toBe(0);
  });

  it('pending, unmined, nonce free: sent again — but not while the kill switch is engaged', async () => {
    const first = harness({}, { maxReplacements: 0 });
    const { record } = await first.gateway.execute(swap());
    const t = testContext({ latestNonce: 7 }, {}, { governor: first.governor, store: first.store });
    expect(await reconcileExecution(t.ctx, (await first.store.get(record.id))!)).toBeNull();
    expect(t.sent).toEqual([record.transactions[0]?.raw]);
    await first.governor.kill();
    const killed = testContext({ latestNonce: 7 }, {}, { governor: first.governor, store: first.store });
    expect(await reconcileExecution(killed.ctx, (await first.store.get(record.id))!)).toBeNull();
    expect(killed.sent).toEqual([]);
  });
});
