import type { Address } from '../../chains/chains.js';
import type { RpcSender } from '../../multicall/aggregate3.js';
import type { SignedNonceTransaction } from '../types.js';
import type { NonceOutboxRow, NonceStore } from './NonceStore.js';
import { readTransactionCount } from './readTransactionCount.js';
import { sendRawTransaction } from './sendRawTransaction.js';

/** What to do with an outbox row of a transaction not mined yet (decided by the caller from its records). */
export type OutboxDecision =
  /** Its execution is recorded as sent: hand the stored bytes to the node again. */
  | 'broadcast'
  /** Never to be sent (its execution failed, or was interrupted before it was recorded): fill the nonce. */
  | 'fill'
  /** Its signer may still be at work: look again next pass. */
  | 'wait';

/** Parameters of {@link recoverNonceOutbox}. */
export interface RecoverNonceOutboxParameters {
  readonly store: NonceStore;
  readonly provider: (chainId: number) => Promise<RpcSender>;
  readonly chainId: number;
  readonly address: Address;
  readonly decide: (row: NonceOutboxRow) => Promise<OutboxDecision>;
  /** Signs a 0-value transfer of the wallet to itself at the nonce. */
  readonly fill: (nonce: number) => Promise<SignedNonceTransaction>;
  readonly timeoutMs?: number;
  readonly clock?: () => number;
  /** Rows looked at per pass (default 64). */
  readonly limit?: number;
}

/** What {@link recoverNonceOutbox} did. */
export interface RecoverNonceOutboxReturnType {
  /** The chain's mined count (the window's floor on the row from now on). */
  readonly latest: number;
  /** The chain's pending count was above every nonce the row handed out: something else signs with the key. */
  readonly chainAhead: boolean;
  readonly broadcast: readonly number[];
  readonly filled: readonly number[];
  readonly waiting: readonly number[];
}

/**
 * One recovery pass of a wallet's outbox on a chain, by any instance (none for a wallet never allocated on it): the
 * chain's mined count raises the row's
 * window floor (upward only); every kept row at or above it is handled — a filler is broadcast again; an execution's
 * transaction is broadcast again (the stored bytes, never re-signed) when `decide` says it was recorded as sent, or
 * its nonce is filled with a 0-value transfer to self (compare-and-set on the row, then broadcast) when it is never
 * to be sent. A row whose RPC fails is left for the next pass.
 *
 * @example
 * ```ts
 * const done = await recoverNonceOutbox({ store, provider, chainId, address, decide, fill });
 * ```
 */
export async function recoverNonceOutbox({
  store,
  provider,
  chainId,
  address,
  decide,
  fill,
  timeoutMs = 8_000,
  clock = Date.now,
  limit = 64,
}: RecoverNonceOutboxParameters): Promise<RecoverNonceOutboxReturnType> {
  const count = (block: 'pending' | 'latest') =>
    readTransactionCount({ provider, chainId, address, block, timeoutMs });
  const before = await store.cursor({ chainId, address });
  // Nothing was ever allocated for the wallet on this chain: nothing to recover (and no RPC call).
  if (before === null) return { latest: 0, chainAhead: false, broadcast: [], filled: [], waiting: [] };
  const [latest, pending] = [await count('latest'), await count('pending')];
  await store.raise({ chainId, address, confirmed: latest });
  const chainAhead = pending > before.next;
  const broadcast: number[] = [];
  const filled: number[] = [];
  const waiting: number[] = [];
  for (const row of await store.outbox({ chainId, address, fromNonce: latest, limit })) {
    try {
      const decision = row.kind === 'filler' ? 'broadcast' : await decide(row);
      if (decision === 'wait') {
        waiting.push(row.nonce);
        continue;
      }
      if (decision === 'broadcast') {
        await sendRawTransaction({ provider, chainId, raw: row.raw, timeoutMs });
        broadcast.push(row.nonce);
        continue;
      }
      const filler = await fill(row.nonce);
      const replaced = await store.replace({
        chainId,
        address,
        nonce: row.nonce,
        expectedHash: row.hash,
        kind: 'filler',
        raw: filler.raw,
        hash: filler.hash,
        at: clock(),
      });
      if (!replaced) continue;
      filled.push(row.nonce);
      await sendRawTransaction({ provider, chainId, raw: filler.raw, timeoutMs });
    } catch {
      // The node or the store failed for this row: the next pass looks again.
    }
  }
  return { latest, chainAhead, broadcast, filled, waiting };
}
