import { describe, expect, it } from 'vitest';
import type { Address } from '../../chains/chains.js';
import { RpcError } from '../../errors/RpcError.js';
import type { NonceResync } from '../types.js';
import { createMemoryNonceManager } from './createMemoryNonceManager.js';

/** Stand-in signed bytes (the manager keeps them; these tests look at nonces). */
const signed = async () => ({ raw: '0x00' as const, hash: `0x${'00'.repeat(32)}` as const });

const ADDRESS = '0x00000000000000000000000000000000000000aa' as Address;

/** A node whose counts the test sets: `pending` and `latest` as the chain would answer them. */
function chain(counts: { pending: number; latest: number }) {
  const reads: string[] = [];
  const provider = async () => ({
    send: async (method: string, params: readonly unknown[]) => {
      if (method !== 'eth_getTransactionCount') throw new Error(method);
      const block = params[1] as 'pending' | 'latest';
      reads.push(block);
      return `0x${counts[block].toString(16)}`;
    },
  });
  return { provider, reads };
}

/** The node's refusal as the RPC boundary hands it on: the node's text only in the cause. */
const refused = (message: string) =>
  new RpcError('RPC_ERROR', { chainId: 1, method: 'eth_sendRawTransaction', cause: new Error(message) });

describe('createMemoryNonceManager: a nonce taken by another sender of the key', () => {
  it('re-reads pending and latest, moves above them, tells onResync and sends again in the same call', async () => {
    const counts = { pending: 5, latest: 5 };
    const node = chain(counts);
    const nonces = createMemoryNonceManager({ provider: node.provider });
    expect(
      await nonces.withNonce({ chainId: 1, address: ADDRESS, sign: signed, send: async (_s, n) => n }),
    ).toBe(5);
    // Someone else sent nonces 6 and 7 with the same key (one mined, one in the mempool).
    counts.pending = 8;
    counts.latest = 7;
    const tried: number[] = [];
    const resyncs: NonceResync[] = [];
    const sent = await nonces.withNonce({
      chainId: 1,
      address: ADDRESS,
      sign: signed,
      send: async (_s, n) => {
        tried.push(n);
        if (n < 7) throw refused('nonce too low');
        if (n < 8) throw refused('replacement transaction underpriced');
        return n;
      },
      onResync: (r) => {
        resyncs.push(r);
      },
    });
    expect(sent).toBe(8);
    expect(tried).toEqual([6, 8]);
    expect(resyncs).toEqual([{ refused: 6, pending: 8, latest: 7, next: 8, chainAhead: true }]);
    // The next allocation continues from there, without another read.
    const reads = node.reads.length;
    expect(
      await nonces.withNonce({ chainId: 1, address: ADDRESS, sign: signed, send: async (_s, n) => n }),
    ).toBe(9);
    expect(node.reads.length).toBe(reads);
  });

  it('moves at least one above the refused nonce when the node answering the counts lags', async () => {
    const node = chain({ pending: 2, latest: 2 });
    const nonces = createMemoryNonceManager({ provider: node.provider });
    const tried: number[] = [];
    await nonces.withNonce({
      chainId: 1,
      address: ADDRESS,
      sign: signed,
      send: async (_s, n) => {
        tried.push(n);
        if (n === 2) throw refused('nonce too low');
        return n;
      },
    });
    expect(tried).toEqual([2, 3]);
  });

  it('gives up after maxResyncs and hands the last refusal to the caller', async () => {
    const node = chain({ pending: 0, latest: 0 });
    const nonces = createMemoryNonceManager({ provider: node.provider, maxResyncs: 2 });
    const tried: number[] = [];
    await expect(
      nonces.withNonce({
        chainId: 1,
        address: ADDRESS,
        sign: signed,
        send: async (_s, n) => {
          tried.push(n);
          throw refused('nonce too low');
        },
      }),
    ).rejects.toThrow(RpcError);
    expect(tried).toEqual([0, 1, 2]);
  });

  it('an unreadable count after the refusal answers the refusal, and the next call reads again', async () => {
    let fail = false;
    let reads = 0;
    const provider = async () => ({
      sign: signed,
      send: async () => {
        reads++;
        if (fail) throw new Error('socket hang up');
        return '0x4';
      },
    });
    const nonces = createMemoryNonceManager({ provider });
    const error = refused('nonce too low');
    await expect(
      nonces.withNonce({
        chainId: 1,
        address: ADDRESS,
        sign: signed,
        send: async () => {
          fail = true;
          throw error;
        },
      }),
    ).rejects.toBe(error);
    fail = false;
    const before = reads;
    expect(
      await nonces.withNonce({ chainId: 1, address: ADDRESS, sign: signed, send: async (_s, n) => n }),
    ).toBe(4);
    expect(reads).toBe(before + 1);
  });

  it('other refusals give the nonce back without moving it', async () => {
    const node = chain({ pending: 3, latest: 3 });
    const nonces = createMemoryNonceManager({ provider: node.provider });
    await expect(
      nonces.withNonce({
        chainId: 1,
        address: ADDRESS,
        sign: signed,
        send: async () => Promise.reject(refused('insufficient funds for gas * price + value')),
      }),
    ).rejects.toThrow();
    expect(
      await nonces.withNonce({ chainId: 1, address: ADDRESS, sign: signed, send: async (_s, n) => n }),
    ).toBe(3);
  });
});
