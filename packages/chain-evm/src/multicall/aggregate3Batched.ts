import { BaseError } from '../errors/BaseError.js';
import { type Aggregate3Call, type Aggregate3Result, aggregate3, type RpcSender } from './aggregate3.js';

/** Parameters of {@link aggregate3Batched}. */
export interface Aggregate3BatchedParameters {
  readonly provider: RpcSender;
  readonly chainId: number;
  readonly multicall3: `0x${string}`;
  readonly calls: readonly Aggregate3Call[];
  /** Calls per `eth_call` (default 500): small enough for a node's `eth_call` gas cap, large enough to be cheap. */
  readonly batchSize?: number;
  /** How many batches are in flight at once (default 4). */
  readonly concurrency?: number;
  /** Block tag or number every batch reads at (default `'latest'`); pass a number for one consistent snapshot. */
  readonly blockTag?: 'latest' | 'pending' | bigint;
  readonly timeoutMs?: number;
}

/** Return type of {@link aggregate3Batched}: one result per call, in order, and how many `eth_call`s it took. */
export interface Aggregate3BatchedReturnType {
  readonly results: Aggregate3Result[];
  readonly batches: number;
}

/**
 * Runs any number of read calls through Multicall3 in batches of `batchSize` (one `eth_call` each, a few in
 * flight at a time): the request count grows with `calls.length / batchSize`, never with the number of calls. Any
 * batch failing fails the whole read (typed RPC error) — a partial result is never returned.
 *
 * @example
 * ```ts
 * const { results, batches } = await aggregate3Batched({ provider, chainId: 1, multicall3, calls, batchSize: 500 });
 * ```
 */
export async function aggregate3Batched({
  provider,
  chainId,
  multicall3,
  calls,
  batchSize = 500,
  concurrency = 4,
  blockTag,
  timeoutMs,
}: Aggregate3BatchedParameters): Promise<Aggregate3BatchedReturnType> {
  if (!Number.isInteger(batchSize) || batchSize < 1 || !Number.isInteger(concurrency) || concurrency < 1) {
    throw new BaseError('INVALID_PARAMETER', 'batchSize and concurrency must be positive integers', {
      details: `batchSize ${String(batchSize)}, concurrency ${String(concurrency)}`,
    });
  }
  const chunks: (readonly Aggregate3Call[])[] = [];
  for (let i = 0; i < calls.length; i += batchSize) chunks.push(calls.slice(i, i + batchSize));
  const out: Aggregate3Result[][] = new Array(chunks.length);
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const index = next++;
      out[index] = await aggregate3({
        provider,
        chainId,
        multicall3,
        calls: chunks[index] as readonly Aggregate3Call[],
        ...(blockTag === undefined ? {} : { blockTag }),
        ...(timeoutMs === undefined ? {} : { timeoutMs }),
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, chunks.length) }, worker));
  return { results: out.flat(), batches: chunks.length };
}
