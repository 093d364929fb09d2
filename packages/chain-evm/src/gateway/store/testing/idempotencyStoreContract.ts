import { describe, expect, it } from 'vitest';
import type { IdempotencyStore } from '../../types.js';

/**
 * The behaviour every {@link IdempotencyStore} must have. Called from each store's test file with a factory for a
 * fresh, empty store.
 *
 * @example
 * ```ts
 * describeIdempotencyStoreContract('MemoryIdempotencyStore', () => new MemoryIdempotencyStore());
 * ```
 */
export function describeIdempotencyStoreContract(name: string, createStore: () => IdempotencyStore): void {
  describe(`${name}: idempotency store contract`, () => {
    it('claim → in_progress (first hash) → complete → done with the response, for ever', async () => {
      const store = createStore();
      expect(await store.claim({ key: 'k1', requestHash: 'h-first', at: 1 })).toEqual({ state: 'claimed' });
      expect(await store.claim({ key: 'k1', requestHash: 'h-other', at: 2 })).toEqual({
        state: 'in_progress',
        requestHash: 'h-first',
      });
      const response = {
        status: 201,
        body: {
          id: 'exe_1',
          status: 'pending',
          amounts: ['1', '2'],
          nested: { ok: true, none: null },
          n: 1.5,
        },
      };
      await store.complete({ key: 'k1', response, at: 3 });
      const done = { state: 'done', requestHash: 'h-first', response };
      expect(await store.claim({ key: 'k1', requestHash: 'h-first', at: 4 })).toEqual(done);
      expect(await store.claim({ key: 'k1', requestHash: 'h-other', at: 5 })).toEqual(done);
      // Other keys are independent; keys are case-sensitive.
      expect(await store.claim({ key: 'K1', requestHash: 'h', at: 6 })).toEqual({ state: 'claimed' });
    });

    it('stores any JSON body: string, number, array, null', async () => {
      const store = createStore();
      const bodies = ['text', 42, [1, { a: 'b' }], null, { type: 'about:blank', status: 422 }];
      for (const [i, body] of bodies.entries()) {
        await store.claim({ key: `k${i}`, requestHash: 'h', at: 1 });
        await store.complete({ key: `k${i}`, response: { status: 200 + i, body }, at: 2 });
        expect(await store.claim({ key: `k${i}`, requestHash: 'h', at: 3 })).toEqual({
          state: 'done',
          requestHash: 'h',
          response: { status: 200 + i, body },
        });
      }
    });

    it('of 50 concurrent claims of one key exactly one is claimed; the others see its request hash', async () => {
      const store = createStore();
      const states = await Promise.all(
        Array.from({ length: 50 }, (_, i) => store.claim({ key: 'race', requestHash: `h${i}`, at: i })),
      );
      const winners = states.flatMap((s, i) => (s.state === 'claimed' ? [i] : []));
      expect(winners).toHaveLength(1);
      const losers = states.filter((s) => s.state !== 'claimed');
      expect(losers).toHaveLength(49);
      for (const s of losers) expect(s).toEqual({ state: 'in_progress', requestHash: `h${winners[0]}` });
    });

    it('concurrent claims of distinct keys all win', async () => {
      const store = createStore();
      const states = await Promise.all(
        Array.from({ length: 40 }, (_, i) => store.claim({ key: `key-${i}`, requestHash: 'h', at: i })),
      );
      expect(states.every((s) => s.state === 'claimed')).toBe(true);
    });

    it('complete of an unknown or finished key rejects and keeps the first response', async () => {
      const store = createStore();
      await expect(
        store.complete({ key: 'nope', response: { status: 200, body: null }, at: 1 }),
      ).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_NOT_IN_PROGRESS' });
      expect(await store.claim({ key: 'nope', requestHash: 'h', at: 2 })).toEqual({ state: 'claimed' });
      await store.complete({ key: 'nope', response: { status: 200, body: 'first' }, at: 3 });
      await expect(
        store.complete({ key: 'nope', response: { status: 500, body: 'second' }, at: 4 }),
      ).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_NOT_IN_PROGRESS' });
      expect(await store.claim({ key: 'nope', requestHash: 'h', at: 5 })).toEqual({
        state: 'done',
        requestHash: 'h',
        response: { status: 200, body: 'first' },
      });
    });

    it('abandon forgets an in-progress key only; unknown keys are a no-op; a done key stays done', async () => {
      const store = createStore();
      await store.claim({ key: 'k', requestHash: 'h1', at: 1 });
      await store.abandon({ key: 'k' });
      expect(await store.claim({ key: 'k', requestHash: 'h2', at: 2 })).toEqual({ state: 'claimed' });
      expect(await store.claim({ key: 'k', requestHash: 'h3', at: 3 })).toEqual({
        state: 'in_progress',
        requestHash: 'h2',
      });
      await expect(store.abandon({ key: 'never-claimed' })).resolves.toBeUndefined();
      await store.complete({ key: 'k', response: { status: 200, body: { ok: 1 } }, at: 4 });
      await expect(store.abandon({ key: 'k' })).rejects.toMatchObject({
        code: 'IDEMPOTENCY_KEY_NOT_IN_PROGRESS',
      });
      expect(await store.claim({ key: 'k', requestHash: 'h4', at: 5 })).toEqual({
        state: 'done',
        requestHash: 'h2',
        response: { status: 200, body: { ok: 1 } },
      });
    });

    it.each([
      ['an empty key', { key: '', requestHash: 'h', at: 1 }],
      ['a key of 513 characters', { key: 'k'.repeat(513), requestHash: 'h', at: 1 }],
      ['a numeric key', { key: 42, requestHash: 'h', at: 1 }],
      ['an empty request hash', { key: 'k', requestHash: '', at: 1 }],
      ['a negative time', { key: 'k', requestHash: 'h', at: -1 }],
      ['a fractional time', { key: 'k', requestHash: 'h', at: 0.5 }],
    ])('claim refuses %s with STORE_INPUT_INVALID and takes nothing', async (_, parameters) => {
      const store = createStore();
      await expect(store.claim(parameters as never)).rejects.toMatchObject({ code: 'STORE_INPUT_INVALID' });
      expect(await store.claim({ key: 'k', requestHash: 'h', at: 1 })).toEqual({ state: 'claimed' });
    });

    it('accepts a key of 512 characters', async () => {
      const store = createStore();
      expect(await store.claim({ key: 'k'.repeat(512), requestHash: 'h', at: 1 })).toEqual({
        state: 'claimed',
      });
    });

    it.each([
      ['status 99', { status: 99, body: null }],
      ['status 600', { status: 600, body: null }],
      ['a fractional status', { status: 200.5, body: null }],
      ['an undefined body', { status: 200 }],
      ['a body holding a bigint', { status: 200, body: { amount: 1n } }],
      ['no response', null],
    ])('complete refuses %s and leaves the key in progress', async (_, response) => {
      const store = createStore();
      await store.claim({ key: 'k', requestHash: 'h', at: 1 });
      await expect(store.complete({ key: 'k', response: response as never, at: 2 })).rejects.toMatchObject({
        code: 'STORE_INPUT_INVALID',
      });
      expect(await store.claim({ key: 'k', requestHash: 'x', at: 3 })).toEqual({
        state: 'in_progress',
        requestHash: 'h',
      });
    });

    it('complete refuses a cyclic body', async () => {
      const store = createStore();
      await store.claim({ key: 'k', requestHash: 'h', at: 1 });
      const body: Record<string, unknown> = {};
      body.self = body;
      await expect(
        store.complete({ key: 'k', response: { status: 200, body }, at: 2 }),
      ).rejects.toMatchObject({
        code: 'STORE_INPUT_INVALID',
      });
    });
  });
}
