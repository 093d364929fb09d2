// The behaviour every WatchStore must have; run against each implementation by its own test file.
import { describe, expect, it } from 'vitest';
import type { Address } from '../../../chains/chains.js';
import type { Hex } from '../../../gateway/types.js';
import type { WatchAlert, WatchStore, WatchThresholds } from '../../types.js';

export const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address;
const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' as Address;
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
export const THRESHOLDS: WatchThresholds = {
  minChangeWei: 10n ** 16n,
  largeOutgoingWei: 10n ** 18n,
  alertOnApproval: true,
};

/** A block hash for block `n` (any 32 bytes; stores keep them lowercase). */
export function hashOf(n: number): Hex {
  return `0x${n.toString(16).padStart(64, 'a')}` as Hex;
}

export function alertFixture(overrides: Partial<WatchAlert> = {}): WatchAlert {
  return {
    id: 'a-1',
    createdAt: 1_000,
    chainId: 31337,
    address: WALLET,
    kind: 'balance-change',
    severity: 'medium',
    details: { direction: 'out', amount: '1.5', valueWei: '1500000000000000000' },
    txHash: null,
    block: 12,
    ...overrides,
  };
}

/** Runs the contract against stores made by `create`. */
export function watchStoreContract(name: string, create: () => WatchStore): void {
  describe(`${name}: watch store contract`, () => {
    it('upsert adds once; again (any address case) updates label and thresholds and keeps the baseline', async () => {
      const store = create();
      const first = await store.upsert({
        chainId: 31337,
        address: WALLET,
        label: 'hot',
        thresholds: THRESHOLDS,
        at: 1,
      });
      expect(first.created).toBe(true);
      expect(first.wallet).toMatchObject({
        address: WALLET,
        label: 'hot',
        baseline: null,
        lastError: null,
        deferred: null,
      });
      const baseline = {
        block: 5,
        blockHash: hashOf(5),
        native: 10n ** 18n,
        tokens: { [TOKEN.toLowerCase()]: 7n },
      };
      expect(
        await store.recordCheck({
          chainId: 31337,
          address: WALLET,
          previousBlock: null,
          baseline,
          alerts: [],
          at: 2,
        }),
      ).toBe(true);
      const again = await store.upsert({
        chainId: 31337,
        address: WALLET.toLowerCase() as Address,
        label: 'cold',
        thresholds: { ...THRESHOLDS, alertOnApproval: false },
        at: 3,
      });
      expect(again.created).toBe(false);
      expect(again.wallet).toMatchObject({ label: 'cold', baseline, thresholds: { alertOnApproval: false } });
      expect(await store.list()).toHaveLength(1);
    });

    it('recordCheck stores alerts and moves the baseline together, only from the expected block', async () => {
      const store = create();
      await store.upsert({ chainId: 31337, address: WALLET, label: null, thresholds: THRESHOLDS, at: 1 });
      const b1 = { block: 5, blockHash: hashOf(5), native: 1n, tokens: {} };
      expect(
        await store.recordCheck({
          chainId: 31337,
          address: WALLET,
          previousBlock: null,
          baseline: b1,
          alerts: [],
          at: 2,
        }),
      ).toBe(true);
      const b2 = { block: 9, blockHash: hashOf(9), native: 2n, tokens: {} };
      // Two cycles that both started from block 5: exactly one wins, its alerts alone are stored.
      const results = await Promise.all([
        store.recordCheck({
          chainId: 31337,
          address: WALLET,
          previousBlock: 5,
          baseline: b2,
          alerts: [alertFixture({ id: 'x' })],
          at: 3,
        }),
        store.recordCheck({
          chainId: 31337,
          address: WALLET,
          previousBlock: 5,
          baseline: b2,
          alerts: [alertFixture({ id: 'y' })],
          at: 3,
        }),
      ]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect((await store.listAlerts({ limit: 10 })).items).toHaveLength(1);
      expect((await store.get({ chainId: 31337, address: WALLET }))?.baseline).toEqual(b2);
      // A stale cycle changes nothing.
      expect(
        await store.recordCheck({
          chainId: 31337,
          address: WALLET,
          previousBlock: 5,
          baseline: b1,
          alerts: [alertFixture({ id: 'z' })],
          at: 4,
        }),
      ).toBe(false);
      expect((await store.listAlerts({ limit: 10 })).items).toHaveLength(1);
    });

    it('recordFailure keeps the baseline and shows the error until the next good check', async () => {
      const store = create();
      await store.upsert({ chainId: 31337, address: WALLET, label: null, thresholds: THRESHOLDS, at: 1 });
      const b = { block: 5, blockHash: hashOf(5), native: 1n, tokens: {} };
      await store.recordCheck({
        chainId: 31337,
        address: WALLET,
        previousBlock: null,
        baseline: b,
        alerts: [],
        at: 2,
      });
      await store.recordFailure({
        chainId: 31337,
        address: WALLET,
        error: 'RPC_UNAVAILABLE: node down',
        at: 3,
      });
      expect(await store.get({ chainId: 31337, address: WALLET })).toMatchObject({
        baseline: b,
        lastError: 'RPC_UNAVAILABLE: node down',
        lastErrorAt: 3,
      });
      expect((await store.summary()).walletsInError).toBe(1);
      await store.recordCheck({
        chainId: 31337,
        address: WALLET,
        previousBlock: 5,
        baseline: { ...b, block: 6 },
        alerts: [],
        at: 4,
      });
      expect(await store.get({ chainId: 31337, address: WALLET })).toMatchObject({
        lastError: null,
        lastCheckAt: 4,
      });
    });

    it('alerts: newest first, filters (since, severity, address), cursor pages; summary counts', async () => {
      const store = create();
      for (const address of [WALLET, OTHER]) {
        await store.upsert({ chainId: 31337, address, label: null, thresholds: THRESHOLDS, at: 1 });
      }
      const alerts = [
        alertFixture({ id: 'a', createdAt: 10, severity: 'low', kind: 'balance-change' }),
        alertFixture({
          id: 'b',
          createdAt: 20,
          severity: 'high',
          kind: 'new-approval',
          txHash: `0x${'ab'.repeat(32)}`,
        }),
        alertFixture({ id: 'c', createdAt: 30, severity: 'high', kind: 'large-outgoing' }),
      ];
      await store.recordCheck({
        chainId: 31337,
        address: WALLET,
        previousBlock: null,
        baseline: { block: 1, blockHash: hashOf(1), native: 0n, tokens: {} },
        alerts,
        at: 30,
      });
      await store.recordCheck({
        chainId: 31337,
        address: OTHER,
        previousBlock: null,
        baseline: { block: 1, blockHash: hashOf(1), native: 0n, tokens: {} },
        alerts: [alertFixture({ id: 'd', createdAt: 40, address: OTHER })],
        at: 40,
      });
      const page1 = await store.listAlerts({ limit: 2 });
      expect(page1.items.map((a) => a.id)).toEqual(['d', 'c']);
      const page2 = await store.listAlerts({ limit: 2, cursor: page1.nextCursor as string });
      expect(page2.items.map((a) => a.id)).toEqual(['b', 'a']);
      expect(page2.nextCursor).toBeNull();
      expect((await store.listAlerts({ limit: 10, severity: 'high' })).items.map((a) => a.id)).toEqual([
        'c',
        'b',
      ]);
      expect((await store.listAlerts({ limit: 10, since: 25 })).items.map((a) => a.id)).toEqual(['d', 'c']);
      expect(
        (await store.listAlerts({ limit: 10, address: OTHER.toLowerCase() as Address })).items.map(
          (a) => a.id,
        ),
      ).toEqual(['d']);
      expect((await store.listAlerts({ limit: 10 })).items[2]).toEqual(alerts[1]);
      expect(await store.summary()).toEqual({
        wallets: 2,
        walletsInError: 0,
        walletsDeferred: 0,
        alertsBySeverity: { low: 1, medium: 1, high: 2 },
        alertsByKind: { 'balance-change': 2, 'large-outgoing': 1, 'new-approval': 1, 'chain-reorg': 0 },
      });
    });

    it('the baseline keeps its block hash; a chain-reorg alert is stored and counted like any other', async () => {
      const store = create();
      await store.upsert({ chainId: 31337, address: WALLET, label: null, thresholds: THRESHOLDS, at: 1 });
      const upper = `0x${'AB'.repeat(32)}` as Hex;
      await store.recordCheck({
        chainId: 31337,
        address: WALLET,
        previousBlock: null,
        baseline: { block: 5, blockHash: upper, native: 1n, tokens: {} },
        alerts: [],
        at: 2,
      });
      expect((await store.get({ chainId: 31337, address: WALLET }))?.baseline?.blockHash).toBe(
        upper.toLowerCase(),
      );
      const reorg = alertFixture({
        id: 'r',
        kind: 'chain-reorg',
        details: { baselineBlock: 5, baselineHash: upper.toLowerCase(), chainHash: hashOf(5), headBlock: 9 },
      });
      await store.recordCheck({
        chainId: 31337,
        address: WALLET,
        previousBlock: 5,
        baseline: { block: 9, blockHash: hashOf(9), native: 1n, tokens: {} },
        alerts: [reorg],
        at: 3,
      });
      expect((await store.listAlerts({ limit: 5 })).items).toEqual([reorg]);
      expect((await store.summary()).alertsByKind['chain-reorg']).toBe(1);
      await expect(
        store.recordCheck({
          chainId: 31337,
          address: WALLET,
          previousBlock: 9,
          baseline: { block: 10, blockHash: '0x12' as Hex, native: 1n, tokens: {} },
          alerts: [],
          at: 4,
        }),
      ).rejects.toMatchObject({ code: 'STORE_INPUT_INVALID' });
    });

    it('recordDeferral: shown on the wallet (since kept across deferrals) and in the summary, baseline kept, error cleared; only from the baseline block; the next check clears it', async () => {
      const store = create();
      await store.upsert({ chainId: 31337, address: WALLET, label: null, thresholds: THRESHOLDS, at: 1 });
      const b = { block: 50, blockHash: hashOf(50), native: 1n, tokens: {} };
      await store.recordCheck({
        chainId: 31337,
        address: WALLET,
        previousBlock: null,
        baseline: b,
        alerts: [],
        at: 2,
      });
      await store.recordFailure({ chainId: 31337, address: WALLET, error: 'RPC_TIMEOUT: slow', at: 3 });
      const defer = (headBlock: number, at: number, previousBlock = 50) =>
        store.recordDeferral({
          chainId: 31337,
          address: WALLET,
          previousBlock,
          reason: 'head-behind-baseline',
          headBlock,
          at,
        });
      expect(await defer(40, 4)).toBe(true);
      expect(await defer(45, 6)).toBe(true);
      expect(await store.get({ chainId: 31337, address: WALLET })).toMatchObject({
        baseline: b,
        lastError: null,
        lastCheckAt: 2,
        deferred: { reason: 'head-behind-baseline', headBlock: 45, baselineBlock: 50, since: 4, at: 6 },
      });
      expect(await store.summary()).toMatchObject({ walletsDeferred: 1, walletsInError: 0 });
      // A cycle that started from another baseline changes nothing; a wallet never checked cannot be deferred.
      expect(await defer(1, 7, 49)).toBe(false);
      expect((await store.get({ chainId: 31337, address: WALLET }))?.deferred?.at).toBe(6);
      await store.upsert({ chainId: 31337, address: OTHER, label: null, thresholds: THRESHOLDS, at: 1 });
      expect(
        await store.recordDeferral({
          chainId: 31337,
          address: OTHER,
          previousBlock: 0,
          reason: 'head-behind-baseline',
          headBlock: 0,
          at: 7,
        }),
      ).toBe(false);
      await expect(
        store.recordDeferral({
          chainId: 31337,
          address: WALLET,
          previousBlock: 50,
          reason: 'lagging' as 'head-behind-baseline',
          headBlock: 1,
          at: 7,
        }),
      ).rejects.toMatchObject({ code: 'STORE_INPUT_INVALID' });
      await store.recordCheck({
        chainId: 31337,
        address: WALLET,
        previousBlock: 50,
        baseline: { ...b, block: 51, blockHash: hashOf(51) },
        alerts: [],
        at: 8,
      });
      expect((await store.get({ chainId: 31337, address: WALLET }))?.deferred).toBeNull();
      expect((await store.summary()).walletsDeferred).toBe(0);
      // A new run of deferrals starts its own `since`.
      expect(await defer(40, 9, 51)).toBe(true);
      expect((await store.get({ chainId: 31337, address: WALLET }))?.deferred?.since).toBe(9);
    });

    it('remove forgets the wallet (not its alerts); invalid input is refused and changes nothing', async () => {
      const store = create();
      await store.upsert({ chainId: 31337, address: WALLET, label: null, thresholds: THRESHOLDS, at: 1 });
      expect(await store.remove({ chainId: 31337, address: WALLET })).toBe(true);
      expect(await store.remove({ chainId: 31337, address: WALLET })).toBe(false);
      await expect(
        store.upsert({
          chainId: 31337,
          address: '0x12' as Address,
          label: null,
          thresholds: THRESHOLDS,
          at: 1,
        }),
      ).rejects.toMatchObject({ code: 'STORE_INPUT_INVALID' });
      await expect(
        store.upsert({
          chainId: 31337,
          address: WALLET,
          label: null,
          thresholds: { ...THRESHOLDS, minChangeWei: -1n },
          at: 1,
        }),
      ).rejects.toMatchObject({ code: 'STORE_INPUT_INVALID' });
      expect(await store.list()).toEqual([]);
    });
  });
}
