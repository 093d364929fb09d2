import type { JsonRpcProvider } from 'ethers';
import { RpcError } from '../errors/RpcError.js';
import { rpcCall } from './rpcCall.js';

/** Parameters of {@link verifyChainId}. */
export interface VerifyChainIdParameters {
  provider: JsonRpcProvider;
  /** The chain id the node must serve. */
  chainId: number;
  /** Hard deadline in ms (default 10,000). */
  timeoutMs?: number;
}

/**
 * Asks the node for its chain id (`eth_chainId`) and throws `RPC_CHAIN_MISMATCH` unless it is `chainId`.
 * Providers from {@link createRpcProvider} use a static network (no detection loop), so nothing else notices an
 * `RPC_URL_BASE` that points at an Ethereum node: call this once per provider before trusting its answers.
 * Node trouble → `RPC_TIMEOUT` / `RPC_UNAVAILABLE` / `RPC_ERROR` (a malformed chain id is `RPC_ERROR`).
 *
 * @example
 * ```ts
 * await verifyChainId({ provider, chainId: 8453, timeoutMs: 8_000 });
 * ```
 */
export async function verifyChainId({
  provider,
  chainId,
  timeoutMs = 10_000,
}: VerifyChainIdParameters): Promise<void> {
  const raw = await rpcCall({
    chainId,
    method: 'eth_chainId',
    timeoutMs,
    run: () => provider.send('eth_chainId', []) as Promise<unknown>,
  });
  if (typeof raw !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(raw)) {
    throw new RpcError('RPC_ERROR', {
      chainId,
      method: 'eth_chainId',
      details: 'malformed chain id in the answer',
    });
  }
  const served = BigInt(raw);
  if (served !== BigInt(chainId)) {
    throw new RpcError('RPC_CHAIN_MISMATCH', {
      chainId,
      method: 'eth_chainId',
      details: `the node serves chain ${served.toString()}`,
    });
  }
}
