import type { Address, ChainInfo } from '../chains/chains.js';
import { type PriceRoute, priceInNative } from '../gateway/steps/priceInNative.js';
import type { RpcSender } from '../multicall/aggregate3.js';
import { pickPricingRules } from '../pricing/pickPricingRules.js';
import type { PricingRules } from '../pricing/types.js';
import { portfolioTotals } from './portfolioTotals.js';
import { readTokenBalances } from './readTokenBalances.js';
import { readVaultAssets } from './readVaultAssets.js';
import type {
  PortfolioAsset,
  PortfolioHolding,
  PortfolioPriceSource,
  PortfolioSnapshot,
  PortfolioTokenInput,
  PortfolioUnreadable,
  PortfolioUsdRoute,
} from './types.js';
import { USD_REFERENCE_WHOLE_UNITS } from './types.js';
import { usdFromWei } from './usdFromWei.js';

/** Parameters of {@link readPortfolio}; values follow the gateway's pricing rules ({@link PricingRules}). */
export interface ReadPortfolioParameters extends PricingRules {
  readonly provider: RpcSender;
  readonly chain: ChainInfo;
  readonly owner: Address;
  /** The chain's token list plus configured tokens (duplicates are read once; a declared vault stays a vault). */
  readonly tokens: readonly PortfolioTokenInput[];
  /** Stablecoin whose pools give USD (read as a token too, when not listed); `null` = no USD figures. */
  readonly usdToken: Address | null;
  /** The pricing module's liquidity floor (the gateway's), applied to a pool's depth: shallower pools are not price sources. */
  readonly minLiquidityWei: bigint;
  /** Tokens per balance request (see `readTokenBalances`). */
  readonly batchSize?: number;
  /** Keep zero balances (they are omitted by default; the native balance is always listed). */
  readonly includeZero?: boolean;
  readonly timeoutMs?: number;
}

/**
 * A portfolio snapshot of `owner` on one chain, every figure read at one block:
 *
 * 1. balances — `readTokenBalances`: `ceil(tokens / batchSize)` Multicall3 requests (native balance included);
 * 2. vault shares held — `readVaultAssets`: one request, only when a declared ERC-4626 vault has shares;
 * 3. prices — the gateway's `priceInNative`: one request per 300 distinct tokens priced (every held token, every
 *    vault's underlying and the USD stablecoin; highest Uniswap V2/V3 route against the wrapped native meeting the
 *    pricing rules; WETH 1:1).
 *
 * So at most `ceil(tokens / batchSize) + 1 + ceil(priced / 300)` requests (`+ 2` up to 300 tokens), never one per
 * token. A token without a usable route has
 * `valueWei: null` (never 0) and is counted in `totals.unpriced`; USD figures are `null` when the stablecoin itself
 * cannot be priced. Node trouble → `RpcError`, never a partial or default answer.
 *
 * @example
 * ```ts
 * const snapshot = await readPortfolio({ provider, chain, owner, tokens, usdToken: usdc, minLiquidityWei: 10n ** 19n });
 * snapshot.totals.valueWei; snapshot.totals.unpriced;
 * ```
 */
export async function readPortfolio(parameters: ReadPortfolioParameters): Promise<PortfolioSnapshot> {
  const { provider, chain, owner, tokens, usdToken, batchSize, includeZero = false, timeoutMs } = parameters;
  const rules = pickPricingRules(parameters);
  const deadline = timeoutMs === undefined ? {} : { timeoutMs };
  const unique = new Map<string, PortfolioTokenInput>();
  for (const token of tokens) {
    const key = token.address.toLowerCase();
    const seen = unique.get(key);
    if (seen === undefined) unique.set(key, token);
    else if (token.kind === 'erc4626' && seen.kind !== 'erc4626')
      unique.set(key, { ...seen, kind: 'erc4626' });
  }
  if (usdToken !== null && !unique.has(usdToken.toLowerCase())) {
    unique.set(usdToken.toLowerCase(), { address: usdToken });
  }

  // 1. Balances (and metadata of tokens given without decimals).
  const read = await readTokenBalances({
    provider,
    chain,
    owner,
    tokens: [...unique.values()],
    ...(batchSize === undefined ? {} : { batchSize }),
    ...deadline,
  });
  const blockTag = read.blockNumber;
  const unreadable: PortfolioUnreadable[] = [];
  const shown: { asset: PortfolioAsset & { address: Address }; balance: bigint }[] = [];
  let usdDecimals: number | null = null;
  let usdSymbol: string | null = null;
  for (const r of read.tokens) {
    if (r.decimals === null || r.balance === null) {
      unreadable.push({
        token: r.token.address,
        reason: r.decimals === null ? 'decimals() did not answer' : 'balanceOf() did not answer',
      });
      continue;
    }
    if (usdToken !== null && r.token.address.toLowerCase() === usdToken.toLowerCase()) {
      usdDecimals = r.decimals;
      usdSymbol = r.symbol;
    }
    if (r.balance === 0n && !includeZero) continue;
    shown.push({
      asset: {
        kind: r.token.kind ?? 'erc20',
        address: r.token.address,
        symbol: r.symbol,
        name: r.name,
        decimals: r.decimals,
      },
      balance: r.balance,
    });
  }

  // 2. Vault shares → underlying assets.
  const vaults = await readVaultAssets({
    provider,
    chain,
    vaults: shown
      .filter((s) => s.asset.kind === 'erc4626')
      .map((s) => ({ vault: s.asset.address, shares: s.balance, decimals: s.asset.decimals })),
    blockTag,
    ...deadline,
  });
  const vaultOf = new Map(vaults.map((v) => [v.vault.toLowerCase(), v]));

  // 3. One pricing request: each shown token's balance and one whole unit, each vault's underlying, the USD reference.
  const amounts: { token: Address; amount: bigint }[] = [];
  const slot = (token: Address, amount: bigint) => amounts.push({ token, amount }) - 1;
  const plan = shown.map((s) => {
    if (s.asset.kind !== 'erc4626') {
      return {
        value: slot(s.asset.address, s.balance),
        unit: slot(s.asset.address, 10n ** BigInt(s.asset.decimals)),
      };
    }
    const v = vaultOf.get(s.asset.address.toLowerCase());
    if (!v || v.asset === null || v.assets === null || v.assetsPerShare === null) return null;
    return { value: slot(v.asset, v.assets), unit: slot(v.asset, v.assetsPerShare) };
  });
  const usdSlot =
    usdToken !== null && usdDecimals !== null
      ? slot(usdToken, USD_REFERENCE_WHOLE_UNITS * 10n ** BigInt(usdDecimals))
      : null;
  const priced =
    amounts.length === 0
      ? { items: [], reason: null }
      : await priceInNative({ provider, chain, amounts, ...rules, blockTag, ...deadline });
  const weth = chain.contracts.wrappedNative?.toLowerCase() ?? null;
  const sourceOf = (token: Address, route: PriceRoute | null): PortfolioPriceSource | null => {
    if (token.toLowerCase() === weth) return { kind: 'wrapped-native' };
    if (route === null) return null;
    return {
      kind: route.protocol === 'v2' ? 'uniswap-v2' : 'uniswap-v3',
      pool: route.pool,
      fee: route.fee,
      liquidityWei: route.liquidityWei,
    };
  };
  const whyUnpriced = (index: number): string => {
    const item = priced.items[index];
    if (item === undefined || priced.reason?.startsWith('no pricing configuration')) {
      return priced.reason ?? 'not priced';
    }
    return item.routes.length > 0
      ? `no pool against the wrapped native is a price source (depth under ${rules.minLiquidityWei} wei, the liquidity floor; or a V3 spot off its TWAP)`
      : 'no Uniswap V2/V3 pool against the wrapped native';
  };

  let usd: PortfolioUsdRoute | null = null;
  if (usdToken !== null) {
    const item = usdSlot === null ? undefined : priced.items[usdSlot];
    const referenceWei = item?.valueWei ?? null;
    usd = {
      token: usdToken,
      symbol: usdSymbol,
      decimals: usdDecimals ?? 0,
      referenceWei,
      source: item ? sourceOf(usdToken, item.route) : null,
      unpricedReason:
        usdSlot === null
          ? 'the stablecoin could not be read (decimals)'
          : referenceWei === null
            ? whyUnpriced(usdSlot)
            : null,
    };
  }
  const referenceWei = usd?.referenceWei ?? null;
  const withUsd = (h: Omit<PortfolioHolding, 'priceUsdE18' | 'valueUsdE18'>): PortfolioHolding => ({
    ...h,
    priceUsdE18: h.priceWei === null ? null : usdFromWei({ wei: h.priceWei, referenceWei }),
    valueUsdE18: h.valueWei === null ? null : usdFromWei({ wei: h.valueWei, referenceWei }),
  });

  const native = withUsd({
    asset: {
      kind: 'native',
      address: null,
      symbol: chain.nativeSymbol,
      name: chain.nativeSymbol,
      decimals: 18,
    },
    balance: read.nativeWei,
    priceWei: 10n ** 18n,
    valueWei: read.nativeWei,
    source: { kind: 'native' },
    unpricedReason: null,
  });
  const holdings = shown.map((s, i) => {
    const p = plan[i];
    const base = { asset: s.asset, balance: s.balance };
    if (p === null || p === undefined) {
      return withUsd({
        ...base,
        priceWei: null,
        valueWei: null,
        source: null,
        unpricedReason: 'the vault did not answer asset() / convertToAssets()',
      });
    }
    const value = priced.items[p.value];
    const unit = priced.items[p.unit];
    const priceWei = unit?.valueWei ?? null;
    const valueWei = value?.valueWei ?? null;
    const token = value?.token ?? s.asset.address;
    const routeSource = sourceOf(token, value?.route ?? unit?.route ?? null);
    const source: PortfolioPriceSource | null =
      s.asset.kind === 'erc4626'
        ? { kind: 'erc4626', asset: token, assets: value?.amount ?? 0n, assetSource: routeSource }
        : routeSource;
    return withUsd({
      ...base,
      priceWei,
      valueWei: priceWei === null ? null : valueWei,
      source: valueWei === null || priceWei === null ? null : source,
      unpricedReason: valueWei === null || priceWei === null ? whyUnpriced(p.unit) : null,
    });
  });
  holdings.sort((a, b) => {
    if (a.valueWei === null || b.valueWei === null)
      return a.valueWei === null ? (b.valueWei === null ? 0 : 1) : -1;
    return a.valueWei > b.valueWei ? -1 : a.valueWei < b.valueWei ? 1 : 0;
  });
  const all = [native, ...holdings];
  return {
    chainId: chain.id,
    owner,
    blockNumber: read.blockNumber,
    holdings: all,
    usd,
    totals: portfolioTotals({ holdings: all, usd: referenceWei !== null }),
    unreadable,
  };
}
