import type { Address } from '../chains/chains.js';
import { RpcError } from '../errors/RpcError.js';
import type { Hex } from '../gateway/types.js';
import type { RpcSender } from '../multicall/aggregate3.js';
import { rpcCall } from '../rpc/rpcCall.js';
import { ApprovalError } from './ApprovalError.js';

/** One log as `eth_getLogs` returns it, checked. */
export interface ChainLog {
  readonly address: Address;
  readonly topics: readonly Hex[];
  readonly data: Hex;
  readonly blockNumber: number;
  readonly transactionHash: Hex;
  readonly logIndex: number;
}

/** Parameters of {@link getLogsAdaptive}. */
export interface GetLogsAdaptiveParameters {
  readonly provider: RpcSender;
  readonly chainId: number;
  /** `eth_getLogs` filter without the block range (topics may OR several values per position). */
  readonly filter: {
    readonly address?: Address | readonly Address[];
    readonly topics: readonly (Hex | readonly Hex[] | null)[];
  };
  /** Inclusive block range. */
  readonly fromBlock: number;
  readonly toBlock: number;
  /** First chunk size in blocks (default 2,000). */
  readonly initialChunk?: number;
  /** Largest chunk ever asked (default 10,000); chunks grow back towards it after successes. */
  readonly maxChunk?: number;
  /** Consecutive successes before the chunk doubles again (default 2). */
  readonly growAfter?: number;
  /** Consecutive time-outs / unreachable-node failures tolerated before giving up (default 3). */
  readonly maxTransientFailures?: number;
  readonly timeoutMs?: number;
}

/** Result of {@link getLogsAdaptive}: every log of the range, in chain order, and what it took. */
export interface GetLogsAdaptiveReturnType {
  readonly logs: ChainLog[];
  /** `eth_getLogs` requests sent (refused ones included). */
  readonly requests: number;
  /** Requests the node refused (range or result size) and that were retried with a smaller range. */
  readonly refusals: number;
}

/**
 * Reads every log of `[fromBlock, toBlock]` with `eth_getLogs` in block chunks that adapt to the node: a refusal
 * (a range or result-size limit — any JSON-RPC error) halves the chunk, or follows the range the node suggests in
 * its message (`[0x…, 0x…]`); after `growAfter` successes in a row the chunk doubles again, up to `maxChunk`.
 * Time-outs and unreachable-node errors also shrink the chunk, and after `maxTransientFailures` in a row the RPC
 * error is thrown (`RPC_TIMEOUT` / `RPC_UNAVAILABLE`). A node that refuses a single block, says the method does not
 * exist, or answers something that is not a log list → `LOG_SCAN_FAILED`. The result is always complete or an
 * error: never a partial list.
 *
 * @example
 * ```ts
 * const { logs, requests } = await getLogsAdaptive({
 *   provider, chainId: 1, fromBlock: 19_000_000, toBlock: 19_100_000,
 *   filter: { topics: [[APPROVAL_TOPIC, APPROVAL_FOR_ALL_TOPIC], ownerTopic] },
 * });
 * ```
 */
export async function getLogsAdaptive({
  provider,
  chainId,
  filter,
  fromBlock,
  toBlock,
  initialChunk = 2_000,
  maxChunk = 10_000,
  growAfter = 2,
  maxTransientFailures = 3,
  timeoutMs,
}: GetLogsAdaptiveParameters): Promise<GetLogsAdaptiveReturnType> {
  for (const [name, value, min] of [
    ['fromBlock', fromBlock, 0],
    ['toBlock', toBlock, 0],
    ['initialChunk', initialChunk, 1],
    ['maxChunk', maxChunk, 1],
    ['growAfter', growAfter, 1],
    ['maxTransientFailures', maxTransientFailures, 0],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < min) {
      throw new ApprovalError('INVALID_PARAMETER', `${name} must be an integer ≥ ${min}`, {
        details: String(value),
      });
    }
  }
  const logs: ChainLog[] = [];
  let requests = 0;
  let refusals = 0;
  if (toBlock < fromBlock) return { logs, requests, refusals };
  let size = Math.min(initialChunk, maxChunk);
  let successes = 0;
  let transient = 0;
  let from = fromBlock;
  while (from <= toBlock) {
    const to = Math.min(toBlock, from + size - 1);
    requests++;
    let raw: unknown;
    try {
      raw = await rpcCall({
        chainId,
        method: 'eth_getLogs',
        ...(timeoutMs === undefined ? {} : { timeoutMs }),
        run: () =>
          provider.send('eth_getLogs', [
            {
              ...(filter.address === undefined ? {} : { address: filter.address }),
              topics: filter.topics,
              fromBlock: toHex(from),
              toBlock: toHex(to),
            },
          ]),
      });
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      successes = 0;
      if (code === 'RPC_TIMEOUT' || code === 'RPC_UNAVAILABLE') {
        // A big range can time out too: shrink, and give up after a few in a row (the node is gone).
        if (++transient > maxTransientFailures) throw error;
        size = Math.max(1, Math.floor((to - from + 1) / 2));
        continue;
      }
      const message = describe(error);
      if (/method not found|not supported|does not exist|not available|-32601/i.test(message)) {
        throw new ApprovalError('LOG_SCAN_FAILED', 'The node does not serve eth_getLogs', {
          details: message.slice(0, 200),
          cause: error,
        });
      }
      refusals++;
      if (to === from) {
        throw new ApprovalError('LOG_SCAN_FAILED', 'The node refused eth_getLogs for a single block', {
          details: `block ${from}: ${message.slice(0, 200)}`,
          cause: error,
        });
      }
      const hinted = hintedEnd(message, from, to);
      size = hinted === null ? Math.max(1, Math.floor((to - from + 1) / 2)) : hinted - from + 1;
      continue;
    }
    transient = 0;
    for (const log of checkLogs(raw, chainId, from, to)) logs.push(log);
    from = to + 1;
    if (++successes >= growAfter) {
      size = Math.min(maxChunk, size * 2);
      successes = 0;
    }
  }
  return { logs, requests, refusals };
}

function toHex(n: number): string {
  return `0x${n.toString(16)}`;
}

/** The end of the range a node suggests ("try with this block range [0x10, 0x1f]"), if it is usable. */
function hintedEnd(message: string, from: number, to: number): number | null {
  const match = /\[\s*(0x[0-9a-f]+)\s*,\s*(0x[0-9a-f]+)\s*\]/i.exec(message);
  if (!match?.[1] || !match[2]) return null;
  const start = Number.parseInt(match[1], 16);
  const end = Number.parseInt(match[2], 16);
  return start === from && end >= from && end < to ? end : null;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const WORD = /^0x[0-9a-fA-F]{64}$/;
const DATA = /^0x(?:[0-9a-fA-F]{2})*$/;
const QUANTITY = /^0x[0-9a-fA-F]{1,16}$/;

/** Checks the node's answer shape; drops logs removed by a reorg. Garbage → `LOG_SCAN_FAILED`. */
function checkLogs(raw: unknown, chainId: number, from: number, to: number): ChainLog[] {
  const bad = (why: string) =>
    new ApprovalError(
      'LOG_SCAN_FAILED',
      'The node answered eth_getLogs with something that is not a log list',
      {
        details: `chain ${chainId}, blocks ${from}–${to}: ${why}`,
        cause: new RpcError('RPC_ERROR', { chainId, method: 'eth_getLogs' }),
      },
    );
  if (!Array.isArray(raw)) throw bad('not an array');
  const out: ChainLog[] = [];
  for (const entry of raw) {
    const log = entry as Record<string, unknown> | null;
    if (typeof log !== 'object' || log === null) throw bad('an entry is not an object');
    if (log.removed === true) continue;
    const { address, topics, data, blockNumber, transactionHash, logIndex } = log;
    if (
      typeof address !== 'string' ||
      !ADDRESS.test(address) ||
      !Array.isArray(topics) ||
      !topics.every((t) => typeof t === 'string' && WORD.test(t)) ||
      typeof data !== 'string' ||
      !DATA.test(data) ||
      typeof blockNumber !== 'string' ||
      !QUANTITY.test(blockNumber) ||
      typeof transactionHash !== 'string' ||
      !WORD.test(transactionHash) ||
      typeof logIndex !== 'string' ||
      !QUANTITY.test(logIndex)
    ) {
      throw bad('a log is malformed');
    }
    const block = Number.parseInt(blockNumber, 16);
    if (block < from || block > to) throw bad(`a log of block ${block} is outside the range asked`);
    out.push({
      address: address as Address,
      topics: topics as Hex[],
      data: data as Hex,
      blockNumber: block,
      transactionHash: transactionHash as Hex,
      logIndex: Number.parseInt(logIndex, 16),
    });
  }
  return out;
}

function describe(error: unknown, depth = 0): string {
  if (error === undefined || error === null || depth > 4) return '';
  if (typeof error !== 'object') return String(error);
  const e = error as { message?: unknown; cause?: unknown; shortMessage?: unknown };
  return `${String(e.message ?? '')} ${describe(e.cause, depth + 1)}`.trim();
}
