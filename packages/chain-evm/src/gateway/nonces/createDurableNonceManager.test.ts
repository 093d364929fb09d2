import { keccak256 } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { Address } from '../../chains/chains.js';
import { RpcError } from '../../errors/RpcError.js';
import type { Hex, NonceResync } from '../types.js';
import { createDurableNonceManager } from './createDurableNonceManager.js';
import { MemoryNonceStore } from './MemoryNonceStore.js';
import { SenderWindowFullError } from './SenderWindowFullError.js';

const ADDRESS = '0x00000000000000000000000000000000000000aa' as Address;
const signed = (tag: string) => async (nonce: number) => {
  const raw = `0x${Buffer.from(`${tag}:${nonce}`).toString('hex')}` as Hex;
  return { raw, hash: keccak256(raw) as Hex };
};
const refused = (message: string) =>
  new RpcError('RPC_ERROR', { chainId: 1, method: 'eth_sendRawTransaction', cause: new Error(message) });

/** A node whose counts the test sets, recording the raw transactions handed to it. */
function node(counts: { pending: number; latest: number }) {
  const raws: string[] = [];
  const provider = async () => ({
    send: async (method: string, params: readonly unknown[]) => {
      if (method === 'eth_getTransactionCount')
        return `0x${counts[params[1] as 'pending' | 'latest'].toString(16)}`;
      if (method === 'eth_sendRawTransaction') {
        raws.push(params[0] as string);
        return '0x';
      }
      throw new Error(method);
    },
  });
  return { provider, raws };
}

describe('createDurableNonceManager', () => {
  it('two managers on one store (two instances) never hand out one nonce twice; the bytes are kept before send', async () => {
    const store = new MemoryNonceStore();
    const chain = node({ pending: 4, latest: 4 });
    const a = createDurableNonceManager({ store, provider: chain.provider });
    const b = createDurableNonceManager({ store, provider: chain.provider });
    const kept: number[] = [];
    const got = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? a : b).withNonce({
          chainId: 1,
          address: ADDRESS,
          executionId: `e${i}`,
          sign: signed(`x${i}`),
          send: async (_tx, nonce) => {
            const rows = await store.outbox({ chainId: 1, address: ADDRESS, fromNonce: nonce, limit: 1 });
            if (rows[0]?.nonce === nonce) kept.push(nonce);
            return nonce;
          },
        }),
      ),
    );
    expect([...got].sort((x, y) => x - y)).toEqual(Array.from({ length: 10 }, (_, i) => 4 + i));
    expect(kept).toHaveLength(10);
  });

  it('a refusal for good after signing: the nonce is not given back, fill takes it and is broadcast', async () => {
    const store = new MemoryNonceStore();
    const chain = node({ pending: 0, latest: 0 });
    const filled: unknown[] = [];
    const nonces = createDurableNonceManager({
      store,
      provider: chain.provider,
      onFilled: (f) => filled.push(f),
    });
    const filler = await signed('fill')(0);
    const error = refused('insufficient funds for gas * price + value');
    await expect(
      nonces.withNonce({
        chainId: 1,
        address: ADDRESS,
        sign: signed('swap'),
        send: async () => Promise.reject(error),
        fill: async () => filler,
      }),
    ).rejects.toBe(error);
    expect(chain.raws).toEqual([filler.raw]);
    const [row] = await store.outbox({ chainId: 1, address: ADDRESS, fromNonce: 0, limit: 5 });
    expect(row).toMatchObject({ nonce: 0, kind: 'filler', hash: filler.hash });
    expect(filled).toEqual([
      {
        chainId: 1,
        address: ADDRESS,
        nonce: 0,
        refusedHash: (await signed('swap')(0)).hash,
        hash: filler.hash,
      },
    ]);
    // The next allocation goes on above it.
    expect(
      await nonces.withNonce({ chainId: 1, address: ADDRESS, sign: signed('n'), send: async (_t, n) => n }),
    ).toBe(1);
  });

  it('an uncertain failure (a time-out) neither fills nor gives the nonce back: the stored bytes stay', async () => {
    const store = new MemoryNonceStore();
    const chain = node({ pending: 0, latest: 0 });
    let fills = 0;
    const nonces = createDurableNonceManager({ store, provider: chain.provider });
    await expect(
      nonces.withNonce({
        chainId: 1,
        address: ADDRESS,
        sign: signed('swap'),
        send: async () =>
          Promise.reject(new RpcError('RPC_TIMEOUT', { chainId: 1, method: 'eth_sendRawTransaction' })),
        fill: async (n) => {
          fills++;
          return signed('fill')(n);
        },
      }),
    ).rejects.toThrow(RpcError);
    expect(fills).toBe(0);
    expect((await store.outbox({ chainId: 1, address: ADDRESS, fromNonce: 0, limit: 5 }))[0]).toMatchObject({
      kind: 'transaction',
      hash: (await signed('swap')(0)).hash,
    });
    expect(await store.cursor({ chainId: 1, address: ADDRESS })).toEqual({ next: 1, confirmed: 0 });
  });

  it('a nonce taken by another sender: the row moves up only, onResync says the chain is ahead, sign again there', async () => {
    const store = new MemoryNonceStore();
    const counts = { pending: 2, latest: 2 };
    const chain = node(counts);
    const nonces = createDurableNonceManager({ store, provider: chain.provider });
    expect(
      await nonces.withNonce({ chainId: 1, address: ADDRESS, sign: signed('a'), send: async (_t, n) => n }),
    ).toBe(2);
    counts.pending = 9;
    counts.latest = 8;
    const resyncs: NonceResync[] = [];
    const tried: number[] = [];
    const sent = await nonces.withNonce({
      chainId: 1,
      address: ADDRESS,
      sign: signed('b'),
      send: async (_t, n) => {
        tried.push(n);
        if (n < 9) throw refused('nonce too low');
        return n;
      },
      onResync: (r) => {
        resyncs.push(r);
      },
    });
    expect(sent).toBe(9);
    expect(tried).toEqual([3, 9]);
    expect(resyncs).toEqual([{ refused: 3, pending: 9, latest: 8, next: 9, chainAhead: true }]);
    expect(await store.cursor({ chainId: 1, address: ADDRESS })).toEqual({ next: 10, confirmed: 8 });
    // A lagging node later never moves the row down.
    counts.pending = 1;
    counts.latest = 1;
    expect(
      await nonces.withNonce({ chainId: 1, address: ADDRESS, sign: signed('c'), send: async (_t, n) => n }),
    ).toBe(10);
  });

  it('the in-flight window on the row: re-reads the mined count, waits, then SenderWindowFullError with nothing signed', async () => {
    const store = new MemoryNonceStore();
    const counts = { pending: 0, latest: 0 };
    const chain = node(counts);
    // Every read of the clock moves it on 100 ms (the wait is bounded by the manager's own clock).
    let now = 0;
    const nonces = createDurableNonceManager({
      store,
      provider: chain.provider,
      maxInFlight: 2,
      windowWaitMs: 1_000,
      recheckMs: 1,
      clock: () => {
        now += 100;
        return now;
      },
    });
    const one = () =>
      nonces.withNonce({ chainId: 1, address: ADDRESS, sign: signed('w'), send: async (_t, n) => n });
    expect([await one(), await one()]).toEqual([0, 1]);
    // Full; the chain mined one meanwhile: the window opens without waiting.
    counts.latest = 1;
    expect(await one()).toBe(2);
    // Full and nothing mined: refused once the wait is over.
    let signs = 0;
    const waiting = nonces.withNonce({
      chainId: 1,
      address: ADDRESS,
      sign: async (n) => {
        signs++;
        return signed('late')(n);
      },
      send: async (_t, n) => n,
    });
    await expect(waiting).rejects.toBeInstanceOf(SenderWindowFullError);
    expect(signs).toBe(0);
  });
});
