import type { Address } from '../../chains/chains.js';
import { invalid, nonNegativeInteger, oneOf } from '../store/storeInput.js';
import type { Hex, SignedNonceTransaction } from '../types.js';
import { checkSignedNonceTransaction } from './checkSignedNonceTransaction.js';
import type {
  AllocateNonceParameters,
  AllocateNonceReturnType,
  NonceCursor,
  NonceOutboxRow,
  NonceStore,
  ReplaceNonceOutboxParameters,
} from './NonceStore.js';
import { nonceKey } from './nonceKey.js';

interface Row {
  cursor: NonceCursor;
  outbox: Map<number, NonceOutboxRow>;
  /** Allocations of this row run one after another (sign included), like the row lock of the SQL stores. */
  tail: Promise<unknown>;
}

/**
 * {@link NonceStore} in this process's memory (tests, a process with nothing to share). Allocation runs one at a
 * time per (chain, address), signing included, like the row lock of the SQL stores.
 *
 * @example
 * ```ts
 * const nonces = createDurableNonceManager({ store: new MemoryNonceStore(), provider });
 * ```
 */
export class MemoryNonceStore implements NonceStore {
  readonly #rows = new Map<string, Row>();

  async allocate<S extends SignedNonceTransaction>(
    p: AllocateNonceParameters<S>,
  ): Promise<AllocateNonceReturnType<S>> {
    const key = nonceKey(p);
    const at = nonNegativeInteger(p.at, 'time');
    if (p.maxInFlight !== undefined && nonNegativeInteger(p.maxInFlight, 'window') < 1)
      throw invalid('window', 'must be at least 1');
    if (!this.#rows.has(this.#id(key))) {
      const start = nonNegativeInteger(await p.start(), 'start nonce');
      if (!this.#rows.has(this.#id(key)))
        this.#rows.set(this.#id(key), {
          cursor: { next: start, confirmed: start },
          outbox: new Map(),
          tail: Promise.resolve(),
        });
    }
    const row = this.#rows.get(this.#id(key)) as Row;
    const run = async (): Promise<AllocateNonceReturnType<S>> => {
      const { next, confirmed } = row.cursor;
      if (p.maxInFlight !== undefined && next - confirmed >= p.maxInFlight)
        return { kind: 'window-full', cursor: row.cursor };
      const signed = await p.sign(next);
      const { raw, hash } = checkSignedNonceTransaction(signed);
      if (row.outbox.has(next)) throw invalid('nonce', `nonce ${next} already has an outbox row`);
      row.outbox.set(next, {
        ...key,
        nonce: next,
        executionId: p.executionId,
        kind: 'transaction',
        raw,
        hash: hash.toLowerCase() as Hex,
        createdAt: at,
      });
      row.cursor = { next: next + 1, confirmed };
      return { kind: 'allocated', nonce: next, signed };
    };
    const result = row.tail.then(run, run);
    row.tail = result.catch(() => undefined);
    return result;
  }

  async raise(p: {
    chainId: number;
    address: Address;
    next?: number;
    confirmed?: number;
  }): Promise<{ before: NonceCursor | null; after: NonceCursor }> {
    const key = nonceKey(p);
    const next = p.next === undefined ? 0 : nonNegativeInteger(p.next, 'next nonce');
    const confirmed = p.confirmed === undefined ? 0 : nonNegativeInteger(p.confirmed, 'confirmed nonce');
    const row = this.#rows.get(this.#id(key));
    const before = row?.cursor ?? null;
    const c = Math.max(before?.confirmed ?? 0, confirmed);
    const after = { next: Math.max(before?.next ?? 0, next, c), confirmed: c };
    if (row) row.cursor = after;
    else this.#rows.set(this.#id(key), { cursor: after, outbox: new Map(), tail: Promise.resolve() });
    return { before, after };
  }

  async replace(p: ReplaceNonceOutboxParameters): Promise<boolean> {
    const key = nonceKey(p);
    const nonce = nonNegativeInteger(p.nonce, 'nonce');
    const kind = oneOf(p.kind, ['transaction', 'filler'], 'outbox kind');
    const { raw, hash } = checkSignedNonceTransaction(p);
    const at = nonNegativeInteger(p.at, 'time');
    const outbox = this.#rows.get(this.#id(key))?.outbox;
    const current = outbox?.get(nonce);
    if (!outbox || !current || current.hash.toLowerCase() !== String(p.expectedHash).toLowerCase())
      return false;
    outbox.set(nonce, { ...current, kind, raw, hash: hash.toLowerCase() as Hex, createdAt: at });
    return true;
  }

  async cursor(p: { chainId: number; address: Address }): Promise<NonceCursor | null> {
    return this.#rows.get(this.#id(nonceKey(p)))?.cursor ?? null;
  }

  async outbox(p: {
    chainId: number;
    address: Address;
    fromNonce: number;
    limit: number;
  }): Promise<readonly NonceOutboxRow[]> {
    const key = nonceKey(p);
    const from = nonNegativeInteger(p.fromNonce, 'from nonce');
    const limit = nonNegativeInteger(p.limit, 'limit');
    if (limit < 1 || limit > 1000) throw invalid('limit', 'expected 1 to 1000');
    const rows = [...(this.#rows.get(this.#id(key))?.outbox.values() ?? [])];
    return rows
      .filter((r) => r.nonce >= from)
      .sort((a, b) => a.nonce - b.nonce)
      .slice(0, limit);
  }

  #id(key: { chainId: number; address: Address }): string {
    return `${key.chainId}:${key.address}`;
  }
}
