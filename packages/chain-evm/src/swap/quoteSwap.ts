import { parseAddress } from '../address/parseAddress.js';
import type { Address, ChainInfo } from '../chains/chains.js';
import { type Aggregate3Call, type RpcSender, aggregate3 } from '../multicall/aggregate3.js';
import { decodeUint256 } from '../multicall/decodeUint256.js';
import { multicall3BlockNumberCall } from '../multicall/multicall3BlockNumberCall.js';
import { planHopDepths, type RouteHop } from '../pricing/planHopDepths.js';
import { readBandDepths } from '../pricing/readBandDepths.js';
import { DEFAULT_MIN_LIQUIDITY_WEI } from '../pricing/pricingDefaults.js';
import { resolvePricingRules } from '../pricing/resolvePricingRules.js';
import type { PricingRules } from '../pricing/types.js';
import {
  BPS,
  MAX_UINT256,
  SPOT_DIVISOR,
  SPOT_MIN_OUTPUT,
  V2_GAS_PER_HOP,
  V3_FEE_TIERS,
} from './constants.js';
import { encodeV3Path } from './encodeV3Path.js';
import { SwapError } from './SwapError.js';
import { selectBestRoute } from './selectBestRoute.js';
import {
  quoterV2Interface,
  v2FactoryInterface,
  v2RouterInterface,
  v3FactoryInterface,
} from './swapInterfaces.js';
import type { SwapQuote, SwapRouteQuote, SwapTokenRef } from './types.js';

/**
 * Parameters of {@link quoteSwap}. The pricing rules ({@link PricingRules}) decide which pools a route may go
 * through; `minLiquidityWei` defaults to 10 wrapped native (pass the gateway's floor).
 */
export interface QuoteSwapParameters extends Partial<PricingRules> {
  readonly provider: RpcSender;
  /** A configured chain (wrapped native, Multicall3, and Uniswap V2 and/or V3 in `contracts`). */
  readonly chain: ChainInfo;
  readonly tokenIn: SwapTokenRef;
  readonly tokenOut: SwapTokenRef;
  /** Base units of token in; > 0. */
  readonly amountIn: bigint;
  /**
   * A transfer fee the token itself takes (fee-on-transfer tokens; e.g. token-safety's measured tax), in basis
   * points 0..9,999. Token in: the pools receive `amountIn` minus the fee (rounded like the devnet token: fee
   * rounded down), and V3 routes are skipped (V3 pools refuse such tokens). Token out (its buy tax): the recipient
   * receives the output minus the fee, and only V2 routes are quoted (the `…SupportingFeeOnTransferTokens` functions
   * enforce the minimum on what the recipient receives; V3 checks the pool's output). Without it a fee-on-transfer
   * token is quoted too high.
   */
  readonly transferFeeBps?: { readonly tokenIn?: number; readonly tokenOut?: number };
  readonly blockTag?: 'latest' | 'pending' | bigint;
  readonly timeoutMs?: number;
  /**
   * Further reads for the caller (e.g. an allowance), made in the quote's own batch — at the quote's block, no extra
   * request — and answered in {@link SwapQuote.alsoRead}, in the same order. Use `allowFailure: true`: a call that
   * reverts with `allowFailure: false` fails the whole quote.
   */
  readonly readAlso?: readonly Aggregate3Call[];
}

interface Plan {
  readonly protocol: 'v2' | 'v3';
  readonly router: Address;
  readonly path: readonly Address[];
  readonly fees: readonly number[];
}

/**
 * Quotes an exact-input swap over Uniswap V2 (Router02 `getAmountsOut`, direct and through the wrapped native
 * token) and V3 (QuoterV2, fee tiers 500/3000/10000, direct and every pair of tiers through the wrapped native
 * token), and returns the route with the highest output. Everything — each route's quote, a 1/100-size probe of
 * each route for the spot rate, the factories' pool addresses and the block number — is read in ONE Multicall3
 * `aggregate3` `eth_call`: one JSON-RPC request per quote, all at the same block. Native in/out is quoted as the
 * wrapped native token (wrapping is 1:1).
 *
 * A route goes only through pools that are price sources — the pricing module's rules, read in the same batch
 * (`planHopDepths`) plus one round trip for the V3 band sales: a pool against the wrapped native must be a usable
 * source (V3: within the TWAP bound) paying out at least `minLiquidityWei` of it within the depth band (V2
 * reserves; V3 what a sale across the band really pays — WETH out of range, merely sent to the pool, or in a
 * position ending at the spot counts for nothing); any other pool must meet the TWAP rule too (V3), and its depth is
 * valued through its tokens' usable price sources.
 * A route through a shallower pool, or through a pool other than the one whose depth was read (computed address ≠
 * the factory's), is never a candidate: `NO_ROUTE` when no route remains.
 *
 * Errors: `INVALID_AMOUNT`, `SWAP_SAME_TOKEN` (also native ↔ its wrapped token: that is a wrap, not a swap),
 * `INVALID_ADDRESS`, `INVALID_SWAP_PARAMETER`, `SWAP_NOT_CONFIGURED`, `NO_ROUTE`, RPC errors.
 *
 * @example
 * ```ts
 * const quote = await quoteSwap({ provider, chain, tokenIn: 'native', tokenOut: usdc, amountIn: 10n ** 18n });
 * quote.amountOut;        // USDC base units
 * quote.route.protocol;   // 'v2' | 'v3'
 * const min = computeAmountOutMin({ amountOut: quote.amountOut, slippageBps: 50 });
 * ```
 */
export async function quoteSwap({
  provider,
  chain,
  tokenIn,
  tokenOut,
  amountIn,
  transferFeeBps = {},
  blockTag,
  timeoutMs,
  minLiquidityWei = DEFAULT_MIN_LIQUIDITY_WEI,
  readAlso = [],
  ...pricingRules
}: QuoteSwapParameters): Promise<SwapQuote> {
  const { wrappedNative: wrapped, multicall3, uniswapV2: v2, uniswapV3: v3 } = chain.contracts;
  if (wrapped === null || multicall3 === null || (v2 === null && v3 === null)) {
    throw new SwapError('SWAP_NOT_CONFIGURED', `Swaps are not configured on ${chain.name}`, {
      details: 'needs contracts.wrappedNative, contracts.multicall3 and contracts.uniswapV2 or uniswapV3',
    });
  }
  if (typeof amountIn !== 'bigint' || amountIn <= 0n || amountIn > MAX_UINT256) {
    throw new SwapError('INVALID_AMOUNT', 'amountIn must be a positive integer of base units', {
      details: String(amountIn),
    });
  }
  const inAddress = tokenIn === 'native' ? wrapped : parseAddress({ address: tokenIn });
  const outAddress = tokenOut === 'native' ? wrapped : parseAddress({ address: tokenOut });
  if (inAddress === outAddress) {
    throw new SwapError('SWAP_SAME_TOKEN', 'Token in and token out are the same asset', {
      details: inAddress,
    });
  }
  const feeIn = checkTransferFee(transferFeeBps.tokenIn, tokenIn);
  const feeOut = checkTransferFee(transferFeeBps.tokenOut, tokenOut);
  const poolAmountIn = amountIn - (amountIn * feeIn) / BPS;
  if (poolAmountIn <= 0n) {
    throw new SwapError('INVALID_AMOUNT', 'Nothing reaches the pools after the transfer fee', {
      details: String(amountIn),
    });
  }
  const spotIn = poolAmountIn / SPOT_DIVISOR > 0n ? poolAmountIn / SPOT_DIVISOR : 1n;
  const rules = resolvePricingRules({ ...pricingRules, minLiquidityWei });

  const paths: Address[][] = [[inAddress, outAddress]];
  if (inAddress !== wrapped && outAddress !== wrapped) paths.push([inAddress, wrapped, outAddress]);
  const plans: Plan[] = [];
  for (const path of paths) {
    if (v2 !== null) plans.push({ protocol: 'v2', router: v2.router02, path, fees: [] });
  }
  // V3 pools check the balance they receive: a token that takes a fee on transfer cannot be sold into them. Nor
  // bought through them: V3 (like plain V2) enforces the minimum on the pool's output, not on what arrives.
  if (v3 !== null && feeIn === 0n && feeOut === 0n) {
    for (const path of paths) {
      const tierLists: number[][] =
        path.length === 2
          ? V3_FEE_TIERS.map((f) => [f])
          : V3_FEE_TIERS.flatMap((f1) => V3_FEE_TIERS.map((f2) => [f1, f2]));
      for (const fees of tierLists) plans.push({ protocol: 'v3', router: v3.swapRouter, path, fees });
    }
  }

  // Pool addresses: one factory read per distinct (protocol, pair, fee), in the same batch.
  const poolKeys: string[] = [];
  const poolCalls: Aggregate3Call[] = [];
  const poolKey = (protocol: 'v2' | 'v3', a: Address, b: Address, fee: number | undefined) =>
    `${protocol}:${[a, b].sort().join(':')}:${fee ?? ''}`;
  for (const plan of plans) {
    for (let hop = 0; hop < plan.path.length - 1; hop++) {
      const [a, b] = [plan.path[hop] as Address, plan.path[hop + 1] as Address];
      const fee = plan.fees[hop];
      const key = poolKey(plan.protocol, a, b, fee);
      if (poolKeys.includes(key)) continue;
      poolKeys.push(key);
      poolCalls.push(
        plan.protocol === 'v2'
          ? call(v2?.factory as Address, v2FactoryInterface.encodeFunctionData('getPair', [a, b]))
          : call(v3?.factory as Address, v3FactoryInterface.encodeFunctionData('getPool', [a, b, fee])),
      );
    }
  }
  // The depth of every pool a route may use, with the pricing rules' measure, in the same batch.
  const hops: RouteHop[] = [];
  for (const plan of plans) {
    for (let hop = 0; hop < plan.path.length - 1; hop++) {
      const [tokenA, tokenB] = [plan.path[hop] as Address, plan.path[hop + 1] as Address];
      const fee = plan.fees[hop];
      const key = poolKey(plan.protocol, tokenA, tokenB, fee);
      if (!hops.some((h) => h.key === key))
        hops.push({ key, protocol: plan.protocol, tokenA, tokenB, fee: fee ?? null });
    }
  }
  const depthPlan = planHopDepths({ chain, hops, rules });
  const quoteCalls = plans.flatMap((plan) => [
    quoteCall(plan, poolAmountIn, v3?.quoterV2),
    quoteCall(plan, spotIn, v3?.quoterV2),
  ]);

  const results = await aggregate3({
    provider,
    chainId: chain.id,
    multicall3,
    calls: [
      multicall3BlockNumberCall(multicall3),
      ...poolCalls,
      ...quoteCalls,
      ...depthPlan.calls,
      ...readAlso,
    ],
    ...(blockTag === undefined ? {} : { blockTag }),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
  const blockNumber = decodeUint256(results[0]?.returnData ?? '0x');
  if (blockNumber === null) {
    throw new SwapError('NO_ROUTE', 'Multicall3 did not report its block number', { details: chain.name });
  }
  const pools = new Map<string, Address | null>();
  poolKeys.forEach((key, i) => {
    const r = results[1 + i];
    let pool: Address | null = null;
    if (r?.success && /^0x[0-9a-fA-F]{64}$/.test(r.returnData)) {
      const address = parseAddress({ address: `0x${r.returnData.slice(26)}` });
      if (BigInt(address) !== 0n) pool = address;
    }
    pools.set(key, pool);
  });

  const depthsAt = 1 + poolCalls.length + quoteCalls.length;
  const firstDepths = depthPlan.read(results.slice(depthsAt, depthsAt + depthPlan.calls.length));
  const alsoRead = results.slice(depthsAt + depthPlan.calls.length);
  // The V3 pools' band sales, at the block the batch was read at (a pending quote stays on `pending`).
  const depths = firstDepths.finish(
    await readBandDepths({
      provider,
      chain,
      requests: firstDepths.bandQuotes,
      blockTag: blockTag === 'pending' ? 'pending' : blockNumber,
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    }),
  );
  // A hop is routable when the factory names the pool whose depth was read, and that depth reaches the floor.
  const routable = (key: string) => {
    const named = pools.get(key) ?? null;
    const measured = depths.get(key);
    return (
      named !== null &&
      measured !== undefined &&
      named.toLowerCase() === measured.pool.toLowerCase() &&
      measured.depthWei !== null &&
      measured.depthWei >= minLiquidityWei
    );
  };

  const candidates: SwapRouteQuote[] = [];
  let shallow = 0;
  plans.forEach((plan, i) => {
    const through = plan.path
      .slice(1)
      .map((b, hop) => poolKey(plan.protocol, plan.path[hop] as Address, b, plan.fees[hop]));
    if (!through.every(routable)) {
      if (through.every((key) => pools.get(key))) shallow++;
      return;
    }
    const offset = 1 + poolCalls.length + 2 * i;
    const main = decodeQuote(plan, results[offset]);
    if (main === null || main.amountOut <= 0n) return;
    const spot = decodeQuote(plan, results[offset + 1]);
    const amountOut = main.amountOut - (main.amountOut * feeOut) / BPS;
    if (amountOut <= 0n) return;
    candidates.push({
      route: {
        protocol: plan.protocol,
        router: plan.router,
        path: plan.path,
        fees: plan.fees,
        pools: plan.path
          .slice(1)
          .map(
            (b, hop) =>
              pools.get(poolKey(plan.protocol, plan.path[hop] as Address, b, plan.fees[hop])) ?? null,
          ),
      },
      amountOut,
      gasEstimate: main.gasEstimate,
      priceImpactBps:
        spot === null || spot.amountOut < SPOT_MIN_OUTPUT
          ? null
          : impactBps(poolAmountIn, main.amountOut, spotIn, spot.amountOut),
    });
  });
  const ranked = selectBestRoute({ candidates });
  const best = ranked[0];
  if (best === undefined) {
    throw new SwapError('NO_ROUTE', 'No Uniswap route for this pair and amount', {
      details: `${inAddress} → ${outAddress} on ${chain.name}, ${plans.length} routes tried${
        shallow > 0
          ? `; ${shallow} through a pool that is no price source (less than ${minLiquidityWei} wei of wrapped native tradable within ${rules.depthBandBps} bps, or a V3 spot without or off its ${rules.twapWindowSeconds} s TWAP)`
          : ''
      }`,
    });
  }
  return {
    chainId: chain.id,
    tokenIn,
    tokenOut,
    amountIn,
    feeOnTransfer: feeIn > 0n || feeOut > 0n,
    blockNumber,
    ...best,
    candidates: ranked,
    ...(readAlso.length > 0 ? { alsoRead } : {}),
  };
}

function call(target: Address, callData: string): Aggregate3Call {
  return { target, callData: callData as `0x${string}`, allowFailure: true };
}

function quoteCall(plan: Plan, amount: bigint, quoter: Address | undefined): Aggregate3Call {
  if (plan.protocol === 'v2') {
    return call(plan.router, v2RouterInterface.encodeFunctionData('getAmountsOut', [amount, plan.path]));
  }
  const target = quoter as Address;
  if (plan.path.length === 2) {
    return call(
      target,
      quoterV2Interface.encodeFunctionData('quoteExactInputSingle', [
        {
          tokenIn: plan.path[0],
          tokenOut: plan.path[1],
          amountIn: amount,
          fee: plan.fees[0],
          sqrtPriceLimitX96: 0n,
        },
      ]),
    );
  }
  return call(
    target,
    quoterV2Interface.encodeFunctionData('quoteExactInput', [
      encodeV3Path({ path: plan.path, fees: plan.fees }),
      amount,
    ]),
  );
}

function decodeQuote(
  plan: Plan,
  result: { success: boolean; returnData: `0x${string}` } | undefined,
): { amountOut: bigint; gasEstimate: bigint } | null {
  if (result === undefined || !result.success) return null;
  try {
    if (plan.protocol === 'v2') {
      const [amounts] = v2RouterInterface.decodeFunctionResult(
        'getAmountsOut',
        result.returnData,
      ) as unknown as [bigint[]];
      const out = amounts[amounts.length - 1];
      if (amounts.length !== plan.path.length || out === undefined) return null;
      return { amountOut: out, gasEstimate: V2_GAS_PER_HOP * BigInt(plan.path.length - 1) };
    }
    const fn = plan.path.length === 2 ? 'quoteExactInputSingle' : 'quoteExactInput';
    const decoded = quoterV2Interface.decodeFunctionResult(fn, result.returnData);
    return { amountOut: decoded[0] as bigint, gasEstimate: decoded[3] as bigint };
  } catch {
    return null;
  }
}

/** 1 − (out/in) ÷ (spotOut/spotIn), in bps, the ratio rounded down (so the impact rounds up), floored at 0. */
function impactBps(amountIn: bigint, amountOut: bigint, spotIn: bigint, spotOut: bigint): bigint {
  const ratio = (amountOut * spotIn * BPS) / (amountIn * spotOut);
  return ratio >= BPS ? 0n : BPS - ratio;
}

function checkTransferFee(bps: number | undefined, ref: SwapTokenRef): bigint {
  if (bps === undefined || bps === 0) return 0n;
  if (!Number.isInteger(bps) || bps < 0 || bps >= 10_000) {
    throw new SwapError('INVALID_SWAP_PARAMETER', 'transferFeeBps must be an integer 0..9999', {
      details: String(bps),
    });
  }
  if (ref === 'native') {
    throw new SwapError('INVALID_SWAP_PARAMETER', 'The native currency takes no transfer fee');
  }
  return BigInt(bps);
}
