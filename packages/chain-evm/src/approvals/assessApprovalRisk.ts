import { Interface } from 'ethers';
import type { Address, ChainInfo } from '../chains/chains.js';
import { priceInNative } from '../gateway/steps/priceInNative.js';
import { pickPricingRules } from '../pricing/pickPricingRules.js';
import type { PricingRules } from '../pricing/types.js';
import type { Aggregate3Call, RpcSender } from '../multicall/aggregate3.js';
import { aggregate3Batched } from '../multicall/aggregate3Batched.js';
import { decodeUint256 } from '../multicall/decodeUint256.js';
import { findFirstBlockAtOrAfter } from './findFirstBlockAtOrAfter.js';
import { inspectSpenders } from './inspectSpenders.js';
import { requireMulticall3 } from './requireMulticall3.js';
import { scoreApprovalRisk, type ScoreApprovalRiskReturnType } from './scoreApprovalRisk.js';
import type { Approval, ApprovalRiskLevel, SpenderCodeKind } from './types.js';

const reads = new Interface([
  'function balanceOf(address owner) view returns (uint256)',
  'function getCurrentBlockTimestamp() view returns (uint256 timestamp)',
]);

/** One approval with its risk. */
export interface ApprovalRisk extends Approval, ScoreApprovalRiskReturnType {
  /** The owner's balance of the token (ERC-20), `null` for operators or when unreadable. */
  readonly balance: bigint | null;
  /** min(balance, allowance) priced in wrapped-native wei; `null` when unpriceable (never 0 for "unknown"). */
  readonly valueAtRiskWei: bigint | null;
  readonly spenderCode: SpenderCodeKind;
  readonly stale: boolean;
}

/** Parameters of {@link assessApprovalRisk}; the value at risk is priced by the gateway's rules ({@link PricingRules}). */
export interface AssessApprovalRiskParameters extends PricingRules {
  readonly provider: RpcSender;
  readonly chain: ChainInfo;
  readonly owner: Address;
  /** Live approvals (from `scanApprovals`). */
  readonly approvals: readonly Approval[];
  /** The block to read at (the scan's `blockNumber`). */
  readonly blockNumber: number;
  /** The gateway's liquidity floor, applied to a pool's depth (see {@link PricingRules}). */
  readonly minLiquidityWei: bigint;
  /** Approvals last made longer ago than this are `stale` (seconds of chain time); `null` disables the factor. */
  readonly maxAgeSeconds: number | null;
  readonly batchSize?: number;
  readonly timeoutMs?: number;
}

/** Result of {@link assessApprovalRisk}. */
export interface AssessApprovalRiskReturnType {
  /** Worst first: score, then value at risk (unknown before known), then token and spender. */
  readonly approvals: readonly ApprovalRisk[];
  readonly summary: {
    /**
     * Every token's balance that approvals expose, counted once per token (min(balance, sum of its allowances)),
     * priced; `null` when any of them cannot be priced (unknown is never 0).
     */
    readonly totalValueAtRiskWei: bigint | null;
    /** The priced part of it (a lower bound when `totalValueAtRiskWei` is null). */
    readonly pricedValueAtRiskWei: bigint;
    /** ERC-20 tokens with exposure whose value could not be priced. */
    readonly unpricedTokens: number;
    /** NFT collections under an operator approval (never priced: they make the total unknown). */
    readonly operatorCollections: number;
    readonly counts: Readonly<Record<ApprovalRiskLevel, number>>;
    /** Approvals last made before this block are stale (`null` when the age factor is off). */
    readonly staleBeforeBlock: number | null;
  };
}

/**
 * Scores every approval with the documented additive factors (`scoreApprovalRisk`): unlimited, unknown spender,
 * spender without code (EOA), upgradeable spender (EIP-1967 proxy), stale (older than `maxAgeSeconds` of chain time,
 * found by a binary search over block timestamps), and value at risk = min(balance, allowance) priced in
 * ETH-equivalent by the gateway's own pricing module (`priceInNative`: Uniswap V2/V3 against the wrapped native, the
 * liquidity floor, the highest route; `null` when unpriceable, never 0). Reads: one Multicall3 batch of balances (and
 * the block's timestamp), one per distinct spender (`eth_getCode`, + 2 slots for contracts), one pricing round
 * trip, ~log2(head) block reads for the age cut-off.
 *
 * @example
 * ```ts
 * const scan = await scanApprovals({ provider, chain, owner, store });
 * const risk = await assessApprovalRisk({ provider, chain, owner, approvals: scan.approvals,
 *   blockNumber: scan.blockNumber, minLiquidityWei: 10n ** 19n, maxAgeSeconds: 180 * 86_400 });
 * risk.approvals[0]; // the worst
 * ```
 */
export async function assessApprovalRisk(
  parameters: AssessApprovalRiskParameters,
): Promise<AssessApprovalRiskReturnType> {
  const {
    provider,
    chain,
    owner,
    approvals,
    blockNumber,
    maxAgeSeconds,
    batchSize = 500,
    timeoutMs,
  } = parameters;
  const multicall3 = requireMulticall3(chain);
  const timeout = timeoutMs === undefined ? {} : { timeoutMs };
  const blockTag = BigInt(blockNumber);
  const erc20Tokens = [
    ...new Map(
      approvals.filter((a) => a.kind === 'erc20').map((a) => [a.token.toLowerCase(), a.token]),
    ).values(),
  ];
  const calls: Aggregate3Call[] = [
    {
      target: multicall3,
      callData: reads.encodeFunctionData('getCurrentBlockTimestamp') as `0x${string}`,
      allowFailure: false,
    },
    ...erc20Tokens.map((token) => ({
      target: token,
      callData: reads.encodeFunctionData('balanceOf', [owner]) as `0x${string}`,
      allowFailure: true,
    })),
  ];
  const [{ results }, spenderCodes] = await Promise.all([
    aggregate3Batched({ provider, chainId: chain.id, multicall3, calls, batchSize, blockTag, ...timeout }),
    inspectSpenders({
      provider,
      chainId: chain.id,
      spenders: approvals.map((a) => a.spender),
      blockTag,
      ...timeout,
    }),
  ]);
  const now = decodeUint256(results[0]?.returnData ?? '0x');
  const balances = new Map(
    erc20Tokens.map((token, i) => {
      const r = results[i + 1];
      return [token.toLowerCase(), r?.success ? decodeUint256(r.returnData) : null];
    }),
  );

  // Exposure per approval, and per token counted once: min(balance, sum of its allowances).
  const exposure = approvals.map((a) => {
    const balance = a.kind === 'erc20' ? (balances.get(a.token.toLowerCase()) ?? null) : null;
    return balance === null || a.allowance === null ? null : min(balance, a.allowance);
  });
  const tokenExposure = erc20Tokens.map((token) => {
    const balance = balances.get(token.toLowerCase()) ?? null;
    if (balance === null) return null;
    const allowed = approvals
      .filter((a) => a.kind === 'erc20' && a.token.toLowerCase() === token.toLowerCase())
      .reduce((sum, a) => sum + (a.allowance ?? 0n), 0n);
    return min(balance, allowed);
  });
  // One pricing round trip for every distinct (token, amount).
  const wanted = new Map<string, { token: Address; amount: bigint }>();
  const want = (token: Address, amount: bigint | null) => {
    if (amount !== null) wanted.set(`${token.toLowerCase()}:${amount}`, { token, amount });
  };
  approvals.forEach((a, i) => {
    want(a.token, exposure[i] ?? null);
  });
  erc20Tokens.forEach((token, i) => {
    want(token, tokenExposure[i] ?? null);
  });
  const amounts = [...wanted.values()];
  const priced =
    amounts.length === 0
      ? { items: [] }
      : await priceInNative({ provider, chain, amounts, ...pickPricingRules(parameters), ...timeout });
  const value = new Map(
    amounts.map((a, i) => [`${a.token.toLowerCase()}:${a.amount}`, priced.items[i]?.valueWei ?? null]),
  );
  const pricedAt = (token: Address, amount: bigint | null) =>
    amount === null ? null : (value.get(`${token.toLowerCase()}:${amount}`) ?? null);

  let staleBeforeBlock: number | null = null;
  if (maxAgeSeconds !== null && approvals.length > 0 && now !== null) {
    staleBeforeBlock = await findFirstBlockAtOrAfter({
      provider,
      chainId: chain.id,
      timestamp: Number(now) - maxAgeSeconds,
      head: blockNumber,
      ...timeout,
    });
  }

  const scored: ApprovalRisk[] = approvals.map((a, i) => {
    const spenderCode = spenderCodes.get(a.spender.toLowerCase()) ?? 'contract';
    const stale = staleBeforeBlock !== null && a.lastApprovalBlock < staleBeforeBlock;
    const valueAtRiskWei = pricedAt(a.token, exposure[i] ?? null);
    return {
      ...a,
      balance: a.kind === 'erc20' ? (balances.get(a.token.toLowerCase()) ?? null) : null,
      valueAtRiskWei,
      spenderCode,
      stale,
      ...scoreApprovalRisk({
        kind: a.kind,
        unlimited: a.unlimited,
        spenderName: a.spenderName,
        spenderCode,
        stale,
        valueAtRiskWei,
      }),
    };
  });
  scored.sort(
    (x, y) =>
      y.score - x.score ||
      compareValue(y.valueAtRiskWei, x.valueAtRiskWei) ||
      x.token.toLowerCase().localeCompare(y.token.toLowerCase()) ||
      x.spender.toLowerCase().localeCompare(y.spender.toLowerCase()),
  );

  let pricedValueAtRiskWei = 0n;
  let unpricedTokens = 0;
  erc20Tokens.forEach((token, i) => {
    const v = pricedAt(token, tokenExposure[i] ?? null);
    if (v === null) unpricedTokens++;
    else pricedValueAtRiskWei += v;
  });
  const operatorCollections = new Set(
    approvals.filter((a) => a.kind === 'operator').map((a) => a.token.toLowerCase()),
  ).size;
  const counts: Record<ApprovalRiskLevel, number> = { critical: 0, high: 0, medium: 0, low: 0 };
  for (const a of scored) counts[a.level]++;
  return {
    approvals: scored,
    summary: {
      totalValueAtRiskWei: unpricedTokens === 0 && operatorCollections === 0 ? pricedValueAtRiskWei : null,
      pricedValueAtRiskWei,
      unpricedTokens,
      operatorCollections,
      counts,
      staleBeforeBlock,
    },
  };
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

/** Descending helper: unknown (`null`) ranks above any known value (fail closed), then larger first. */
function compareValue(a: bigint | null, b: bigint | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a > b ? 1 : -1;
}
