import type { RpcSender } from '../../multicall/aggregate3.js';
import { rpcCall } from '../../rpc/rpcCall.js';
import type { Address } from '../../chains/chains.js';
import type { NonceManager } from '../types.js';
import { isDefinitelyNotSent } from './isDefinitelyNotSent.js';

/** Parameters of {@link createMemoryNonceManager}. */
export interface CreateMemoryNonceManagerParameters {
  /** A verified provider for the chain. */
  readonly provider: (chainId: number) => Promise<RpcSender>;
  readonly timeoutMs?: number;
}

/**
 * A {@link NonceManager} for one process: per (chain, address), allocations and sends run one after another (only
 * while the transaction is signed and handed to the node — receipts are awaited outside, so sends pipeline). The
 * first use, and every use after an uncertain failure or a "nonce too low", reads `eth_getTransactionCount(…,
 * 'pending')` and continues from the higher of it and the local counter. A send the node provably refused gives its
 * nonce back (no gap). Several server instances sharing one wallet need a shared store behind the same interface.
 *
 * @example
 * ```ts
 * const nonces = createMemoryNonceManager({ provider: (id) => providers.get(id) });
 * await nonces.withNonce({ chainId, address, send: (nonce) => signAndSend(nonce) });
 * ```
 */
export function createMemoryNonceManager({
  provider,
  timeoutMs = 8_000,
}: CreateMemoryNonceManagerParameters): NonceManager {
  const lanes = new Map<string, { tail: Promise<unknown>; next: number | undefined }>();
  return {
    withNonce<T>({
      chainId,
      address,
      send,
    }: {
      chainId: number;
      address: Address;
      send: (nonce: number) => Promise<T>;
    }) {
      const key = `${chainId}:${address.toLowerCase()}`;
      let lane = lanes.get(key);
      if (!lane) {
        lane = { tail: Promise.resolve(), next: undefined };
        lanes.set(key, lane);
      }
      const current = lane;
      const run = async (): Promise<T> => {
        if (current.next === undefined) {
          const raw = await rpcCall({
            chainId,
            method: 'eth_getTransactionCount',
            timeoutMs,
            run: async () => (await provider(chainId)).send('eth_getTransactionCount', [address, 'pending']),
          });
          current.next = Number(BigInt(raw as string));
        }
        const nonce = current.next;
        try {
          const result = await send(nonce);
          current.next = nonce + 1;
          return result;
        } catch (error) {
          // Refused by the node: the nonce is free again — unless the refusal says it is taken.
          if (isDefinitelyNotSent(error) && !/nonce too low/i.test(String((error as Error)?.message))) {
            current.next = nonce;
          } else {
            current.next = undefined;
          }
          throw error;
        }
      };
      const result = current.tail.then(run, run);
      current.tail = result.catch(() => undefined);
      return result;
    },
  };
}
