import {
  type Address,
  type ChainInfo,
  defaultUsdToken,
  type ExecutionStore,
  getSwapTokenList,
  type ListDepositJournalReturnType,
  listDepositJournal,
  parseAddress,
  readTokenBalances,
  readVaultStates,
  type SwapTokenInput,
  summarizeVaultCostBasis,
  type VaultState,
} from '@org/chain-evm';
import { formatEther } from '@org/governor';
import { formatUnits } from 'ethers';
import type { PortfolioConfig, YieldConfig } from '../config.js';
import type { EthAmountDto } from '../dto/governor.js';
import type { YieldChainFailureDto, YieldPortfolioDto, YieldPositionDto } from '../dto/yield.js';
import { ApiProblem } from '../http/ApiProblem.js';
import { priceInEthAndUsd } from '../yield/priceInEthAndUsd.js';
import type { ChainProviders } from './ChainProviders.js';
import { chainErrorOf } from './chainErrorOf.js';
import { resolveChainList } from './resolveChainList.js';

/** One position: its answer and the exact figures the totals sum. */
interface PositionRead {
  dto: YieldPositionDto;
  valueWei: bigint | null;
  usdE18: bigint | null;
  nativeIsEth: boolean;
}

const eth = (wei: bigint): EthAmountDto => ({ eth: formatEther(wei), wei: wei.toString() });
const amount = (value: bigint, decimals: number) => ({
  amount: formatUnits(value, decimals),
  amountBase: value.toString(),
});

/**
 * `GET /yield/portfolio`: the wallet's positions in ERC-4626 vaults — the configured ones (`YIELD_VAULTS_<CHAIN>`,
 * `PORTFOLIO_VAULTS_<CHAIN>`) and any vault among the portfolio's tokens it holds (found by asking its held tokens
 * for `asset()` / `convertToAssets`) — valued at EXIT: `previewRedeem(shares)`, fees included, priced like
 * `/portfolio` (the gateway's pricing module, the chain's USD route). `maxRedeem` below the shares flags an illiquid
 * position. Cost basis and earned yield come from the execution journal: confirmed `deposit` executions this service
 * made from the wallet (`listDepositJournal`), only when every share held came from them.
 */
export class YieldPortfolioService {
  readonly #providers: ChainProviders;
  readonly #wallet: Address | undefined;
  readonly #extraTokens: ReadonlyMap<number, readonly SwapTokenInput[]>;
  readonly #portfolio: PortfolioConfig;
  readonly #yield: YieldConfig;
  readonly #minLiquidityWei: bigint;
  readonly #executions: Pick<ExecutionStore, 'list'>;

  constructor(p: {
    providers: ChainProviders;
    wallet: Address | undefined;
    extraTokens: ReadonlyMap<number, readonly SwapTokenInput[]>;
    portfolio: PortfolioConfig;
    yieldConfig: YieldConfig;
    minLiquidityWei: bigint;
    /** The gateway's execution store (read only). */
    executions: Pick<ExecutionStore, 'list'>;
  }) {
    this.#providers = p.providers;
    this.#wallet = p.wallet;
    this.#extraTokens = p.extraTokens;
    this.#portfolio = p.portfolio;
    this.#yield = p.yieldConfig;
    this.#minLiquidityWei = p.minLiquidityWei;
    this.#executions = p.executions;
  }

  async portfolio(p: { chains?: string; address?: string }): Promise<YieldPortfolioDto> {
    const owner = p.address === undefined ? this.#defaultOwner() : parseAddress({ address: p.address });
    const list = resolveChainList({ providers: this.#providers, chains: p.chains });
    // Only the wallet's own deposits are in the journal; another address has none.
    const journal: ListDepositJournalReturnType =
      this.#wallet !== undefined && owner.toLowerCase() === this.#wallet.toLowerCase()
        ? await listDepositJournal({ store: this.#executions, owner })
        : { deposits: [], unreadable: [], truncated: false };
    const failedChains: YieldChainFailureDto[] = [];
    const reads = await Promise.all(
      list.map(async (chain) => {
        try {
          return await this.#chainPositions(chain, owner, journal);
        } catch (error) {
          failedChains.push({ chain: { id: chain.id, name: chain.name }, error: chainErrorOf(error) });
          return { positions: [] as PositionRead[], error };
        }
      }),
    );
    if (failedChains.length === list.length && reads[0] !== undefined && 'error' in reads[0]) {
      throw reads[0].error;
    }
    const positions = reads.flatMap((r) => r.positions);
    let wei = 0n;
    let usdE18: bigint | null = 0n;
    let unpriced = 0;
    for (const position of positions) {
      if (position.valueWei === null) {
        unpriced++;
        usdE18 = null;
        continue;
      }
      if (position.nativeIsEth) wei += position.valueWei;
      usdE18 = usdE18 === null || position.usdE18 === null ? null : usdE18 + position.usdE18;
    }
    return {
      address: owner,
      positions: positions.map((p) => p.dto),
      totals: { eth: eth(wei), usd: usdE18 === null ? null : formatUnits(usdE18, 18), unpriced },
      failedChains,
    };
  }

  async #chainPositions(
    chain: ChainInfo,
    owner: Address,
    journal: ListDepositJournalReturnType,
  ): Promise<{ positions: PositionRead[] }> {
    const { provider, timeoutMs, chain: info } = await this.#providers.get(String(chain.id));
    const configured = new Map<string, Address>();
    for (const v of [
      ...(this.#yield.vaults.get(chain.id) ?? []),
      ...(this.#portfolio.vaults.get(chain.id) ?? []),
    ]) {
      configured.set(v.toLowerCase(), v);
    }
    // Any vault among the portfolio's tokens: read the held ones and ask them whether they are vaults.
    const extra = this.#extraTokens.get(chain.id);
    const listed = [
      ...getSwapTokenList({ chain: info, ...(extra ? { extraTokens: extra } : {}) }).map(
        (t) => t.address as Address,
      ),
      ...(this.#portfolio.tokens.get(chain.id) ?? []),
    ].filter((a) => !configured.has(a.toLowerCase()));
    const held =
      listed.length === 0
        ? []
        : (
            await readTokenBalances({
              provider,
              chain: info,
              owner,
              tokens: [...new Set(listed)].map((address) => ({
                address,
                symbol: null,
                name: null,
                decimals: 0,
              })),
              batchSize: this.#portfolio.batchSize,
              timeoutMs,
            })
          ).tokens
            .filter((t) => t.balance !== null && t.balance > 0n)
            .map((t) => t.token.address);
    const vaults = [...configured.values(), ...held];
    if (vaults.length === 0) return { positions: [] };
    const read = await readVaultStates({ provider, chain: info, vaults, owner, timeoutMs });
    const positions = read.vaults.filter(
      (v): v is VaultState & { asset: Address; assetDecimals: number; shareDecimals: number } =>
        v.unreadableReason === null &&
        v.asset !== null &&
        v.assetDecimals !== null &&
        v.shareDecimals !== null &&
        (v.position?.shares ?? 0n) > 0n,
    );
    if (positions.length === 0) return { positions: [] };
    const usdToken = this.#portfolio.usdTokens.has(chain.id)
      ? (this.#portfolio.usdTokens.get(chain.id) ?? null)
      : defaultUsdToken({ chainId: chain.id });
    const exits = positions.map((v) => v.position?.exitAssets ?? 0n);
    const basis = positions.map((v) =>
      summarizeVaultCostBasis({
        journal,
        chainId: chain.id,
        vault: v.vault,
        shares: v.position?.shares ?? 0n,
        exitAssets: v.position?.exitAssets ?? null,
      }),
    );
    // A loss is priced by its size and shown with its sign (never as 0): the price of |earned|, negated below.
    const earnedAmounts = basis.map((b) => (b.earned === null ? 0n : b.earned < 0n ? -b.earned : b.earned));
    const prices = await priceInEthAndUsd({
      provider,
      chain: info,
      amounts: [
        ...positions.map((v, i) => ({ token: v.asset, amount: exits[i] ?? 0n })),
        ...positions.map((v, i) => ({ token: v.asset, amount: earnedAmounts[i] ?? 0n })),
      ],
      usdToken,
      usdDecimals:
        usdToken === null
          ? null
          : (positions.find((v) => v.asset.toLowerCase() === usdToken.toLowerCase())?.assetDecimals ?? null),
      minLiquidityWei: this.#minLiquidityWei,
      blockTag: read.blockNumber,
      timeoutMs,
    });
    return {
      positions: positions.map((v, i): PositionRead => {
        const p = v.position as NonNullable<VaultState['position']>;
        const exit = p.exitAssets;
        const ideal = p.convertedAssets;
        const price = prices[i];
        const b = basis[i] as (typeof basis)[number];
        const earnedPrice = prices[positions.length + i];
        const sign = (x: bigint | null | undefined) =>
          x == null || b.earned === null || b.earned >= 0n ? x : -x;
        const unpricedReason =
          exit === null ? 'previewRedeem() did not answer' : (price?.unpricedReason ?? null);
        const valueWei = exit === null ? null : (price?.valueWei ?? null);
        const usdE18 = exit === null ? null : (price?.usdE18 ?? null);
        const dto: YieldPositionDto = {
          chain: { id: info.id, name: info.name },
          vault: v.vault,
          configured: configured.has(v.vault.toLowerCase()),
          shareSymbol: v.shareSymbol,
          shareDecimals: v.shareDecimals,
          asset: { address: v.asset, symbol: v.assetSymbol, decimals: v.assetDecimals },
          shares: amount(p.shares, v.shareDecimals),
          exitAssets: amount(exit ?? 0n, v.assetDecimals),
          idealAssets: amount(ideal ?? 0n, v.assetDecimals),
          exitFeeBps:
            exit === null || ideal === null || ideal === 0n || exit >= ideal
              ? 0
              : Number(((ideal - exit) * 10_000n + ideal - 1n) / ideal),
          value: {
            eth: valueWei === null ? null : eth(valueWei),
            usd: usdE18 === null ? null : formatUnits(usdE18, 18),
          },
          unpricedReason,
          maxRedeem: p.maxRedeem === null ? null : amount(p.maxRedeem, v.shareDecimals),
          illiquid: p.maxRedeem === null || p.maxRedeem < p.shares,
          costBasis: {
            deposits: b.deposits,
            costBasis: b.costBasis === null ? null : amount(b.costBasis, v.assetDecimals),
            firstDepositAt: b.firstDepositAt === null ? null : new Date(b.firstDepositAt).toISOString(),
            earned:
              b.earned === null
                ? null
                : {
                    ...amount(b.earned, v.assetDecimals),
                    eth: earnedPrice?.valueWei == null ? null : signedEth(sign(earnedPrice.valueWei) ?? 0n),
                    usd: earnedPrice?.usdE18 == null ? null : formatUnits(sign(earnedPrice.usdE18) ?? 0n, 18),
                  },
            reason: b.reason,
          },
          blockNumber: Number(read.blockNumber),
        };
        return {
          dto,
          valueWei,
          usdE18: valueWei === null ? null : usdE18,
          nativeIsEth: info.nativeSymbol === 'ETH',
        };
      }),
    };
  }

  #defaultOwner(): Address {
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

function signedEth(wei: bigint): EthAmountDto {
  return wei < 0n ? { eth: `-${formatEther(-wei)}`, wei: wei.toString() } : eth(wei);
}
