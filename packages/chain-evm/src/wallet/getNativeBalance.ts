import type { JsonRpcProvider } from 'ethers';
import { parseAddress } from '../address/parseAddress.js';
import { rpcCall } from '../rpc/rpcCall.js';

/** Parameters of {@link getNativeBalance}. */
export interface GetNativeBalanceParameters {
  provider: JsonRpcProvider;
  chainId: number;
  /** The address whose balance is read (validated and checksummed). */
  address: string;
  /** Hard deadline in ms (default 10,000). */
  timeoutMs?: number;
}

/** Result of {@link getNativeBalance}. */
export interface GetNativeBalanceReturnType {
  address: `0x${string}`;
  /** Balance in wei. */
  wei: bigint;
  /** Block the balance was read at. */
  blockNumber: number;
}

/**
 * Reads the native balance of `address` at the latest block, pinned to one block number so the pair is
 * consistent. Invalid address → `INVALID_ADDRESS`; node trouble → `RPC_TIMEOUT` / `RPC_UNAVAILABLE` / `RPC_ERROR`.
 *
 * @example
 * ```ts
 * const { wei } = await getNativeBalance({ provider, chainId: 31337, address: '0xf39F…2266' });
 * ```
 */
export async function getNativeBalance({
  provider,
  chainId,
  address,
  timeoutMs = 10_000,
}: GetNativeBalanceParameters): Promise<GetNativeBalanceReturnType> {
  const checksummed = parseAddress({ address });
  const blockNumber = await rpcCall({
    chainId,
    method: 'eth_blockNumber',
    timeoutMs,
    run: () => provider.getBlockNumber(),
  });
  const wei = await rpcCall({
    chainId,
    method: 'eth_getBalance',
    timeoutMs,
    run: () => provider.getBalance(checksummed, blockNumber),
  });
  return { address: checksummed, wei, blockNumber };
}
