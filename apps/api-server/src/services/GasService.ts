import {
  type ChainInfo,
  DEFAULT_GATEWAY_SETTINGS,
  estimateTransactionCost,
  GAS_MARGIN_BPS,
  type GasRecommendation,
  type GasTier,
  getGasRecommendation,
  parseAddress,
} from '@org/chain-evm';
import { formatEther } from '@org/governor';
import { formatUnits } from 'ethers';
import type {
  GasBatchDto,
  GasCostDto,
  GasEstimateDto,
  GasPriceDto,
  GasRecommendationDto,
  GasTierDto,
} from '../dto/gas.js';
import { ApiProblem } from '../http/ApiProblem.js';
import { parseDecimalAmount } from '../http/parseDecimalAmount.js';
import type { ChainProviders } from './ChainProviders.js';
import { chainErrorOf } from './chainErrorOf.js';
import { resolveChainList } from './resolveChainList.js';

/** Largest `data` accepted by `/gas/estimate`, in bytes (a query string must fit in the 16 KiB header limit). */
export const MAX_ESTIMATE_DATA_BYTES = 6_144;

/** Input of {@link GasService.estimate} (query parameters, unparsed). */
export interface GasEstimateInput {
  chain: string | undefined;
  to: string;
  value: string | undefined;
  data: string | undefined;
  from: string | undefined;
  tier: GasTier | undefined;
}

/** Gas recommendations and estimates (`/gas/*`), read from the chain on every request: never a default price. */
export class GasService {
  readonly #providers: ChainProviders;
  readonly #wallet: `0x${string}` | undefined;
  readonly #feeCeilingWei: bigint;
  readonly #maxReplacements: number;

  constructor({
    providers,
    wallet,
    feeCeilingWei,
    maxReplacements = DEFAULT_GATEWAY_SETTINGS.maxReplacements,
  }: {
    providers: ChainProviders;
    /** The configured wallet (the default `from`); absent when none is configured. */
    wallet: `0x${string}` | undefined;
    /** The gateway's fee ceiling (`GAS_PRICE_CEILING_GWEI`). */
    feeCeilingWei: bigint;
    /** The gateway's replacement count (its default unless the gateway is configured otherwise). */
    maxReplacements?: number;
  }) {
    this.#providers = providers;
    this.#wallet = wallet;
    this.#feeCeilingWei = feeCeilingWei;
    this.#maxReplacements = maxReplacements;
  }

  /** `GET /gas/recommendation`: one chain's tiers. */
  async recommendation(chain: string | undefined): Promise<GasRecommendationDto> {
    const { chain: info, provider, timeoutMs } = await this.#providers.get(chain);
    return toRecommendationDto(info, await getGasRecommendation({ provider, chain: info, timeoutMs }));
  }

  /** `GET /gas/batch`: several chains in parallel; a chain that fails carries its error and fails nothing else. */
  async batch(chains: string | undefined): Promise<GasBatchDto> {
    const list = resolveChainList({ providers: this.#providers, chains });
    const entries = await Promise.all(
      list.map(async (info) => {
        const chain = { id: info.id, name: info.name };
        try {
          return { chain, ok: true, recommendation: await this.recommendation(String(info.id)), error: null };
        } catch (error) {
          return { chain, ok: false, recommendation: null, error: chainErrorOf(error) };
        }
      }),
    );
    const succeeded = entries.filter((e) => e.ok).length;
    return { chains: entries, succeeded, failed: entries.length - succeeded };
  }

  /** `GET /gas/estimate`: the described transaction's gas, fees at a tier, and what the governor would be charged. */
  async estimate(input: GasEstimateInput): Promise<GasEstimateDto> {
    const to = parseAddress({ address: input.to });
    const from = input.from === undefined ? this.#defaultFrom() : parseAddress({ address: input.from });
    const data = parseData(input.data);
    const value = parseValue(input.value);
    const tier = input.tier ?? 'standard';
    const { chain, provider, timeoutMs } = await this.#providers.get(input.chain);
    const cost = await estimateTransactionCost({
      provider,
      chain,
      from,
      to,
      data,
      value,
      tier,
      feeCeilingWei: this.#feeCeilingWei,
      maxReplacements: this.#maxReplacements,
      timeoutMs,
    });
    if (!cost.ok) {
      throw new ApiProblem(422, 'SIMULATION_REVERTED', 'The transaction would revert', cost.reason, {
        reason: cost.reason,
        revertData: cost.revertData,
      });
    }
    const native = (wei: bigint): GasCostDto => ({
      amount: formatUnits(wei, chain.nativeDecimals),
      wei: wei.toString(),
      symbol: chain.nativeSymbol,
      ethEquivalent: { eth: formatEther(wei), wei: wei.toString() },
    });
    return {
      chain: { id: chain.id, name: chain.name },
      from,
      to,
      value: { amount: formatUnits(value, chain.nativeDecimals), wei: value.toString() },
      tier,
      gasEstimate: cost.gasEstimate.toString(),
      gasLimit: cost.gasLimit.toString(),
      gasMarginBps: Number(GAS_MARGIN_BPS),
      fees: toRecommendationDto(chain, cost.recommendation).tiers[tier],
      expectedCost: native(cost.expectedFeeWei),
      worstCaseCost: native(cost.maxFeeWei),
      governorCharge: { eth: formatEther(cost.governorChargeWei), wei: cost.governorChargeWei.toString() },
      aboveCeiling: cost.aboveCeiling,
      feeCeiling: gas(this.#feeCeilingWei),
    };
  }

  #defaultFrom(): `0x${string}` {
    if (this.#wallet === undefined) {
      throw new ApiProblem(
        503,
        'WALLET_NOT_CONFIGURED',
        'No wallet is configured',
        'pass from, or set WALLET_PRIVATE_KEY or WALLET_KEYSTORE_PATH',
      );
    }
    return this.#wallet;
  }
}

function toRecommendationDto(chain: ChainInfo, rec: GasRecommendation): GasRecommendationDto {
  const ref = { id: chain.id, name: chain.name };
  if (rec.kind === 'legacy') {
    const tier = (t: GasTier): GasTierDto => ({
      maxPriorityFeePerGas: null,
      maxFeePerGas: null,
      gasPrice: gas(rec.tiers[t].gasPrice),
      percentile: null,
      multiplier: bps(rec.tiers[t].multiplierBps),
    });
    return {
      chain: ref,
      kind: 'legacy',
      baseFee: null,
      baseFeeTrend: null,
      oldestBaseFee: null,
      blockFullness: null,
      historyBlocks: null,
      newestBlock: null,
      nodeGasPrice: gas(rec.gasPrice),
      tiers: { slow: tier('slow'), standard: tier('standard'), fast: tier('fast') },
      gatewayTier: 'standard',
    };
  }
  const tier = (t: GasTier): GasTierDto => ({
    maxPriorityFeePerGas: gas(rec.tiers[t].maxPriorityFeePerGas),
    maxFeePerGas: gas(rec.tiers[t].maxFeePerGas),
    gasPrice: null,
    percentile: rec.tiers[t].percentile,
    multiplier: bps(rec.tiers[t].baseFeeMultiplierBps),
  });
  return {
    chain: ref,
    kind: 'eip1559',
    baseFee: gas(rec.baseFeePerGas),
    baseFeeTrend: rec.baseFeeTrend,
    oldestBaseFee: gas(rec.oldestBaseFeePerGas),
    blockFullness: {
      averagePercent: Math.round(rec.gasUsedRatio.average * 10_000) / 100,
      latestPercent: Math.round(rec.gasUsedRatio.latest * 10_000) / 100,
    },
    historyBlocks: rec.blocks,
    newestBlock: Number(rec.newestBlock),
    nodeGasPrice: null,
    tiers: { slow: tier('slow'), standard: tier('standard'), fast: tier('fast') },
    gatewayTier: 'standard',
  };
}

function gas(wei: bigint): GasPriceDto {
  return { gwei: formatUnits(wei, 9), wei: wei.toString() };
}

/** Basis points → a plain decimal multiplier (`12500` → `"1.25"`). */
function bps(value: bigint): string {
  const text = formatUnits(value, 4);
  return text.endsWith('.0') ? text.slice(0, -2) : text;
}

function parseData(text: string | undefined): `0x${string}` {
  if (text === undefined) return '0x';
  if (!/^0x([0-9a-fA-F]{2})*$/.test(text) || text.length > 2 + 2 * MAX_ESTIMATE_DATA_BYTES) {
    throw new ApiProblem(422, 'VALIDATION_FAILED', 'Request validation failed', undefined, {
      fields: { data: `must be 0x-prefixed hex of whole bytes, at most ${MAX_ESTIMATE_DATA_BYTES} bytes` },
    });
  }
  return text.toLowerCase() as `0x${string}`;
}

/** Native units, a decimal string; zero allowed (a call that sends nothing). */
function parseValue(text: string | undefined): bigint {
  if (text === undefined || /^0{1,60}(\.0{1,18})?$/.test(text)) return 0n;
  return parseDecimalAmount({ field: 'value', text, decimals: 18 });
}
