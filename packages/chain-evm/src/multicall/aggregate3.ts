import { RpcError } from '../errors/RpcError.js';
import { rpcCall } from '../rpc/rpcCall.js';
import { decodeAggregate3Result } from './decodeAggregate3Result.js';
import { encodeAggregate3 } from './encodeAggregate3.js';

/** The one JSON-RPC capability read helpers need (an ethers `JsonRpcProvider` has it). */
export interface RpcSender {
  send(method: string, params: unknown[]): Promise<unknown>;
}

/** One call inside a Multicall3 `aggregate3`. */
export interface Aggregate3Call {
  readonly target: `0x${string}`;
  readonly callData: `0x${string}`;
  /** When false, a revert of this call reverts the whole batch (→ `RPC_ERROR`). */
  readonly allowFailure: boolean;
}

/** The outcome of one call: `returnData` is the revert data when `success` is false. */
export interface Aggregate3Result {
  readonly success: boolean;
  readonly returnData: `0x${string}`;
}

/** Parameters of {@link aggregate3}. */
export interface Aggregate3Parameters {
  readonly provider: RpcSender;
  readonly chainId: number;
  /** Multicall3's address on this chain (the registry's `contracts.multicall3`). */
  readonly multicall3: `0x${string}`;
  readonly calls: readonly Aggregate3Call[];
  /** Block tag or number; default `'latest'`. */
  readonly blockTag?: 'latest' | 'pending' | bigint;
  /** Hard deadline in ms (default 10,000). */
  readonly timeoutMs?: number;
}

/** Return type of {@link aggregate3}: one result per call, in order. */
export type Aggregate3ReturnType = Aggregate3Result[];

/**
 * Runs many read calls in ONE `eth_call` to Multicall3's `aggregate3`: one round trip per batch, never one per
 * token. Include {@link multicall3BlockNumberCall} among the calls to learn the block the batch was read at.
 * Node trouble → `RPC_TIMEOUT` / `RPC_UNAVAILABLE` / `RPC_ERROR`; an undecodable answer (no Multicall3 at that
 * address) → `RPC_ERROR`.
 *
 * @example
 * ```ts
 * const [balance] = await aggregate3({
 *   provider, chainId: 1, multicall3: chain.contracts.multicall3!,
 *   calls: [{ target: usdc, callData: erc20.encodeFunctionData('balanceOf', [owner]), allowFailure: true }],
 * });
 * ```
 */
export async function aggregate3({
  provider,
  chainId,
  multicall3,
  calls,
  blockTag = 'latest',
  timeoutMs = 10_000,
}: Aggregate3Parameters): Promise<Aggregate3ReturnType> {
  if (calls.length === 0) return [];
  const data = encodeAggregate3(calls);
  const tag = typeof blockTag === 'bigint' ? `0x${blockTag.toString(16)}` : blockTag;
  const raw = await rpcCall({
    chainId,
    method: 'eth_call',
    timeoutMs,
    run: () => provider.send('eth_call', [{ to: multicall3, data }, tag]),
  });
  try {
    if (typeof raw !== 'string') throw new TypeError('non-string result');
    const results = decodeAggregate3Result(raw);
    if (results.length !== calls.length) throw new TypeError('result count mismatch');
    return results;
  } catch (cause) {
    throw new RpcError('RPC_ERROR', {
      chainId,
      method: 'eth_call',
      details:
        'Multicall3 aggregate3 answered something undecodable (no Multicall3 at the configured address?)',
      cause: cause instanceof Error ? new Error(cause.message) : undefined,
    });
  }
}
