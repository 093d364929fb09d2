import { Governor, MemorySpendLedger } from '@org/governor';
import { Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { StoreError } from '../errors/StoreError.js';
import { ExecutionGateway } from './ExecutionGateway.js';
import { createDurableNonceManager } from './nonces/createDurableNonceManager.js';
import { MemoryNonceStore } from './nonces/MemoryNonceStore.js';
import { createGatewayContext } from './pipeline/createGatewayContext.js';
import { outboxDecision } from './pipeline/outboxDecision.js';
import { MemoryExecutionStore } from './store/MemoryExecutionStore.js';
import { KEY, openReservations, scriptedParameters, swap, WALLET } from './testing/gatewayHarness.js';
import type { AllocateNonceParameters } from './nonces/NonceStore.js';
import type { AddTransactionParameters, SignedNonceTransaction, UpdateExecutionParameters } from './types.js';

// A database connection cut in the middle of a swap's pipeline (apps/api-server/test/postgres-faults.e2e.test.ts,
// "cuts under load"): whatever fails after the reservation, it is released exactly when nothing of the execution can
// ever be broadcast, at once — not left counted until the reconciler's next pass.

const cut = () => new StoreError('STORE_FAILURE', 'the database failed (connection terminated)');

/** An execution store whose next writes fail (`failUpdates`), or whose next `addTransaction` commits and loses its answer. */
class CutExecutionStore extends MemoryExecutionStore {
  failUpdates = 0;
  loseAddTransaction = false;
  override async update(p: UpdateExecutionParameters) {
    if (this.failUpdates > 0) {
      this.failUpdates -= 1;
      throw cut();
    }
    return super.update(p);
  }
  override async addTransaction(p: AddTransactionParameters) {
    const written = await super.addTransaction(p);
    if (this.loseAddTransaction) {
      this.loseAddTransaction = false;
      this.failUpdates = 1; // the failed record's write goes to the same dead connection
      throw cut();
    }
    return written;
  }
}

/** A nonce store whose next allocation fails before its COMMIT (nothing kept) or after it (the row kept, answer lost). */
class CutNonceStore extends MemoryNonceStore {
  fail: 'before-commit' | 'after-commit' | null = null;
  onFail: () => void = () => undefined;
  override async allocate<S extends SignedNonceTransaction>(p: AllocateNonceParameters<S>) {
    const fail = this.fail;
    this.fail = null;
    if (fail === 'before-commit') {
      this.onFail();
      throw cut();
    }
    const got = await super.allocate(p);
    if (fail === 'after-commit') {
      this.onFail();
      throw cut();
    }
    return got;
  }
}

function durableGateway() {
  const store = new CutExecutionStore();
  const nonceStore = new CutNonceStore();
  const { parameters, governor } = scriptedParameters({ receiptAt: 0 }, {}, { store });
  const gatewayParameters = {
    ...parameters,
    nonces: createDurableNonceManager({ store: nonceStore, provider: parameters.provider }),
  };
  const gateway = new ExecutionGateway(gatewayParameters);
  const ctx = createGatewayContext({ parameters: gatewayParameters, wallet: new Wallet(KEY) });
  const outbox = () => nonceStore.outbox({ chainId: 1, address: WALLET, fromNonce: 0, limit: 10 });
  return { gateway, governor, store, nonceStore, ctx, outbox };
}

describe('a connection cut after the reservation', () => {
  it.each(['before-commit', 'after-commit'] as const)(
    "the nonce allocation fails (%s) and so does the failed record's write: nothing can be broadcast, the reservation is released",
    async (when) => {
      const t = durableGateway();
      t.nonceStore.fail = when;
      t.nonceStore.onFail = () => {
        t.store.failUpdates = 1;
      };
      await expect(t.gateway.execute(swap())).rejects.toThrow(/database failed/);
      expect(await openReservations(t.governor)).toBe(0);
      const [record] = (await t.store.list({ limit: 10 })).items;
      expect(record).toMatchObject({ status: 'preparing', transactions: [] });
      const rows = await t.outbox();
      expect(rows).toHaveLength(when === 'after-commit' ? 1 : 0);
      // The kept row is never broadcast for an execution that recorded nothing (filled once stale).
      for (const row of rows)
        expect(await outboxDecision(t.ctx, row, { killed: false })).not.toBe('broadcast');
    },
  );

  it("the transaction's record write commits and loses its answer, and the failed record's write fails: the outbox broadcasts it, the reservation keeps counting", async () => {
    const t = durableGateway();
    t.store.loseAddTransaction = true;
    await expect(t.gateway.execute(swap())).rejects.toThrow(/database failed/);
    expect(await openReservations(t.governor)).toBe(1);
    const [record] = (await t.store.list({ limit: 10 })).items;
    expect(record).toMatchObject({ status: 'signed' });
    const [row] = await t.outbox();
    expect(await outboxDecision(t.ctx, row!, { killed: false })).toBe('broadcast');
  });

  it('the kill switch read before signing fails (the ledger connection dropped): the record failed, the reservation released', async () => {
    class CutGovernor extends Governor {
      cutNextStatus = false;
      override async reserve(p: Parameters<Governor['reserve']>[0]) {
        const decision = await super.reserve(p);
        this.cutNextStatus = true;
        return decision;
      }
      override async status() {
        if (this.cutNextStatus) {
          this.cutNextStatus = false;
          throw Object.assign(new Error('The PostgreSQL spend ledger failed.'), { code: 'LEDGER_FAILURE' });
        }
        return super.status();
      }
    }
    const governor = new CutGovernor({ ledger: new MemorySpendLedger() });
    const store = new MemoryExecutionStore();
    const { parameters } = scriptedParameters({ receiptAt: 0 }, {}, { governor, store });
    await expect(new ExecutionGateway(parameters).execute(swap())).rejects.toThrow(/ledger failed/);
    expect(await openReservations(governor)).toBe(0);
    const [record] = (await store.list({ limit: 10 })).items;
    expect(record).toMatchObject({ status: 'failed', code: 'INTERRUPTED', transactions: [] });
  });
});
