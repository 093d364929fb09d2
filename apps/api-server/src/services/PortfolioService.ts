import {
  type ChainInfo,
  defaultUsdToken,
  getSwapTokenList,
  type PortfolioHolding,
  type PortfolioPriceSource,
  type PortfolioSnapshot,
  type PortfolioTokenInput,
  parseAddress,
  readPortfolio,
  type SwapTokenInput,
  usdFromWei,
} from '@org/chain-evm';
import { formatEther } from '@org/governor';
import { formatUnits } from 'ethers';
import type { ChainErrorDto } from '../dto/gas.js';
import type {
  PortfolioChainDto,
  PortfolioChainTotalsDto,
  PortfolioDto,
  PortfolioHoldingDto,
  PortfolioPriceSourceDto,
  PortfolioTotalsDto,
  PortfolioValueDto,
  PriceRouteDto,
} from '../dto/portfolio.js';
import { ApiProblem } from '../http/ApiProblem.js';
import type { PortfolioConfig } from '../config.js';
import type { ChainProviders } from './ChainProviders.js';
import { chainErrorOf } from './chainErrorOf.js';
import { resolveChainList } from './resolveChainList.js';

type ChainRead =
  | { chain: ChainInfo; ok: true; snapshot: PortfolioSnapshot }
  | { chain: ChainInfo; ok: false; error: ChainErrorDto; cause: unknown };

/**
 * Portfolio snapshots and totals (`/portfolio/*`): for each chain, the chain's token list (the swap list plus
 * `PORTFOLIO_TOKENS_<CHAIN>`), trusted vaults (`PORTFOLIO_VAULTS_<CHAIN>`) and a USD stablecoin route, read with
 * `readPortfolio` (Multicall3 batches, one pricing request). Chains are read in parallel; a chain that fails carries
 * its error; when every chain fails the request answers that error.
 */
export class PortfolioService {
  readonly #providers: ChainProviders;
  readonly #wallet: `0x${string}` | undefined;
  readonly #extraTokens: ReadonlyMap<number, readonly SwapTokenInput[]>;
  readonly #config: PortfolioConfig;
  readonly #minLiquidityWei: bigint;
  readonly #twapBound: { maxTwapDeviationBps?: number };

  constructor({
    providers,
    wallet,
    extraTokens,
    config,
    minLiquidityWei,
    maxTwapDeviationBps,
  }: {
    providers: ChainProviders;
    /** The configured wallet (the default `address`). */
    wallet: `0x${string}` | undefined;
    /** Tokens added to a chain's swap list (the devnet's). */
    extraTokens: ReadonlyMap<number, readonly SwapTokenInput[]>;
    config: PortfolioConfig;
    /** The gateway's liquidity floor: the same pools price the portfolio and the governor's charges. */
    minLiquidityWei: bigint;
    /** The V3 TWAP bound of the pricing rules (`PRICING_MAX_TWAP_DEVIATION_BPS`; default 500). */
    maxTwapDeviationBps?: number;
  }) {
    this.#providers = providers;
    this.#wallet = wallet;
    this.#extraTokens = extraTokens;
    this.#config = config;
    this.#minLiquidityWei = minLiquidityWei;
    this.#twapBound = maxTwapDeviationBps === undefined ? {} : { maxTwapDeviationBps };
  }

  /** `GET /portfolio/`. */
  async snapshot(p: { chains?: string; address?: string; includeZero?: boolean }): Promise<PortfolioDto> {
    const { owner, reads } = await this.#read(p.chains, p.address, p.includeZero ?? false);
    return {
      address: owner,
      chains: reads.map((r) => (r.ok ? chainDto(r.chain, r.snapshot) : failedChainDto(r.chain, r.error))),
      totals: overallTotals(reads),
    };
  }

  /** `GET /portfolio/value`: the same reads, totals only. */
  async value(p: { chains?: string; address?: string }): Promise<PortfolioValueDto> {
    const { owner, reads } = await this.#read(p.chains, p.address, false);
    return {
      address: owner,
      chains: reads.map((r) => ({
        chain: { id: r.chain.id, name: r.chain.name },
        nativeSymbol: r.chain.nativeSymbol,
        ok: r.ok,
        error: r.ok ? null : r.error,
        blockNumber: r.ok ? Number(r.snapshot.blockNumber) : null,
        totals: r.ok ? chainTotals(r.snapshot) : null,
      })),
      totals: overallTotals(reads),
    };
  }

  async #read(
    chains: string | undefined,
    address: string | undefined,
    includeZero: boolean,
  ): Promise<{ owner: `0x${string}`; reads: ChainRead[] }> {
    const owner = address === undefined ? this.#defaultOwner() : parseAddress({ address });
    const list = resolveChainList({ providers: this.#providers, chains });
    const reads = await Promise.all(
      list.map(async (chain): Promise<ChainRead> => {
        try {
          const { provider, timeoutMs } = await this.#providers.get(String(chain.id));
          const snapshot = await readPortfolio({
            provider,
            chain,
            owner,
            tokens: this.#tokens(chain),
            usdToken: this.#config.usdTokens.has(chain.id)
              ? (this.#config.usdTokens.get(chain.id) ?? null)
              : defaultUsdToken({ chainId: chain.id }),
            minLiquidityWei: this.#minLiquidityWei,
            ...this.#twapBound,
            batchSize: this.#config.batchSize,
            includeZero,
            timeoutMs,
          });
          return { chain, ok: true, snapshot };
        } catch (error) {
          return { chain, ok: false, error: chainErrorOf(error), cause: error };
        }
      }),
    );
    const failed = reads.filter((r) => !r.ok);
    // Nothing could be read: answer the (first) chain's error rather than an empty portfolio.
    if (failed.length === reads.length && failed[0] && !failed[0].ok) throw failed[0].cause;
    return { owner, reads };
  }

  #tokens(chain: ChainInfo): PortfolioTokenInput[] {
    const extra = this.#extraTokens.get(chain.id);
    const vaults = new Set((this.#config.vaults.get(chain.id) ?? []).map((a) => a.toLowerCase()));
    const listed: PortfolioTokenInput[] = getSwapTokenList({
      chain,
      ...(extra ? { extraTokens: extra } : {}),
    }).map((t) => ({ ...t, kind: vaults.has(t.address.toLowerCase()) ? 'erc4626' : 'erc20' }));
    // Configured tokens and vaults not on the list: metadata read on chain in the balance batch.
    const configured: PortfolioTokenInput[] = [
      ...(this.#config.tokens.get(chain.id) ?? []).map((address) => ({ address, kind: 'erc20' as const })),
      ...(this.#config.vaults.get(chain.id) ?? []).map((address) => ({ address, kind: 'erc4626' as const })),
    ];
    return [...listed, ...configured];
  }

  #defaultOwner(): `0x${string}` {
    if (this.#wallet === undefined) {
      throw new ApiProblem(
        503,
        'WALLET_NOT_CONFIGURED',
        'No wallet is configured',
        'pass address, or set WALLET_PRIVATE_KEY or WALLET_KEYSTORE_PATH',
      );
    }
    return this.#wallet;
  }
}

const eth = (wei: bigint) => ({ eth: formatEther(wei), wei: wei.toString() });
const usd = (e18: bigint | null) => (e18 === null ? null : formatUnits(e18, 18));

function routeDto(source: PortfolioPriceSource): PriceRouteDto | null {
  if (source.kind === 'erc4626') return null;
  if (source.kind === 'native' || source.kind === 'wrapped-native') {
    return { kind: source.kind, pool: null, fee: null, poolLiquidity: null };
  }
  return { kind: source.kind, pool: source.pool, fee: source.fee, poolLiquidity: eth(source.liquidityWei) };
}

function sourceDto(source: PortfolioPriceSource | null): PortfolioPriceSourceDto | null {
  if (source === null) return null;
  if (source.kind === 'erc4626') {
    return {
      kind: 'erc4626',
      pool: null,
      fee: null,
      poolLiquidity: null,
      vault: {
        asset: source.asset,
        assetsBase: source.assets.toString(),
        assetRoute: source.assetSource === null ? null : routeDto(source.assetSource),
      },
    };
  }
  const route = routeDto(source) as PriceRouteDto;
  return { ...route, vault: null };
}

function holdingDto(h: PortfolioHolding): PortfolioHoldingDto {
  return {
    token: {
      kind: h.asset.kind,
      address: h.asset.address ?? 'native',
      symbol: h.asset.symbol,
      name: h.asset.name,
      decimals: h.asset.decimals,
    },
    balance: { amount: formatUnits(h.balance, h.asset.decimals), amountBase: h.balance.toString() },
    price: { eth: h.priceWei === null ? null : eth(h.priceWei), usd: usd(h.priceUsdE18) },
    value: { eth: h.valueWei === null ? null : eth(h.valueWei), usd: usd(h.valueUsdE18) },
    source: sourceDto(h.source),
    unpricedReason: h.unpricedReason,
  };
}

function chainTotals(s: PortfolioSnapshot): PortfolioChainTotalsDto {
  return {
    eth: eth(s.totals.valueWei),
    usd: usd(s.totals.valueUsdE18),
    holdings: s.totals.holdings,
    priced: s.totals.priced,
    unpriced: s.totals.unpriced,
    unpricedTokens: s.totals.unpricedAssets.map((a) => a ?? 'native'),
  };
}

function chainDto(chain: ChainInfo, s: PortfolioSnapshot): PortfolioChainDto {
  const route = s.usd;
  return {
    chain: { id: chain.id, name: chain.name },
    nativeSymbol: chain.nativeSymbol,
    ok: true,
    error: null,
    blockNumber: Number(s.blockNumber),
    usdRoute:
      route === null
        ? null
        : {
            token: route.token,
            symbol: route.symbol,
            usdPerNative: usd(usdFromWei({ wei: 10n ** 18n, referenceWei: route.referenceWei })),
            route: route.source === null ? null : routeDto(route.source),
            unpricedReason: route.unpricedReason,
          },
    holdings: s.holdings.map(holdingDto),
    unreadable: s.unreadable.map((u) => ({ token: u.token, reason: u.reason })),
    totals: chainTotals(s),
  };
}

function failedChainDto(chain: ChainInfo, error: ChainErrorDto): PortfolioChainDto {
  return {
    chain: { id: chain.id, name: chain.name },
    nativeSymbol: chain.nativeSymbol,
    ok: false,
    error,
    blockNumber: null,
    usdRoute: null,
    holdings: [],
    unreadable: [],
    totals: null,
  };
}

/** Sums over chains: ETH only where the native currency is ETH; USD only where the chain has a route. */
function overallTotals(reads: readonly ChainRead[]): PortfolioTotalsDto {
  let wei = 0n;
  let usdE18: bigint | null = null;
  let holdings = 0;
  let priced = 0;
  const unpricedHoldings: PortfolioTotalsDto['unpricedHoldings'] = [];
  const failedChains: string[] = [];
  const ethExcludedChains: string[] = [];
  const usdMissingChains: string[] = [];
  for (const r of reads) {
    if (!r.ok) {
      failedChains.push(r.chain.name);
      continue;
    }
    const t = r.snapshot.totals;
    holdings += t.holdings;
    priced += t.priced;
    if (r.chain.nativeSymbol === 'ETH') wei += t.valueWei;
    else ethExcludedChains.push(r.chain.name);
    if (t.valueUsdE18 === null) usdMissingChains.push(r.chain.name);
    else usdE18 = (usdE18 ?? 0n) + t.valueUsdE18;
    for (const h of r.snapshot.holdings) {
      if (h.valueWei !== null) continue;
      unpricedHoldings.push({
        chain: r.chain.name,
        token: h.asset.address ?? 'native',
        symbol: h.asset.symbol,
        balance: formatUnits(h.balance, h.asset.decimals),
      });
    }
  }
  return {
    eth: eth(wei),
    usd: usd(usdE18),
    holdings,
    priced,
    unpriced: unpricedHoldings.length,
    unpricedHoldings,
    failedChains,
    ethExcludedChains,
    usdMissingChains,
    complete:
      failedChains.length === 0 &&
      unpricedHoldings.length === 0 &&
      usdMissingChains.length === 0 &&
      ethExcludedChains.length === 0,
  };
}
