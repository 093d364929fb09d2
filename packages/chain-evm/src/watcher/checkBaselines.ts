import { BaseError } from '../errors/BaseError.js';
import type { Hex } from '../gateway/types.js';
import type { RpcSender } from '../multicall/aggregate3.js';
import { rpcCall } from '../rpc/rpcCall.js';
import type { WatchedWallet } from './types.js';

/** Parameters of {@link checkBaselines}. */
export interface CheckBaselinesParameters {
  readonly provider: RpcSender;
  readonly chainId: number;
  /** The chain's watched wallets. */
  readonly wallets: readonly WatchedWallet[];
  readonly timeoutMs?: number;
}

/** Where each wallet's baseline stands against the node's chain. */
export interface CheckBaselinesReturnType {
  /** The node's head: the block this cycle reads balances at, and the next baselines' hash. */
  readonly head: { readonly number: number; readonly hash: Hex };
  /** Wallets to check now (first checks, baselines still on the chain, and baselines replaced). */
  readonly current: readonly WatchedWallet[];
  /** Wallets whose baseline block is above the head: nothing can be compared, their check is deferred. */
  readonly deferred: readonly WatchedWallet[];
  /**
   * Wallets whose baseline block is no longer on the chain (another hash at its height), with the hash the chain has
   * there now: re-baselined at the head with a `chain-reorg` alert, no change attributed.
   */
  readonly replaced: ReadonlyMap<WatchedWallet, Hex>;
}

/**
 * Reads the node's head (number and hash) and the hash of every distinct baseline block at or under it, and sorts the
 * wallets: a baseline above the head (a node that lags, a chain reset or a reorg deeper than the baseline, before the
 * chain regrows) is deferred; a baseline whose block hash changed was replaced; a baseline without a stored hash
 * (stored before hashes were) is taken as is. Requests: one for the head, plus one per distinct baseline block below
 * it (usually one: every wallet of a chain was last checked at the same head). A node that has no block at a height
 * under its own head answers nonsense: that throws (`RPC_ERROR`), and the chain's check fails visibly.
 *
 * @example
 * ```ts
 * const { head, current, deferred, replaced } = await checkBaselines({ provider, chainId: 1, wallets });
 * ```
 */
export async function checkBaselines({
  provider,
  chainId,
  wallets,
  timeoutMs,
}: CheckBaselinesParameters): Promise<CheckBaselinesReturnType> {
  const block = async (tag: string): Promise<{ number: number; hash: Hex } | null> => {
    const raw = (await rpcCall({
      chainId,
      method: 'eth_getBlockByNumber',
      run: () => provider.send('eth_getBlockByNumber', [tag, false]),
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    })) as { number?: unknown; hash?: unknown } | null;
    if (raw === null) return null;
    if (
      typeof raw?.number !== 'string' ||
      !/^0x[0-9a-fA-F]+$/.test(raw.number) ||
      typeof raw.hash !== 'string' ||
      !/^0x[0-9a-fA-F]{64}$/.test(raw.hash)
    ) {
      throw new BaseError('RPC_ERROR', `eth_getBlockByNumber(${tag}) answered no block number and hash`);
    }
    return { number: Number(BigInt(raw.number)), hash: raw.hash.toLowerCase() as Hex };
  };
  const head = await block('latest');
  if (head === null) throw new BaseError('RPC_ERROR', 'eth_getBlockByNumber(latest) answered null');

  const hashes = new Map<number, Hex>([[head.number, head.hash]]);
  for (const w of wallets) {
    const b = w.baseline;
    if (b === null || b.blockHash === null || b.block > head.number || hashes.has(b.block)) continue;
    const found = await block(`0x${b.block.toString(16)}`);
    if (found === null || found.number !== b.block) {
      throw new BaseError(
        'RPC_ERROR',
        `the node has no block ${b.block} although its head is ${head.number}`,
      );
    }
    hashes.set(b.block, found.hash);
  }

  const current: WatchedWallet[] = [];
  const deferred: WatchedWallet[] = [];
  const replaced = new Map<WatchedWallet, Hex>();
  for (const w of wallets) {
    const b = w.baseline;
    if (b !== null && b.block > head.number) {
      deferred.push(w);
      continue;
    }
    current.push(w);
    const now = b === null ? undefined : hashes.get(b.block);
    if (b !== null && b.blockHash !== null && now !== undefined && now !== b.blockHash.toLowerCase()) {
      replaced.set(w, now);
    }
  }
  return { head, current, deferred, replaced };
}
