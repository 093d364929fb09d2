import { Interface } from 'ethers';
import type { Address, ChainInfo } from '../chains/chains.js';
import {
  APPROVAL_FOR_ALL_TOPIC,
  APPROVAL_TOPIC,
  UNLIMITED_ALLOWANCE_THRESHOLD,
} from '../approvals/constants.js';
import { collectApprovalCandidates } from '../approvals/collectApprovalCandidates.js';
import { getKnownProtocols } from '../approvals/getKnownProtocols.js';
import { type ChainLog, getLogsAdaptive } from '../approvals/getLogsAdaptive.js';
import { BaseError } from '../errors/BaseError.js';
import { priceInNative } from '../gateway/steps/priceInNative.js';
import { pickPricingRules } from '../pricing/pickPricingRules.js';
import type { PricingRules } from '../pricing/types.js';
import type { Hex } from '../gateway/types.js';
import type { Aggregate3Call, RpcSender } from '../multicall/aggregate3.js';
import { aggregate3Batched } from '../multicall/aggregate3Batched.js';
import { decodeUint256 } from '../multicall/decodeUint256.js';
import { multicall3EthBalanceCall } from '../multicall/multicall3EthBalanceCall.js';
import { chainReorgAlert } from './chainReorgAlert.js';
import { checkBaselines } from './checkBaselines.js';
import { detectWatchAlerts, type ObservedApproval, type ObservedTransfer } from './detectWatchAlerts.js';
import type { WatchAlert, WatchBaseline, WatchedWallet, WatchStore } from './types.js';

/** ERC-20 `Transfer(from, to, value)`. */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

const reads = new Interface([
  'function balanceOf(address) view returns (uint256)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function isApprovedForAll(address owner, address operator) view returns (bool)',
]);

/** Parameters of {@link runWatchCycle}; values follow the gateway's pricing rules ({@link PricingRules}). */
export interface RunWatchCycleParameters extends PricingRules {
  readonly store: WatchStore;
  /** The configured chain registry. */
  readonly chains: readonly ChainInfo[];
  /** A verified provider for a chain; throws when the chain is not configured. */
  readonly provider: (chainId: number) => Promise<RpcSender>;
  /** The ERC-20 tokens watched on a chain (its token list plus configured ones). */
  readonly tokens: (chain: ChainInfo) => readonly Address[];
  /** The pricing module's liquidity floor (the gateway's). */
  readonly minLiquidityWei: bigint;
  /** Calls per Multicall3 request (default 500). */
  readonly batchSize?: number;
  /** Wallets per `eth_getLogs` topic filter (default 100; nodes cap OR-lists). */
  readonly walletsPerLogFilter?: number;
  /** Largest `eth_getLogs` chunk in blocks (default 10,000; it shrinks when the node refuses). */
  readonly maxLogChunk?: number;
  readonly timeoutMs?: number;
  readonly clock?: () => number;
  readonly createId?: () => string;
}

/** What one cycle did. */
export interface RunWatchCycleReturnType {
  readonly startedAt: number;
  readonly finishedAt: number;
  readonly checked: number;
  /** Alerts stored by this cycle (each stored once, with the baseline it moved). */
  readonly alerts: readonly WatchAlert[];
  /** Wallets whose check failed (their baseline did not move; no alert). */
  readonly failures: readonly { chainId: number; address: Address; error: string }[];
  /**
   * Wallets whose check was deferred: the node's head is below their baseline block (no alert, baseline kept; the
   * wallet's `deferred` says so). `first` is true when the wallet was not deferred before this cycle.
   */
  readonly deferred: readonly {
    chainId: number;
    address: Address;
    headBlock: number;
    baselineBlock: number;
    first: boolean;
  }[];
}

/**
 * One check cycle over every watched wallet, chain by chain. Per chain: the head block (number and hash) and the
 * hash at each baseline height ({@link checkBaselines}). A wallet whose baseline block is above the head (a node
 * that lags, a chain reset, a reorg deeper than the baseline) is deferred and says so (`WatchStore.recordDeferral`:
 * no alert, baseline kept, `deferred` on the wallet until a check runs) — never skipped silently. A wallet whose
 * baseline block was replaced (another hash at its height) is re-baselined at the head with one `chain-reorg` alert
 * and nothing else. For the others: every wallet's native and token balances in Multicall3 batches pinned to the
 * head; the wallets' `Approval` / `ApprovalForAll` / outgoing `Transfer` logs since each one's baseline block, in
 * adaptive `eth_getLogs` chunks (one topic filter for up to `walletsPerLogFilter` wallets); the current state of
 * every approval those logs nominate (logs only nominate); the value of every change in one pricing round trip.
 * Then, per wallet, {@link detectWatchAlerts} and ONE atomic write of its alerts and new baseline
 * (`WatchStore.recordCheck`). A wallet's first check only sets its baseline. Any RPC failure on a chain marks that
 * chain's wallets failed with the error: no alert, no baseline moved — never a fake "no change". Requests grow with
 * batches and log chunks, not with wallets × tokens.
 *
 * @example
 * ```ts
 * const { alerts } = await runWatchCycle({ store, chains, provider, tokens: (c) => listOf(c), minLiquidityWei });
 * ```
 */
export async function runWatchCycle(p: RunWatchCycleParameters): Promise<RunWatchCycleReturnType> {
  const clock = p.clock ?? Date.now;
  const createId = p.createId ?? (() => globalThis.crypto.randomUUID());
  const startedAt = clock();
  const wallets = await p.store.list();
  const byChain = new Map<number, WatchedWallet[]>();
  for (const w of wallets) byChain.set(w.chainId, [...(byChain.get(w.chainId) ?? []), w]);
  const alerts: WatchAlert[] = [];
  const failures: { chainId: number; address: Address; error: string }[] = [];
  const deferred: RunWatchCycleReturnType['deferred'][number][] = [];
  let checked = 0;
  for (const [chainId, group] of byChain) {
    try {
      const chain = p.chains.find((c) => c.id === chainId);
      if (!chain) throw new BaseError('UNSUPPORTED_CHAIN', `chain ${chainId} is not in the registry`);
      const { checks, deferrals } = await checkChain(p, chain, group, createId, clock);
      for (const r of checks) {
        const stored = await p.store.recordCheck(r);
        if (stored) alerts.push(...r.alerts);
        checked++;
      }
      for (const { wallet, headBlock, baselineBlock } of deferrals) {
        const at = clock();
        const stored = await p.store.recordDeferral({
          chainId,
          address: wallet.address,
          previousBlock: baselineBlock,
          reason: 'head-behind-baseline',
          headBlock,
          at,
        });
        if (stored) {
          const first = wallet.deferred === null;
          deferred.push({ chainId, address: wallet.address, headBlock, baselineBlock, first });
        }
      }
    } catch (error) {
      const message = describe(error);
      const at = clock();
      for (const w of group) {
        await p.store.recordFailure({ chainId, address: w.address, error: message, at });
        failures.push({ chainId, address: w.address, error: message });
      }
    }
  }
  return { startedAt, finishedAt: clock(), checked, alerts, failures, deferred };
}

async function checkChain(
  p: RunWatchCycleParameters,
  chain: ChainInfo,
  all: readonly WatchedWallet[],
  createId: () => string,
  clock: () => number,
) {
  const multicall3 = chain.contracts.multicall3;
  if (multicall3 === null) throw new BaseError('WATCHER_NOT_CONFIGURED', `no Multicall3 on ${chain.name}`);
  const provider = await p.provider(chain.id);
  const timeout = p.timeoutMs === undefined ? {} : { timeoutMs: p.timeoutMs };
  // The head and the hash at every baseline height: a baseline above the head is deferred (never skipped
  // silently), a baseline block the chain no longer has is replaced at the head with a `chain-reorg` alert.
  const position = await checkBaselines({
    provider,
    chainId: chain.id,
    wallets: all,
    ...timeout,
  });
  const head = position.head.number;
  const deferrals = position.deferred.map((w) => ({
    wallet: w,
    headBlock: head,
    baselineBlock: (w.baseline as WatchBaseline).block,
  }));
  const wallets = position.current;
  if (wallets.length === 0) return { checks: [], deferrals };
  const tokens = [...new Set(p.tokens(chain).map((t) => t.toLowerCase() as Address))];

  // Balances of every wallet, pinned to the head block.
  const calls: Aggregate3Call[] = wallets.flatMap((w) => [
    multicall3EthBalanceCall(multicall3, w.address),
    ...tokens.map((token) => ({
      target: token,
      callData: reads.encodeFunctionData('balanceOf', [w.address]) as Hex,
      allowFailure: true,
    })),
  ]);
  const { results } = await aggregate3Batched({
    provider,
    chainId: chain.id,
    multicall3,
    calls,
    blockTag: BigInt(head),
    ...(p.batchSize === undefined ? {} : { batchSize: p.batchSize }),
    ...timeout,
  });
  const current = new Map<string, WatchBaseline>();
  wallets.forEach((w, i) => {
    const offset = i * (tokens.length + 1);
    const native = decodeUint256(results[offset]?.returnData ?? '0x');
    if (native === null || !results[offset]?.success)
      throw new BaseError('RPC_ERROR', 'unreadable native balance');
    const held: Record<string, bigint> = {};
    tokens.forEach((token, j) => {
      const r = results[offset + 1 + j];
      const balance = r?.success ? decodeUint256(r.returnData) : null;
      // An unreadable token keeps its last known balance: no change is invented, none is hidden.
      const known = balance ?? w.baseline?.tokens[token] ?? null;
      if (known !== null) held[token] = known;
    });
    current.set(w.address.toLowerCase(), {
      block: head,
      blockHash: position.head.hash,
      native,
      tokens: held,
    });
  });

  // Logs since each wallet's baseline (wallets seen for the first time only get a baseline, and so do wallets whose
  // baseline block was replaced: what happened between the two cannot be told apart from what the reorg undid).
  const seen = wallets.filter(
    (w) => w.baseline !== null && w.baseline.block < head && !position.replaced.has(w),
  );
  const logs: ChainLog[] = [];
  if (seen.length > 0) {
    const from = Math.min(...seen.map((w) => (w.baseline as WatchBaseline).block)) + 1;
    const per = p.walletsPerLogFilter ?? 100;
    for (let i = 0; i < seen.length; i += per) {
      const owners = seen
        .slice(i, i + per)
        .map((w) => `0x${w.address.slice(2).toLowerCase().padStart(64, '0')}` as Hex);
      const got = await getLogsAdaptive({
        provider,
        chainId: chain.id,
        filter: { topics: [[APPROVAL_TOPIC, APPROVAL_FOR_ALL_TOPIC, TRANSFER_TOPIC], owners] },
        fromBlock: from,
        toBlock: head,
        ...(p.maxLogChunk === undefined ? {} : { maxChunk: p.maxLogChunk, initialChunk: p.maxLogChunk }),
        ...timeout,
      });
      logs.push(...got.logs);
    }
  }

  // Per wallet: its logs after its own baseline; outgoing ERC-20 transfers and approval candidates.
  const known = new Map(getKnownProtocols({ chain }).map((k) => [k.address.toLowerCase(), k.name]));
  const perWallet = seen.map((w) => {
    const topic = `0x${w.address.slice(2).toLowerCase().padStart(64, '0')}`;
    const mine = logs.filter(
      (l) => l.blockNumber > (w.baseline as WatchBaseline).block && l.topics[1]?.toLowerCase() === topic,
    );
    const transfers = mine
      .filter((l) => l.topics[0] === TRANSFER_TOPIC && l.topics.length === 3 && l.data.length === 66)
      .map((l) => ({
        token: l.address,
        amount: BigInt(l.data),
        txHash: l.transactionHash,
        block: l.blockNumber,
      }));
    const candidates = collectApprovalCandidates({
      owner: w.address,
      logs: mine.filter((l) => l.topics[0] !== TRANSFER_TOPIC),
    });
    return { wallet: w, transfers, candidates };
  });
  const stateCalls: Aggregate3Call[] = perWallet.flatMap(({ wallet, candidates }) =>
    candidates.map((c) => ({
      target: c.token,
      callData: (c.kind === 'erc20'
        ? reads.encodeFunctionData('allowance', [wallet.address, c.spender])
        : reads.encodeFunctionData('isApprovedForAll', [wallet.address, c.spender])) as Hex,
      allowFailure: true,
    })),
  );
  const states =
    stateCalls.length === 0
      ? []
      : (
          await aggregate3Batched({
            provider,
            chainId: chain.id,
            multicall3,
            calls: stateCalls,
            blockTag: BigInt(head),
            ...timeout,
          })
        ).results;

  // Every change and outgoing transfer valued in one round trip.
  const toPrice: { token: Address; amount: bigint }[] = [];
  const slot = new Map<string, number>();
  for (const w of seen) {
    const before = (w.baseline as WatchBaseline).tokens;
    const after = (current.get(w.address.toLowerCase()) as WatchBaseline).tokens;
    for (const token of new Set([...Object.keys(before), ...Object.keys(after)])) {
      const delta = (after[token] ?? 0n) - (before[token] ?? 0n);
      if (delta === 0n) continue;
      slot.set(`${w.address.toLowerCase()}:${token}`, toPrice.length);
      toPrice.push({ token: token as Address, amount: delta < 0n ? -delta : delta });
    }
  }
  for (const { wallet, transfers } of perWallet) {
    for (const t of transfers) {
      slot.set(
        `${wallet.address.toLowerCase()}:${t.txHash}:${t.token.toLowerCase()}:${t.amount}`,
        toPrice.length,
      );
      toPrice.push({ token: t.token, amount: t.amount });
    }
  }
  const priced =
    toPrice.length === 0
      ? []
      : (
          await priceInNative({
            provider,
            chain,
            amounts: toPrice,
            ...pickPricingRules(p),
            ...timeout,
          })
        ).items;
  const valueAt = (key: string) => {
    const index = slot.get(key);
    return index === undefined ? null : (priced[index]?.valueWei ?? null);
  };

  const at = clock();
  let stateIndex = 0;
  const checks = wallets.map((w) => {
    const next = current.get(w.address.toLowerCase()) as WatchBaseline;
    if (w.baseline === null) {
      return { chainId: chain.id, address: w.address, previousBlock: null, baseline: next, alerts: [], at };
    }
    const replacedBy = position.replaced.get(w);
    if (replacedBy !== undefined) {
      const alert = chainReorgAlert({
        chainId: chain.id,
        address: w.address,
        previous: w.baseline,
        current: next,
        chainHash: replacedBy,
        at,
        createId,
      });
      return {
        chainId: chain.id,
        address: w.address,
        previousBlock: w.baseline.block,
        baseline: next,
        alerts: [alert],
        at,
      };
    }
    const entry = perWallet.find((e) => e.wallet === w);
    const approvals: ObservedApproval[] = [];
    for (const c of entry?.candidates ?? []) {
      const r = states[stateIndex++];
      const allowance = c.kind === 'erc20' && r?.success ? decodeUint256(r.returnData) : null;
      const approved = c.kind === 'operator' && r?.success ? decodeUint256(r.returnData) === 1n : false;
      if (c.kind === 'erc20' ? (allowance ?? 0n) === 0n : !approved) continue;
      approvals.push({
        token: c.token,
        spender: c.spender,
        kind: c.kind,
        allowance,
        unlimited: c.kind === 'operator' || (allowance ?? 0n) >= UNLIMITED_ALLOWANCE_THRESHOLD,
        knownSpender: known.get(c.spender.toLowerCase()) ?? null,
        txHash: c.lastTxHash,
        block: c.lastBlock,
      });
    }
    const transfersOut: ObservedTransfer[] = (entry?.transfers ?? []).map((t) => ({
      ...t,
      valueWei: valueAt(`${w.address.toLowerCase()}:${t.txHash}:${t.token.toLowerCase()}:${t.amount}`),
    }));
    const changeValues = new Map<string, bigint | null>();
    for (const token of new Set([...Object.keys(w.baseline.tokens), ...Object.keys(next.tokens)])) {
      changeValues.set(token, valueAt(`${w.address.toLowerCase()}:${token}`));
    }
    return {
      chainId: chain.id,
      address: w.address,
      previousBlock: w.baseline.block,
      baseline: next,
      alerts: detectWatchAlerts({
        chainId: chain.id,
        address: w.address,
        thresholds: w.thresholds,
        previous: w.baseline,
        current: next,
        changeValues,
        transfersOut,
        approvals,
        at,
        createId,
      }),
      at,
    };
  });
  return { checks, deferrals };
}

function describe(error: unknown): string {
  const e = error as { code?: unknown; shortMessage?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? `${e.code}: ` : '';
  const text =
    typeof e?.shortMessage === 'string' ? e.shortMessage : typeof e?.message === 'string' ? e.message : '';
  return `${code}${text}`.slice(0, 300) || 'the check failed';
}
