import type { Address } from '../../chains/chains.js';
import type { RpcSender } from '../../multicall/aggregate3.js';
import { isDefinitelyNotSent } from '../steps/isDefinitelyNotSent.js';
import { isNonceTaken } from '../steps/isNonceTaken.js';
import type { NonceManager, SignedNonceTransaction, WithNonceParameters } from '../types.js';
import type { NonceStore } from './NonceStore.js';
import { type RecoverNonceOutboxParameters, recoverNonceOutbox } from './recoverNonceOutbox.js';
import { SenderWindowFullError } from './SenderWindowFullError.js';
import { sendRawTransaction } from './sendRawTransaction.js';
import { readTransactionCount } from './readTransactionCount.js';

/** Parameters of {@link createDurableNonceManager}. */
export interface CreateDurableNonceManagerParameters {
  /** The shared nonce rows and outbox (PostgreSQL for several instances). */
  readonly store: NonceStore;
  /** A verified provider for the chain. */
  readonly provider: (chainId: number) => Promise<RpcSender>;
  readonly timeoutMs?: number;
  /** How many times one `withNonce` call moves above a nonce the chain says is taken (default 3). */
  readonly maxResyncs?: number;
  /** The in-flight window enforced on the nonce row (nonces handed out above the last mined one); default none. */
  readonly maxInFlight?: number;
  /** How long an allocation waits for the window to open, re-reading the chain's mined count (default 30 s). */
  readonly windowWaitMs?: number;
  /** How often a waiting allocation reads the chain again (default 250 ms). */
  readonly recheckMs?: number;
  readonly clock?: () => number;
  /** Told when a nonce the node refused for good was filled by a 0-value transfer to self (an audit event). */
  readonly onFilled?: (filled: {
    chainId: number;
    address: Address;
    nonce: number;
    refusedHash: string;
    hash: string;
  }) => void;
}

/** A {@link NonceManager} whose nonces and signed bytes are kept in a shared store, with its outbox recovery. */
export type DurableNonceManager = NonceManager & {
  /** One recovery pass of a wallet's outbox on a chain ({@link recoverNonceOutbox}). */
  recover(
    parameters: Omit<RecoverNonceOutboxParameters, 'store' | 'provider' | 'timeoutMs' | 'clock'>,
  ): ReturnType<typeof recoverNonceOutbox>;
};

/**
 * A {@link NonceManager} for several instances sharing one wallet: nonces come from a durable {@link NonceStore}
 * row per (chain, address) — allocation and the signed transaction's outbox row commit in one transaction, before
 * anything is broadcast, so any instance may (re)broadcast the stored bytes — and a nonce is never given back: when
 * the node refuses the transaction for good after it was signed (insufficient funds, underpriced, intrinsic gas…),
 * `fill` signs a 0-value transfer to self at that nonce, the outbox row takes its bytes (compare-and-set) and it is
 * broadcast, so the sequence keeps no hole. A nonce the chain says is taken by another sender of the key moves the row
 * up only (above the chain's `pending` and `latest` counts), `onResync` is told (`chainAhead` when the chain had
 * used nonces the row never handed out) and the call signs again there, at most `maxResyncs` times. The in-flight
 * window is enforced on the row: beyond `maxInFlight` handed-out nonces above the mined count, the allocation waits
 * (re-reading the count) up to `windowWaitMs`, then throws {@link SenderWindowFullError}. Within one process,
 * allocations of one wallet queue in a lane, so they hold at most one database connection at a time.
 *
 * @example
 * ```ts
 * const nonces = createDurableNonceManager({ store: new PostgresNonceStore({ pool }), provider, maxInFlight: 16 });
 * await nonces.withNonce({ chainId, address, executionId, sign, send, fill });
 * ```
 */
export function createDurableNonceManager({
  store,
  provider,
  timeoutMs = 8_000,
  maxResyncs = 3,
  maxInFlight,
  windowWaitMs = 30_000,
  recheckMs = 250,
  clock = Date.now,
  onFilled,
}: CreateDurableNonceManagerParameters): DurableNonceManager {
  const lanes = new Map<string, Promise<unknown>>();
  const count = (chainId: number, address: Address, block: 'pending' | 'latest') =>
    readTransactionCount({ provider, chainId, address, block, timeoutMs });

  const allocate = async <S extends SignedNonceTransaction, T>(p: WithNonceParameters<S, T>) => {
    const deadline = clock() + windowWaitMs;
    for (;;) {
      const got = await store.allocate({
        chainId: p.chainId,
        address: p.address,
        executionId: p.executionId ?? null,
        start: () => count(p.chainId, p.address, 'pending'),
        ...(maxInFlight === undefined ? {} : { maxInFlight }),
        sign: p.sign,
        at: clock(),
      });
      if (got.kind === 'allocated') return got;
      // Full as the row counts: the mined count may have moved since it was last written.
      const latest = await count(p.chainId, p.address, 'latest');
      const { after } = await store.raise({ chainId: p.chainId, address: p.address, confirmed: latest });
      if (maxInFlight !== undefined && after.next - after.confirmed < maxInFlight) continue;
      if (clock() >= deadline) throw new SenderWindowFullError(after, maxInFlight ?? 0);
      await new Promise((resolve) => setTimeout(resolve, recheckMs));
    }
  };

  const fillNonce = async (
    p: { chainId: number; address: Address; fill: (nonce: number) => Promise<SignedNonceTransaction> },
    nonce: number,
    refusedHash: string,
  ) => {
    const filler = await p.fill(nonce);
    const replaced = await store.replace({
      chainId: p.chainId,
      address: p.address,
      nonce,
      expectedHash: refusedHash as SignedNonceTransaction['hash'],
      kind: 'filler',
      raw: filler.raw,
      hash: filler.hash,
      at: clock(),
    });
    if (!replaced) return;
    onFilled?.({ chainId: p.chainId, address: p.address, nonce, refusedHash, hash: filler.hash });
    // A failed broadcast of the filler is retried by the recovery pass (the outbox keeps it).
    await sendRawTransaction({ provider, chainId: p.chainId, raw: filler.raw, timeoutMs }).catch(
      () => undefined,
    );
  };

  return {
    withNonce<S extends SignedNonceTransaction, T>(p: WithNonceParameters<S, T>): Promise<T> {
      const key = `${p.chainId}:${p.address.toLowerCase()}`;
      const run = async (): Promise<T> => {
        for (let resyncs = 0; ; resyncs++) {
          const { nonce, signed } = await allocate(p);
          try {
            return await p.send(signed, nonce);
          } catch (error) {
            if (isNonceTaken(error)) {
              if (resyncs >= maxResyncs) throw error;
              const [pending, latest] = await Promise.all([
                count(p.chainId, p.address, 'pending'),
                count(p.chainId, p.address, 'latest'),
              ]).catch(() => {
                throw error;
              });
              const { before, after } = await store.raise({
                chainId: p.chainId,
                address: p.address,
                next: Math.max(pending, latest, nonce + 1),
                confirmed: latest,
              });
              const chainAhead = Math.max(pending, latest) > (before?.next ?? 0);
              await p.onResync?.({ refused: nonce, pending, latest, next: after.next, chainAhead });
              continue;
            }
            // Refused for good after signing: the nonce is not given back, a transfer to self takes it.
            if (isDefinitelyNotSent(error) && p.fill) {
              const fill = p.fill;
              await fillNonce({ ...p, fill }, nonce, signed.hash).catch(() => undefined);
            }
            throw error;
          }
        }
      };
      const result = (lanes.get(key) ?? Promise.resolve()).then(run, run);
      lanes.set(
        key,
        result.catch(() => undefined),
      );
      return result;
    },
    recover: (parameters) => recoverNonceOutbox({ ...parameters, store, provider, timeoutMs, clock }),
  };
}
