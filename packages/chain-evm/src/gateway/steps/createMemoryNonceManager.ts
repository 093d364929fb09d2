import type { Address } from '../../chains/chains.js';
import type { RpcSender } from '../../multicall/aggregate3.js';
import type { NonceManager, SignedNonceTransaction, WithNonceParameters } from '../types.js';
import { isDefinitelyNotSent } from './isDefinitelyNotSent.js';
import { isNonceTaken } from './isNonceTaken.js';
import { readTransactionCount } from '../nonces/readTransactionCount.js';

/** Parameters of {@link createMemoryNonceManager}. */
export interface CreateMemoryNonceManagerParameters {
  /** A verified provider for the chain. */
  readonly provider: (chainId: number) => Promise<RpcSender>;
  readonly timeoutMs?: number;
  /**
   * How many times one `withNonce` call moves to a higher nonce after the chain said the one handed out is taken
   * (default 3); the refusal of the last try is what the caller gets.
   */
  readonly maxResyncs?: number;
}

/**
 * A {@link NonceManager} for one process: per (chain, address), allocations, signatures and sends run one after
 * another (only while the transaction is signed and handed to the node — receipts are awaited outside, so sends pipeline). The
 * first use, and every use after an uncertain failure, reads `eth_getTransactionCount(…, 'pending')` and continues
 * from the higher of it and the local counter. A send the node provably refused gives its nonce back (no gap) —
 * unless the refusal says the nonce is taken ({@link isNonceTaken}: someone else sent from the same key): then the
 * chain's `pending` and `latest` counts are read, the next nonce moves above both and the one refused, `onResync`
 * is told, and `send` runs again at the new nonce in the same lane (at most `maxResyncs` times). Several server
 * instances sharing one wallet use {@link createDurableNonceManager} on a shared {@link NonceStore} instead.
 *
 * @example
 * ```ts
 * const nonces = createMemoryNonceManager({ provider: (id) => providers.get(id) });
 * await nonces.withNonce({ chainId, address, sign: (nonce) => sign(nonce), send: (tx) => broadcast(tx.raw) });
 * ```
 */
export function createMemoryNonceManager({
  provider,
  timeoutMs = 8_000,
  maxResyncs = 3,
}: CreateMemoryNonceManagerParameters): NonceManager {
  const lanes = new Map<string, { tail: Promise<unknown>; next: number | undefined }>();
  const count = (chainId: number, address: Address, block: 'pending' | 'latest') =>
    readTransactionCount({ provider, chainId, address, block, timeoutMs });
  return {
    withNonce<S extends SignedNonceTransaction, T>({
      chainId,
      address,
      sign,
      send,
      onResync,
    }: WithNonceParameters<S, T>) {
      const key = `${chainId}:${address.toLowerCase()}`;
      let lane = lanes.get(key);
      if (!lane) {
        lane = { tail: Promise.resolve(), next: undefined };
        lanes.set(key, lane);
      }
      const current = lane;
      const run = async (): Promise<T> => {
        for (let resyncs = 0; ; resyncs++) {
          if (current.next === undefined) current.next = await count(chainId, address, 'pending');
          const nonce = current.next;
          try {
            const result = await send(await sign(nonce), nonce);
            current.next = nonce + 1;
            return result;
          } catch (error) {
            current.next = undefined;
            if (isNonceTaken(error)) {
              if (resyncs >= maxResyncs) throw error;
              // The counts unreadable: the refusal stands (nothing of ours reached the mempool).
              const [pending, latest] = await Promise.all([
                count(chainId, address, 'pending'),
                count(chainId, address, 'latest'),
              ]).catch(() => {
                throw error;
              });
              const next = Math.max(pending, latest, nonce + 1);
              current.next = next;
              await onResync?.({
                refused: nonce,
                pending,
                latest,
                next,
                chainAhead: Math.max(pending, latest) > nonce,
              });
              continue;
            }
            // Refused by the node: the nonce is free again.
            if (isDefinitelyNotSent(error)) current.next = nonce;
            throw error;
          }
        }
      };
      const result = current.tail.then(run, run);
      current.tail = result.catch(() => undefined);
      return result;
    },
  };
}
