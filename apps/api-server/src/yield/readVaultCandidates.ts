import {
  type Address,
  type ChainInfo,
  measureVaultApy,
  readVaultStates,
  type RpcSender,
  type SharePriceStore,
} from '@org/chain-evm';
import { vaultHistoryDays } from './vaultHistoryDays.js';
import { formatUnits } from 'ethers';
import { priceInEthAndUsd } from './priceInEthAndUsd.js';
import type { YieldCandidate } from './rankingTypes.js';

const DAY_MS = 86_400_000;

/** What an on-chain vault row carries besides its candidate (exact amounts). */
export interface VaultDetails {
  readonly asset: Address;
  readonly assetSymbol: string | null;
  readonly assetDecimals: number;
  readonly shareSymbol: string | null;
  readonly shareDecimals: number;
  readonly totalAssets: bigint;
  readonly assetsPerShare: bigint;
  readonly tvlWei: bigint | null;
  readonly tvlUsdE18: bigint | null;
  readonly tvlUnpricedReason: string | null;
  /** `maxDeposit(wallet)`; `null` when not read. */
  readonly maxDeposit: bigint | null;
  readonly samples: number;
  readonly lastSampleAt: number | null;
  /** Why the APY is `null`. */
  readonly apyReason: string | null;
  readonly blockNumber: bigint;
}

/** Result of {@link readVaultCandidates}. */
export interface ReadVaultCandidatesReturnType {
  readonly rows: readonly { readonly candidate: YieldCandidate; readonly details: VaultDetails }[];
  readonly unreadable: readonly { readonly vault: Address; readonly reason: string }[];
}

/**
 * The configured ERC-4626 vaults of one chain as opportunities: read at one block (`readVaultStates`), TVL =
 * `totalAssets` priced on chain (`priceInEthAndUsd`, the gateway's pricing), APY measured from the stored share-price
 * samples (`measureVaultApy`: `null` until two samples a day apart — never a guess). The data's age is the newest
 * sample's, in chain time. A vault that does not answer as ERC-4626 is listed in `unreadable`.
 *
 * @example
 * ```ts
 * const { rows } = await readVaultCandidates({ provider, chain, vaults, owner: wallet, store, usdToken, minLiquidityWei });
 * ```
 */
export async function readVaultCandidates({
  provider,
  chain,
  vaults,
  owner,
  store,
  usdToken,
  minLiquidityWei,
  timeoutMs,
}: {
  provider: RpcSender;
  chain: ChainInfo;
  vaults: readonly Address[];
  /** The wallet (its `maxDeposit`); none → the zero address's. */
  owner: Address | undefined;
  store: SharePriceStore;
  usdToken: Address | null;
  minLiquidityWei: bigint;
  timeoutMs?: number;
}): Promise<ReadVaultCandidatesReturnType> {
  if (vaults.length === 0) return { rows: [], unreadable: [] };
  const deadline = timeoutMs === undefined ? {} : { timeoutMs };
  const read = await readVaultStates({
    provider,
    chain,
    vaults,
    ...(owner === undefined ? {} : { owner }),
    ...deadline,
  });
  const unreadable: { vault: Address; reason: string }[] = [];
  const usable = read.vaults.flatMap((v) => {
    if (
      v.unreadableReason !== null ||
      v.asset === null ||
      v.assetDecimals === null ||
      v.shareDecimals === null ||
      v.totalAssets === null ||
      v.assetsPerShare === null
    ) {
      unreadable.push({ vault: v.vault, reason: v.unreadableReason ?? 'the vault did not answer' });
      return [];
    }
    return [
      {
        ...v,
        asset: v.asset,
        assetDecimals: v.assetDecimals,
        shareDecimals: v.shareDecimals,
        totalAssets: v.totalAssets,
        assetsPerShare: v.assetsPerShare,
      },
    ];
  });
  const usdDecimals =
    usdToken === null
      ? null
      : (usable.find((v) => v.asset.toLowerCase() === usdToken.toLowerCase())?.assetDecimals ?? null);
  const prices = await priceInEthAndUsd({
    provider,
    chain,
    amounts: usable.map((v) => ({ token: v.asset, amount: v.totalAssets })),
    usdToken,
    usdDecimals,
    minLiquidityWei,
    blockTag: read.blockNumber,
    ...deadline,
  });
  const rows = await Promise.all(
    usable.map(async (v, i) => {
      const oldest = await store.oldest({ chainId: chain.id, vault: v.vault });
      const samples =
        oldest === null
          ? []
          : await store.list({ chainId: chain.id, vault: v.vault, since: read.timestamp - 31 * DAY_MS });
      const measured = measureVaultApy({ samples, oldest });
      const price = prices[i];
      const tvlUsd = price?.usdE18 == null ? null : Number(formatUnits(price.usdE18, 18));
      const candidate: YieldCandidate = {
        id: `onchain:${chain.id}:${v.vault}`,
        source: 'onchain',
        chainId: chain.id,
        chain: chain.name,
        project: 'erc4626',
        symbol: v.assetSymbol ?? v.asset,
        poolMeta: v.shareSymbol,
        pool: null,
        vault: v.vault,
        underlyingTokens: [v.asset.toLowerCase()],
        rewardTokens: [],
        tvlUsd,
        apy: measured.apy,
        apyBase: measured.apy,
        apyReward: null,
        apyMean30d: measured.apyMean30d,
        apyPct1D: null,
        apyPct7D: null,
        apyPct30D: null,
        sigma: measured.sigma,
        // Daily points, not the span between two samples (review M19).
        historyDays: vaultHistoryDays(measured),
        // Measured from the vault's own share price: there is no population to be an outlier of.
        outlier: false,
        stablecoin: null,
        exposure: 'single',
        ilRisk: 'no',
        predictions: null,
        dataAgeMs:
          measured.lastSampleAt === null ? null : Math.max(0, read.timestamp - measured.lastSampleAt),
        unchangedForMs: null,
        maxDeposit: v.maxDeposit,
      };
      const details: VaultDetails = {
        asset: v.asset,
        assetSymbol: v.assetSymbol,
        assetDecimals: v.assetDecimals,
        shareSymbol: v.shareSymbol,
        shareDecimals: v.shareDecimals,
        totalAssets: v.totalAssets,
        assetsPerShare: v.assetsPerShare,
        tvlWei: price?.valueWei ?? null,
        tvlUsdE18: price?.usdE18 ?? null,
        tvlUnpricedReason: price?.unpricedReason ?? null,
        maxDeposit: v.maxDeposit,
        samples: samples.length,
        lastSampleAt: measured.lastSampleAt,
        apyReason: measured.reason,
        blockNumber: read.blockNumber,
      };
      return { candidate, details };
    }),
  );
  return { rows, unreadable };
}
