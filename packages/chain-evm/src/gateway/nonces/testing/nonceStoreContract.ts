// Test-only: the contract every NonceStore keeps (memory, SQLite, PostgreSQL), one suite for the three backends.
import { keccak256 } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { Address } from '../../../chains/chains.js';
import type { Hex } from '../../types.js';
import type { NonceStore } from '../NonceStore.js';

const WALLET = '0x00000000000000000000000000000000000000Aa' as Address;
const signer = (tag: string) => async (nonce: number) => {
  const raw = `0x${Buffer.from(`${tag}:${nonce}`).toString('hex')}` as Hex;
  return { raw, hash: keccak256(raw) as Hex };
};

/** The backend under test: `store` fresh and empty; `another()` a second instance on the same tables (own pool). */
export interface NonceStoreFixture {
  readonly store: NonceStore;
  readonly another: () => NonceStore;
}

/**
 * Registers the {@link NonceStore} contract for one backend.
 *
 * @example
 * ```ts
 * describeNonceStoreContract('MemoryNonceStore', () => { const s = new MemoryNonceStore(); return { store: s, another: () => s }; });
 * ```
 */
export function describeNonceStoreContract(name: string, fixture: () => NonceStoreFixture): void {
  describe(`${name} (NonceStore contract)`, () => {
    it('starts a wallet never seen at the chain count, then hands out contiguous nonces with their bytes kept', async () => {
      const { store } = fixture();
      let starts = 0;
      const start = async () => {
        starts++;
        return 5;
      };
      const a = await store.allocate({
        chainId: 1,
        address: WALLET,
        executionId: 'e1',
        start,
        sign: signer('a'),
        at: 10,
      });
      const b = await store.allocate({
        chainId: 1,
        address: WALLET,
        executionId: 'e2',
        start,
        sign: signer('b'),
        at: 11,
      });
      expect([a.kind === 'allocated' && a.nonce, b.kind === 'allocated' && b.nonce]).toEqual([5, 6]);
      expect(starts).toBe(1);
      const rows = await store.outbox({ chainId: 1, address: WALLET, fromNonce: 0, limit: 10 });
      const first = await signer('a')(5);
      expect(rows[0]).toEqual({
        chainId: 1,
        address: WALLET.toLowerCase(),
        nonce: 5,
        executionId: 'e1',
        kind: 'transaction',
        raw: first.raw,
        hash: first.hash,
        createdAt: 10,
      });
      expect(rows.map((r) => r.nonce)).toEqual([5, 6]);
      expect(await store.cursor({ chainId: 1, address: WALLET })).toEqual({ next: 7, confirmed: 5 });
      // Another chain, the same address: its own row.
      expect(await store.cursor({ chainId: 2, address: WALLET })).toBeNull();
    });

    it('a signature that throws keeps nothing: the nonce is not consumed', async () => {
      const { store } = fixture();
      const start = async () => 0;
      await expect(
        store.allocate({
          chainId: 1,
          address: WALLET,
          executionId: 'e1',
          start,
          sign: async () => {
            throw new Error('killed');
          },
          at: 1,
        }),
      ).rejects.toThrow('killed');
      const next = await store.allocate({
        chainId: 1,
        address: WALLET,
        executionId: 'e2',
        start,
        sign: signer('x'),
        at: 2,
      });
      expect(next).toMatchObject({ kind: 'allocated', nonce: 0 });
      expect(
        (await store.outbox({ chainId: 1, address: WALLET, fromNonce: 0, limit: 10 })).map(
          (r) => r.executionId,
        ),
      ).toEqual(['e2']);
    });

    it('the in-flight window is enforced on the row: full beyond it, open again once the confirmed mark rises', async () => {
      const { store } = fixture();
      const p = {
        chainId: 1,
        address: WALLET,
        executionId: 'e',
        start: async () => 3,
        maxInFlight: 2,
        at: 1,
      };
      expect(await store.allocate({ ...p, sign: signer('1') })).toMatchObject({ nonce: 3 });
      expect(await store.allocate({ ...p, sign: signer('2') })).toMatchObject({ nonce: 4 });
      let signed = 0;
      const full = await store.allocate({
        ...p,
        sign: async (n) => {
          signed++;
          return signer('3')(n);
        },
      });
      expect(full).toEqual({ kind: 'window-full', cursor: { next: 5, confirmed: 3 } });
      expect(signed).toBe(0);
      await store.raise({ chainId: 1, address: WALLET, confirmed: 4 });
      expect(await store.allocate({ ...p, sign: signer('3') })).toMatchObject({
        kind: 'allocated',
        nonce: 5,
      });
    });

    it('raise moves the row up only (a new row when absent)', async () => {
      const { store } = fixture();
      expect(await store.raise({ chainId: 1, address: WALLET, next: 9 })).toEqual({
        before: null,
        after: { next: 9, confirmed: 0 },
      });
      expect(await store.raise({ chainId: 1, address: WALLET, next: 4, confirmed: 2 })).toEqual({
        before: { next: 9, confirmed: 0 },
        after: { next: 9, confirmed: 2 },
      });
      expect((await store.raise({ chainId: 1, address: WALLET, confirmed: 12 })).after).toEqual({
        next: 12,
        confirmed: 12,
      });
      const got = await store.allocate({
        chainId: 1,
        address: WALLET,
        executionId: null,
        start: async () => 0,
        sign: signer('s'),
        at: 1,
      });
      expect(got).toMatchObject({ nonce: 12 });
    });

    it('replace is a compare-and-set on the hash the row holds', async () => {
      const { store } = fixture();
      await store.allocate({
        chainId: 1,
        address: WALLET,
        executionId: 'e',
        start: async () => 0,
        sign: signer('o'),
        at: 1,
      });
      const original = await signer('o')(0);
      const filler = await signer('f')(0);
      const p = { chainId: 1, address: WALLET, nonce: 0, kind: 'filler' as const, ...filler, at: 2 };
      expect(await store.replace({ ...p, expectedHash: filler.hash })).toBe(false);
      expect(await store.replace({ ...p, expectedHash: original.hash })).toBe(true);
      expect(await store.replace({ ...p, expectedHash: original.hash })).toBe(false);
      const [row] = await store.outbox({ chainId: 1, address: WALLET, fromNonce: 0, limit: 1 });
      expect(row).toMatchObject({ kind: 'filler', raw: filler.raw, hash: filler.hash, executionId: 'e' });
      expect(await store.replace({ ...p, nonce: 1, expectedHash: original.hash })).toBe(false);
    });

    it('refuses malformed input with STORE_INPUT_INVALID (nothing written)', async () => {
      const { store } = fixture();
      const base = { chainId: 1, address: WALLET, executionId: 'e', start: async () => 0, at: 1 };
      await expect(
        store.allocate({ ...base, address: '0x12' as Address, sign: signer('a') }),
      ).rejects.toMatchObject({
        code: 'STORE_INPUT_INVALID',
      });
      await expect(
        store.allocate({ ...base, sign: async () => ({ raw: '0x00' as Hex, hash: '0x01' as Hex }) }),
      ).rejects.toMatchObject({ code: 'STORE_INPUT_INVALID' });
      await expect(store.allocate({ ...base, maxInFlight: 0, sign: signer('a') })).rejects.toMatchObject({
        code: 'STORE_INPUT_INVALID',
      });
      await expect(
        store.outbox({ chainId: 1, address: WALLET, fromNonce: 0, limit: 0 }),
      ).rejects.toMatchObject({
        code: 'STORE_INPUT_INVALID',
      });
      expect(await store.outbox({ chainId: 1, address: WALLET, fromNonce: 0, limit: 10 })).toEqual([]);
    });

    it('4 instances allocating 40 nonces at once for one wallet: contiguous, each once, each with its own bytes', async () => {
      const { store, another } = fixture();
      const instances = [store, another(), another(), another()];
      const got = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          (instances[i % 4] as NonceStore).allocate({
            chainId: 1,
            address: WALLET,
            executionId: `e${i}`,
            start: async () => 100,
            sign: signer(`i${i}`),
            at: i,
          }),
        ),
      );
      const nonces = got.map((g) => (g.kind === 'allocated' ? g.nonce : -1)).sort((a, b) => a - b);
      expect(nonces).toEqual(Array.from({ length: 40 }, (_, i) => 100 + i));
      const rows = await store.outbox({ chainId: 1, address: WALLET, fromNonce: 0, limit: 100 });
      expect(rows.map((r) => r.nonce)).toEqual(nonces);
      expect(new Set(rows.map((r) => r.executionId)).size).toBe(40);
      // Each row holds the bytes signed for its own nonce by the execution that got it.
      for (const row of rows)
        expect(row.raw).toBe((await signer(`i${row.executionId?.slice(1)}`)(row.nonce)).raw);
      expect(await store.cursor({ chainId: 1, address: WALLET })).toEqual({ next: 140, confirmed: 100 });
    });
  });
}
