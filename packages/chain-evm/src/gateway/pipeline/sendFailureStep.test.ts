import { Governor, MemorySpendLedger, parseEther } from '@org/governor';
import { describe, expect, it } from 'vitest';
import { RpcError } from '../../errors/RpcError.js';
import { StoreError } from '../../errors/StoreError.js';
import { insertExecution, openReservations, testContext, testHashFor } from '../testing/gatewayHarness.js';
import { sendFailureStep } from './sendFailureStep.js';

describe('sendFailureStep', () => {
  async function signedWithReservation(definitelyNotSent: boolean) {
    const t = testContext({ definitelyNotSent });
    const record = await insertExecution(t.ctx);
    const { reservationId } = await t.governor.reserve({ action: 'swap', value: parseEther('0.01') });
    const signed = await t.store.addTransaction({
      id: record.id,
      expected: { status: 'preparing', version: 0 },
      transaction: {
        hash: testHashFor(1),
        raw: '0x02aa',
        nonce: 7,
        gasLimit: 1n,
        maxFeePerGas: 1n,
        maxPriorityFeePerGas: 1n,
        signedAt: 1,
      },
      at: 1,
    });
    return { ...t, record: signed!, reservationId: reservationId as string };
  }

  it('a refusal that proves nothing reached the node: failed SEND_FAILED, then the reservation released', async () => {
    const { ctx, governor, record, reservationId, events } = await signedWithReservation(true);
    const { record: failed } = await sendFailureStep(ctx, {
      record,
      reservationId,
      error: new Error('nonce too low'),
    });
    expect(failed).toMatchObject({ status: 'failed', code: 'SEND_FAILED', reason: 'nonce too low' });
    expect(await openReservations(governor)).toBe(0);
    expect(events).toEqual([expect.objectContaining({ type: 'settled', status: 'failed' })]);
  });

  it('anything else may have reached the chain: pending BROADCAST_UNCERTAIN, the reservation still counted', async () => {
    const { ctx, governor, record, reservationId } = await signedWithReservation(false);
    const { record: pending } = await sendFailureStep(ctx, {
      record,
      reservationId,
      error: new Error('socket hang up'),
    });
    expect(pending).toMatchObject({ status: 'pending', code: 'BROADCAST_UNCERTAIN' });
    expect(await openReservations(governor)).toBe(1);
  });

  it('nothing signed because the node failed before (the nonce lookup): failed with the RPC code, reservation released', async () => {
    for (const code of ['RPC_UNAVAILABLE', 'RPC_TIMEOUT', 'RPC_ERROR'] as const) {
      const t = testContext();
      const record = await insertExecution(t.ctx);
      const { reservationId } = await t.governor.reserve({ action: 'swap', value: parseEther('0.01') });
      const error = new RpcError(code, { chainId: 1, method: 'eth_getTransactionCount' });
      const { record: failed } = await sendFailureStep(t.ctx, {
        record,
        reservationId: reservationId as string,
        error,
      });
      expect(failed).toMatchObject({ status: 'failed', code });
      expect(await openReservations(t.governor)).toBe(0);
    }
  });

  it('nothing signed for another reason (a store, the signer): failed SEND_FAILED', async () => {
    const t = testContext();
    const record = await insertExecution(t.ctx);
    const { reservationId } = await t.governor.reserve({ action: 'swap', value: parseEther('0.01') });
    const { record: failed } = await sendFailureStep(t.ctx, {
      record,
      reservationId: reservationId as string,
      error: new Error('the database failed'),
    });
    expect(failed).toMatchObject({ status: 'failed', code: 'SEND_FAILED' });
  });

  it('the durable nonce store failed while allocating: STORE_FAILURE; a release that fails once is retried', async () => {
    let failures = 1;
    class FlakyLedger extends MemorySpendLedger {
      override async release(p: Parameters<MemorySpendLedger['release']>[0]) {
        if (failures-- > 0) throw new Error('connection terminated');
        return super.release(p);
      }
    }
    const governor = new Governor({ ledger: new FlakyLedger() });
    const t = testContext({}, {}, { governor });
    const record = await insertExecution(t.ctx);
    const { reservationId } = await governor.reserve({ action: 'swap', value: parseEther('0.01') });
    const { record: failed } = await sendFailureStep(t.ctx, {
      record,
      reservationId: reservationId as string,
      error: new StoreError('STORE_FAILURE', 'PostgresNonceStore: the database failed.'),
    });
    expect(failed).toMatchObject({ status: 'failed', code: 'STORE_FAILURE' });
    expect(failures).toBe(-1);
    expect(await openReservations(governor)).toBe(0);
  });

  it.each([
    [false, 0],
    [undefined, 1],
  ] as const)(
    'the failed record cannot be written either (handed: %s): the reservation open after is %i',
    async (handed, open) => {
      const t = testContext();
      const record = await insertExecution(t.ctx);
      const { reservationId } = await t.governor.reserve({ action: 'swap', value: parseEther('0.01') });
      t.store.update = () => Promise.reject(new StoreError('STORE_FAILURE', 'the database failed.'));
      await expect(
        sendFailureStep(t.ctx, {
          record,
          reservationId: reservationId as string,
          error: new StoreError('STORE_FAILURE', 'PostgresNonceStore: the database failed.'),
          ...(handed === undefined ? {} : { handed }),
        }),
      ).rejects.toThrow('the database failed.');
      // Nothing handed to the record: released. Unknown (the record may hold the transaction): kept (fail closed).
      expect(await openReservations(t.governor)).toBe(open);
    },
  );
});
