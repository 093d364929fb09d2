import type { Address, ChainInfo } from '../../chains/chains.js';
import { aggregate3, type RpcSender } from '../../multicall/aggregate3.js';
import { decodeUint256 } from '../../multicall/decodeUint256.js';
import { multicall3BlockNumberCall } from '../../multicall/multicall3BlockNumberCall.js';
import { planTokenPricing } from '../../pricing/planTokenPricing.js';
import { PricingError } from '../../pricing/PricingError.js';
import { readBandDepths } from '../../pricing/readBandDepths.js';
import { resolvePricingRules } from '../../pricing/resolvePricingRules.js';
import type { JudgedPool, PriceSourceRejection, PricingRules } from '../../pricing/types.js';

/**
 * Distinct tokens priced per Multicall3 request (10 calls each, ≈ 1.4 MB of JSON-RPC request): nodes cap request
 * bodies (anvil refuses ≈ 2 MB, geth 5 MB). Up to this many tokens pricing is ONE request; beyond, parallel ones.
 */
export const PRICING_TOKENS_PER_REQUEST = 300;

/** One price source of a token: a Uniswap pool against the wrapped native, judged by the pricing rules. */
export interface PriceRoute {
  readonly protocol: 'v2' | 'v3';
  readonly pool: Address;
  readonly fee: number | null;
  /** The amount's value at the pool's spot, in wrapped-native wei (rounded down). */
  readonly valueWei: bigint;
  /**
   * The pool's DEPTH, the figure the liquidity floor applies to: the wrapped native it pays out while the token's
   * price falls by the depth band (V2: from `getReserves()`; V3: what a sale across the band pays, QuoterV2).
   * WETH a pool merely holds (out-of-range positions, plain transfers, a position ending at the spot) is not counted.
   */
  readonly liquidityWei: bigint;
  /** V3: how far the spot is from the pool's TWAP, in bps (`null` when `observe` cannot answer); V2: `null`. */
  readonly twapDeviationBps: bigint | null;
  /** Why the pool is not a price source (`shallow`, `twap-unavailable`, `twap-deviation`); `null` when usable. */
  readonly rejection: PriceSourceRejection | null;
  /** True when the pool meets every rule (`rejection === null`): listed either way, used only then. */
  readonly usable: boolean;
}

/** Parameters of {@link priceInNative}: the amounts to value and the pricing rules ({@link PricingRules}). */
export interface PriceInNativeParameters extends PricingRules {
  readonly provider: RpcSender;
  readonly chain: ChainInfo;
  readonly amounts: readonly { readonly token: Address; readonly amount: bigint }[];
  readonly timeoutMs?: number;
  /** Block to read the pools at (default `'latest'`): pin it to value a snapshot read at that block. */
  readonly blockTag?: 'latest' | bigint;
  /** Distinct tokens per request (default {@link PRICING_TOKENS_PER_REQUEST}; lower it for a node that caps bodies). */
  readonly tokensPerRequest?: number;
}

/** Result of {@link priceInNative}. */
export interface PriceInNativeReturnType {
  /** Sum of every item in wrapped-native wei; `null` when any item is unknown (never counted as 0). */
  readonly totalWei: bigint | null;
  readonly reason: string | null;
  readonly items: readonly {
    readonly token: Address;
    readonly amount: bigint;
    readonly valueWei: bigint | null;
    /** Every pool that answered for the token, usable or not. */
    readonly routes: readonly PriceRoute[];
    /** The route `valueWei` comes from (the highest usable); `null` for WETH, zero amounts and unknown values. */
    readonly route: PriceRoute | null;
  }[];
}

/**
 * Values ERC-20 amounts in wrapped-native wei (the ETH-equivalent the governor is charged), read on chain in one
 * Multicall3 round trip, plus one for the band sales of the V3 pools that pass the other rules (for up to
 * {@link PRICING_TOKENS_PER_REQUEST} distinct tokens; more are read in parallel
 * requests — pass `blockTag` to read them all at one block): each token's Uniswap V2 pair and V3 pools (0.05/0.3/1%) against the wrapped native,
 * addressed by CREATE2 with the canonical init-code hashes (no factory look-ups). Spot prices, exact bigint maths.
 * The wrapped native counts 1:1.
 *
 * A pool is a price source only when it proves it can trade at the price it reports (`judgePriceSource`):
 * - depth: the wrapped native it pays out while the token's price falls by `depthBandBps` (default 5%) — from V2
 *   `getReserves()`; for V3 what selling the token into the pool across the band really pays (QuoterV2 walks the
 *   initialized ticks), never more than `liquidity()` in range would — is at least `minLiquidityWei`. WETH held
 *   out of range, simply sent to a pool, or a position whose range ends at the spot counts for nothing;
 * - V3: its spot is within `maxTwapDeviationBps` (default 5%) of its own TWAP over `twapWindowSeconds` (default
 *   30 min, `observe`); a pool that cannot answer `observe` for the window is not a source (fail closed). V2 pairs
 *   have no cheap TWAP: depth alone decides for them.
 *
 * Where usable routes disagree the HIGHEST value is charged — an over-estimate is safe, an under-estimate lets a
 * manipulated pool walk past the caps. A token with no usable route makes the total `null` (blocked
 * `VALUE_UNKNOWN`): 100 USDC never counts as 100 ETH, nor as 0. The same token may appear several times (e.g. a
 * balance and one whole unit): its pools are read once and each amount is valued from them. Malformed rules throw
 * `INVALID_PRICING_PARAMETER`.
 *
 * @example
 * ```ts
 * const { totalWei } = await priceInNative({ provider, chain, amounts: [{ token: usdc, amount: 100_000_000n }], minLiquidityWei: 10n ** 19n });
 * ```
 */
export async function priceInNative({
  provider,
  chain,
  amounts,
  timeoutMs,
  blockTag,
  tokensPerRequest = PRICING_TOKENS_PER_REQUEST,
  ...pricingRules
}: PriceInNativeParameters): Promise<PriceInNativeReturnType> {
  const rules = resolvePricingRules(pricingRules);
  if (!Number.isInteger(tokensPerRequest) || tokensPerRequest < 1) {
    throw new PricingError('INVALID_PRICING_PARAMETER', 'tokensPerRequest must be a positive integer', {
      details: String(tokensPerRequest),
    });
  }
  const weth = chain.contracts.wrappedNative;
  const { multicall3, uniswapV2, uniswapV3 } = chain.contracts;
  // Zero amounts (an approval spends nothing) are worth zero and need no pool.
  const erc20 = amounts.filter(
    (a) => a.amount > 0n && (weth === null || a.token.toLowerCase() !== weth.toLowerCase()),
  );
  if (erc20.length === 0) {
    const total = amounts.reduce((s, a) => s + a.amount, 0n);
    return {
      totalWei: total,
      reason: null,
      items: amounts.map((a) => ({ ...a, valueWei: a.amount, routes: [], route: null })),
    };
  }
  if (weth === null || multicall3 === null || (uniswapV2 === null && uniswapV3 === null)) {
    // No pools to read: zero amounts and the wrapped native (1:1) still have a value, nothing else does.
    const isWeth = (token: Address) => weth !== null && token.toLowerCase() === weth.toLowerCase();
    return {
      totalWei: null,
      reason: `no pricing configuration on ${chain.name} (wrapped native, Multicall3, Uniswap)`,
      items: amounts.map((a) => ({
        ...a,
        valueWei: a.amount === 0n || isWeth(a.token) ? a.amount : null,
        routes: [],
        route: null,
      })),
    };
  }
  // One request for up to `tokensPerRequest` distinct tokens (10 calls each); more go in parallel requests.
  const distinct = [...new Map(erc20.map((a) => [a.token.toLowerCase(), a.token])).values()];
  const chunks: Address[][] = [];
  for (let i = 0; i < distinct.length; i += tokensPerRequest) {
    chunks.push(distinct.slice(i, i + tokensPerRequest));
  }
  const poolsByToken = new Map<string, JudgedPool[]>();
  const read = await Promise.all(
    chunks.map(async (tokens) => {
      const plan = planTokenPricing({ chain, tokens, rules });
      const [block, ...results] = await aggregate3({
        provider,
        chainId: chain.id,
        multicall3,
        calls: [multicall3BlockNumberCall(multicall3), ...plan.calls],
        ...(timeoutMs === undefined ? {} : { timeoutMs }),
        ...(blockTag === undefined ? {} : { blockTag }),
      });
      const first = plan.read(results);
      // The band sales of the V3 pools still usable, at the block their spots were read at.
      const readAt = blockTag ?? decodeUint256(block?.returnData ?? '0x') ?? 'latest';
      const bandDepths = await readBandDepths({
        provider,
        chain,
        requests: first.bandQuotes,
        blockTag: readAt,
        ...(timeoutMs === undefined ? {} : { timeoutMs }),
      });
      return first.finish(bandDepths);
    }),
  );
  for (const map of read) for (const [token, pools] of map) poolsByToken.set(token, pools);
  let total: bigint | null = 0n;
  let reason: string | null = null;
  const items = amounts.map((a) => {
    if (a.amount === 0n) return { ...a, valueWei: 0n, routes: [], route: null };
    if (a.token.toLowerCase() === weth.toLowerCase()) {
      // 1:1, and part of the total like any other item (a mixed list must not drop it).
      if (total !== null) total += a.amount;
      return { ...a, valueWei: a.amount, routes: [], route: null };
    }
    const routes: PriceRoute[] = (poolsByToken.get(a.token.toLowerCase()) ?? []).map(
      ({ value, depthWei, ...rest }) => ({
        ...rest,
        liquidityWei: depthWei,
        valueWei: value(a.amount),
        usable: rest.rejection === null,
      }),
    );
    // The highest usable route (bigint: Math.max does not apply).
    let route: PriceRoute | null = null;
    for (const r of routes) if (r.usable && (route === null || r.valueWei > route.valueWei)) route = r;
    const valueWei = route === null ? null : route.valueWei;
    if (valueWei === null) {
      total = null;
      reason ??= unknownReason(a.token, routes, rules);
    } else if (total !== null) {
      total += valueWei;
    }
    return { ...a, valueWei, routes, route };
  });
  return { totalWei: total, reason, items };
}

function unknownReason(token: Address, routes: readonly PriceRoute[], rules: Required<PricingRules>): string {
  const floor = `${rules.minLiquidityWei} wei of wrapped native tradable within ${rules.depthBandBps} bps`;
  if (routes.length === 0) return `${token} has no pool against the wrapped native (a source needs ${floor})`;
  const why = routes
    .map((r) => {
      const name = r.protocol === 'v2' ? 'V2' : `V3 ${r.fee}`;
      if (r.rejection === 'shallow') return `${name} ${r.pool}: depth ${r.liquidityWei} wei`;
      if (r.rejection === 'twap-unavailable')
        return `${name} ${r.pool}: no TWAP over ${rules.twapWindowSeconds} s (observe cannot answer)`;
      return `${name} ${r.pool}: spot ${r.twapDeviationBps} bps from its TWAP (bound ${rules.maxTwapDeviationBps})`;
    })
    .join('; ');
  return `${token} has no pool against the wrapped native that is a price source (needs ${floor}, and for V3 a spot within ${rules.maxTwapDeviationBps} bps of its ${rules.twapWindowSeconds} s TWAP): ${why}`;
}
