import type { Address } from '../../chains/chains.js';
import type { Hex, SignedNonceTransaction } from '../types.js';

/** The durable nonce row of one (chain, address). */
export interface NonceCursor {
  /** The next nonce to hand out (every nonce below it was handed out once, with its signed bytes kept). */
  readonly next: number;
  /** The chain's mined count as last seen (`eth_getTransactionCount(…, 'latest')`): the in-flight window's floor. */
  readonly confirmed: number;
}

/** What an outbox row holds at its nonce: the execution's transaction, or the 0-value transfer to self filling it. */
export type NonceOutboxKind = 'transaction' | 'filler';

/** One signed transaction kept at its nonce (unique per chain, address and nonce). */
export interface NonceOutboxRow {
  readonly chainId: number;
  /** Lower-case. */
  readonly address: Address;
  readonly nonce: number;
  readonly executionId: string | null;
  readonly kind: NonceOutboxKind;
  readonly raw: Hex;
  readonly hash: Hex;
  /** When the row was written (epoch ms, the caller's clock). */
  readonly createdAt: number;
}

/** Parameters of {@link NonceStore.allocate}. */
export interface AllocateNonceParameters<S extends SignedNonceTransaction> {
  readonly chainId: number;
  readonly address: Address;
  readonly executionId: string | null;
  /** Where the row of a wallet never seen starts (the chain's pending count); not called when the row exists. */
  readonly start: () => Promise<number>;
  /** At most this many nonces handed out above `confirmed`; `undefined`: no window. */
  readonly maxInFlight?: number;
  /** Signs at the nonce; throwing rolls the allocation back (nothing kept, the nonce not consumed). */
  readonly sign: (nonce: number) => Promise<S>;
  readonly at: number;
}

/** What {@link NonceStore.allocate} answers. */
export type AllocateNonceReturnType<S extends SignedNonceTransaction> =
  | { readonly kind: 'allocated'; readonly nonce: number; readonly signed: S }
  | { readonly kind: 'window-full'; readonly cursor: NonceCursor };

/** Parameters of {@link NonceStore.replace}. */
export interface ReplaceNonceOutboxParameters {
  readonly chainId: number;
  readonly address: Address;
  readonly nonce: number;
  /** The hash the row holds now (compare-and-set). */
  readonly expectedHash: Hex;
  readonly kind: NonceOutboxKind;
  readonly raw: Hex;
  readonly hash: Hex;
  readonly at: number;
}

/**
 * The durable nonce allocator: one row per (chain, address) with the next nonce and the in-flight window's floor,
 * and an outbox of signed transactions unique on (chain, address, nonce). Allocation — taking `next`, signing at it
 * and writing the outbox row — commits in ONE transaction, so a nonce is handed out once across every instance on
 * the store and its bytes are kept before anyone may broadcast them. Nonces only move up: never given back.
 * Implementations: memory, SQLite (`@org/chain-evm/sqlite`), PostgreSQL (`@org/chain-evm/postgres`).
 */
export interface NonceStore {
  allocate<S extends SignedNonceTransaction>(
    parameters: AllocateNonceParameters<S>,
  ): Promise<AllocateNonceReturnType<S>>;
  /**
   * Moves the row up only: `next` to at least `next`, `confirmed` to at least `confirmed` (and `next` to at least
   * `confirmed`); creates the row when absent. Answers the row before (null when absent) and after.
   */
  raise(parameters: {
    readonly chainId: number;
    readonly address: Address;
    readonly next?: number;
    readonly confirmed?: number;
  }): Promise<{ readonly before: NonceCursor | null; readonly after: NonceCursor }>;
  /** Compare-and-set on the row's hash: its bytes replaced (a filler, a fee bump). False when the row moved. */
  replace(parameters: ReplaceNonceOutboxParameters): Promise<boolean>;
  cursor(parameters: { readonly chainId: number; readonly address: Address }): Promise<NonceCursor | null>;
  /** Outbox rows from `fromNonce` up, in nonce order (at most `limit`, 1–1000). */
  outbox(parameters: {
    readonly chainId: number;
    readonly address: Address;
    readonly fromNonce: number;
    readonly limit: number;
  }): Promise<readonly NonceOutboxRow[]>;
}
