import { getCreate2Address, Interface, keccak256 } from 'ethers';
import type { Address, ChainInfo } from '../../chains/chains.js';
import { type Aggregate3Call, aggregate3, type RpcSender } from '../../multicall/aggregate3.js';
import { decodeUint256 } from '../../multicall/decodeUint256.js';

/** Init-code hash of the canonical Uniswap V2 pair (the npm bytecode the devnet deploys has the same). */
export const UNISWAP_V2_PAIR_INIT_CODE_HASH =
  '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f';
/** Init-code hash of the canonical Uniswap V3 pool. */
export const UNISWAP_V3_POOL_INIT_CODE_HASH =
  '0xe34f199b19b2b4f47f68442619d555527d244f78a3297ea89325f843f87b8b54';
const V3_FEES = [500, 3000, 10_000] as const;
const Q192 = 1n << 192n;

const iface = new Interface([
  'function getReserves() view returns (uint112, uint112, uint32)',
  'function slot0() view returns (uint160 sqrtPriceX96, int24, uint16, uint16, uint16, uint8, bool)',
  'function balanceOf(address) view returns (uint256)',
]);
// Call data built once (a 500-token portfolio prices 3,500 calls: per-call ABI encoding is measurable).
const GET_RESERVES = iface.encodeFunctionData('getReserves') as Address;
const SLOT0 = iface.encodeFunctionData('slot0') as Address;
const BALANCE_OF = iface.getFunction('balanceOf')?.selector as string;
const word = (hex: string) => hex.slice(2).toLowerCase().padStart(64, '0');

/** One price source of a token. */
export interface PriceRoute {
  readonly protocol: 'v2' | 'v3';
  readonly pool: Address;
  readonly fee: number | null;
  readonly valueWei: bigint;
  /** Wrapped native held by the pool (V2 reserve; V3 `balanceOf(pool)`). */
  readonly liquidityWei: bigint;
  /** False when under the liquidity floor: listed, never used. */
  readonly usable: boolean;
}

/** Parameters of {@link priceInNative}. */
export interface PriceInNativeParameters {
  readonly provider: RpcSender;
  readonly chain: ChainInfo;
  readonly amounts: readonly { readonly token: Address; readonly amount: bigint }[];
  /** Pools holding less wrapped native than this are not price sources (a thin pool is easy to move). */
  readonly minLiquidityWei: bigint;
  readonly timeoutMs?: number;
  /** Block to read the pools at (default `'latest'`): pin it to value a snapshot read at that block. */
  readonly blockTag?: 'latest' | bigint;
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
 * Values ERC-20 amounts in wrapped-native wei (the ETH-equivalent the governor is charged), read on chain in ONE
 * Multicall3 round trip: each token's Uniswap V2 pair and V3 pools (0.05/0.3/1%) against the wrapped native,
 * addressed by CREATE2 with the canonical init-code hashes (no factory look-ups). Spot prices, exact bigint maths.
 * The wrapped native counts 1:1. Pools under `minLiquidityWei` of wrapped native are not used. Where usable routes
 * disagree the HIGHEST value is charged — an over-estimate is safe, an under-estimate lets a manipulated pool walk
 * past the caps. A token with no usable route makes the total `null` (blocked `VALUE_UNKNOWN`): 100 USDC never
 * counts as 100 ETH, nor as 0. The same token may appear several times (e.g. a balance and one whole unit): its
 * pools are read once and each amount is valued from them.
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
  minLiquidityWei,
  timeoutMs,
  blockTag,
}: PriceInNativeParameters): Promise<PriceInNativeReturnType> {
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
  type Probe = {
    token: Address;
    kind: 'v2' | 'v3';
    pool: Address;
    fee: number | null;
    tokenIsToken0: boolean;
  };
  const probes: Probe[] = [];
  const calls: Aggregate3Call[] = [];
  const tokens = new Map<string, Address>();
  for (const { token } of erc20) if (!tokens.has(token.toLowerCase())) tokens.set(token.toLowerCase(), token);
  for (const token of tokens.values()) {
    const tokenIsToken0 = BigInt(token) < BigInt(weth);
    const [t0, t1] = tokenIsToken0 ? [token, weth] : [weth, token];
    if (uniswapV2) {
      const pool = getCreate2Address(
        uniswapV2.factory,
        keccak256(`0x${t0.slice(2)}${t1.slice(2)}`.toLowerCase() as Address),
        UNISWAP_V2_PAIR_INIT_CODE_HASH,
      ) as Address;
      probes.push({ token, kind: 'v2', pool, fee: null, tokenIsToken0 });
      calls.push({
        target: pool,
        callData: GET_RESERVES,
        allowFailure: true,
      });
    }
    if (uniswapV3) {
      for (const fee of V3_FEES) {
        // abi.encode(token0, token1, fee), written out.
        const salt = keccak256(`0x${word(t0)}${word(t1)}${fee.toString(16).padStart(64, '0')}`);
        const pool = getCreate2Address(uniswapV3.factory, salt, UNISWAP_V3_POOL_INIT_CODE_HASH) as Address;
        probes.push({ token, kind: 'v3', pool, fee, tokenIsToken0 });
        calls.push({
          target: pool,
          callData: SLOT0,
          allowFailure: true,
        });
        calls.push({
          target: weth,
          callData: `${BALANCE_OF}${word(pool)}` as Address,
          allowFailure: true,
        });
      }
    }
  }
  const results = await aggregate3({
    provider,
    chainId: chain.id,
    multicall3,
    calls,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    ...(blockTag === undefined ? {} : { blockTag }),
  });
  // What each pool says, independent of any amount: `value(amount)` is that amount in wrapped-native wei.
  type Pool = Omit<PriceRoute, 'valueWei'> & { value: (amount: bigint) => bigint };
  let cursor = 0;
  const poolsByToken = new Map<string, Pool[]>();
  for (const probe of probes) {
    let pool: Pool | null = null;
    if (probe.kind === 'v2') {
      const r = results[cursor++];
      if (r?.success && r.returnData.length >= 2 + 64 * 2) {
        const r0 = BigInt(r.returnData.slice(0, 66));
        const r1 = BigInt(`0x${r.returnData.slice(66, 130)}`);
        const [tokenReserve, wethReserve] = probe.tokenIsToken0 ? [r0, r1] : [r1, r0];
        if (tokenReserve > 0n && wethReserve > 0n) {
          pool = {
            protocol: 'v2',
            pool: probe.pool,
            fee: null,
            value: (amount) => (amount * wethReserve) / tokenReserve,
            liquidityWei: wethReserve,
            usable: wethReserve >= minLiquidityWei,
          };
        }
      }
    } else {
      const slot0 = results[cursor++];
      const balance = results[cursor++];
      const liquidityWei = balance?.success ? (decodeUint256(balance.returnData) ?? 0n) : 0n;
      if (slot0?.success && slot0.returnData.length >= 66) {
        const sqrtP = BigInt(slot0.returnData.slice(0, 66));
        if (sqrtP > 0n) {
          const priceX192 = sqrtP * sqrtP; // token1 per token0, × 2^192
          const { tokenIsToken0 } = probe;
          pool = {
            protocol: 'v3',
            pool: probe.pool,
            fee: probe.fee,
            value: (amount) => (tokenIsToken0 ? (amount * priceX192) / Q192 : (amount * Q192) / priceX192),
            liquidityWei,
            usable: liquidityWei >= minLiquidityWei,
          };
        }
      }
    }
    if (pool) {
      const key = probe.token.toLowerCase();
      const list = poolsByToken.get(key) ?? [];
      list.push(pool);
      poolsByToken.set(key, list);
    }
  }
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
      ({ value, ...rest }) => ({ ...rest, valueWei: value(a.amount) }),
    );
    // The highest usable route (bigint: Math.max does not apply).
    let route: PriceRoute | null = null;
    for (const r of routes) if (r.usable && (route === null || r.valueWei > route.valueWei)) route = r;
    const valueWei = route === null ? null : route.valueWei;
    if (valueWei === null) {
      total = null;
      reason ??= `${a.token} has no pool against the wrapped native with at least ${minLiquidityWei} wei of liquidity`;
    } else if (total !== null) {
      total += valueWei;
    }
    return { ...a, valueWei, routes, route };
  });
  return { totalWei: total, reason, items };
}
