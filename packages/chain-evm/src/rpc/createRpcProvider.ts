import { FetchRequest, JsonRpcProvider, Network } from 'ethers';

/** Parameters of {@link createRpcProvider}. */
export interface CreateRpcProviderParameters {
  /** JSON-RPC endpoint. May carry credentials: it is never logged or put in an error. */
  url: string;
  /** The chain id the endpoint must serve (no network auto-detection loop). */
  chainId: number;
  /** Per-request time-out in ms (default 8,000). */
  timeoutMs?: number;
  /** Batch several calls in one HTTP request. Off by default: against a local node batching only adds latency. */
  batch?: boolean;
}

/**
 * Creates an ethers `JsonRpcProvider` with a fixed network (no detection retry loop that would hang on a dead
 * node), a request time-out, no response cache (a stale nonce or balance is worse than one more request), and no
 * batching stall.
 *
 * @example
 * ```ts
 * const provider = createRpcProvider({ url: 'http://127.0.0.1:8545', chainId: 31337 });
 * ```
 */
export function createRpcProvider({
  url,
  chainId,
  timeoutMs = 8_000,
  batch = false,
}: CreateRpcProviderParameters): JsonRpcProvider {
  const request = new FetchRequest(url);
  request.timeout = timeoutMs;
  const network = Network.from(chainId);
  return new JsonRpcProvider(request, network, {
    staticNetwork: network,
    batchMaxCount: batch ? 100 : 1,
    batchStallTime: batch ? 10 : 0,
    cacheTimeout: -1,
    polling: false,
  });
}
