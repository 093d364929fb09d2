import {
  type ChainInfo,
  computeCompoundEconomics,
  DEFAULT_GATEWAY_SETTINGS,
  estimateFees,
  type RpcSender,
  worstCaseFeeWei,
} from '@org/chain-evm';
import { formatEther } from '@org/governor';
import type { YieldCompoundConfig } from '../config.js';
import type { YieldCompoundEconomicsDto } from '../dto/yieldCompound.js';

const eth = (wei: bigint) => ({ eth: formatEther(wei), wei: wei.toString() });

/**
 * Whether a compound pays, in ETH-equivalent wei: the worst-case gas — `gasLimit` × the fee the gateway would sign
 * now after every allowed replacement, capped at the fee ceiling — plus the vault's own entry and exit fees on the
 * amount (measured with `previewDeposit`/`previewRedeem`), against the gain of `valueWei` over the horizon at
 * `ratePpb` (`computeCompoundEconomics`, factor `minGainFactorBps`). `position` is the position after the deposit,
 * in the asset's base units, priced at the amount's rate (for the best interval τ*).
 *
 * @example
 * ```ts
 * const { pays, gasCost, dto } = await priceCompound({ provider, chain, timeoutMs, valueWei, amount, positionAfter, ratePpb, settings, feeCeilingWei });
 * ```
 */
export async function priceCompound(p: {
  provider: RpcSender;
  chain: ChainInfo;
  timeoutMs: number;
  /** The deposit priced on chain by the gateway. */
  valueWei: bigint;
  /** The deposit and the position after it, base units of the asset. */
  amount: bigint;
  positionAfter: bigint;
  ratePpb: bigint;
  settings: YieldCompoundConfig;
  feeCeilingWei: bigint;
  /** The vault's entry and exit fees on `amount` (`readRoundTripFee`), base units of the asset. */
  vaultFeeAssets: bigint;
  /** The same in bps of `amount`. */
  vaultFeeBps: number;
}): Promise<{ pays: boolean; gasCost: bigint; dto: YieldCompoundEconomicsDto }> {
  const fees = await estimateFees({ provider: p.provider, chain: p.chain, timeoutMs: p.timeoutMs });
  const maxFeePerGas = fees.kind === 'eip1559' ? fees.maxFeePerGas : fees.gasPrice;
  const { gasLimit, minGainFactorBps, horizonSeconds } = p.settings;
  const gasCost = worstCaseFeeWei({
    gasLimit,
    maxFeePerGas,
    feeCeilingWei: p.feeCeilingWei,
    maxReplacements: DEFAULT_GATEWAY_SETTINGS.maxReplacements,
  });
  // The vault's fees are paid at once, like gas: priced at the deposit's own rate (rounded up), and counted with it.
  const vaultFeesWei = (p.valueWei * p.vaultFeeAssets + p.amount - 1n) / p.amount;
  const economics = computeCompoundEconomics({
    amount: p.valueWei,
    position: (p.valueWei * p.positionAfter) / p.amount,
    ratePpb: p.ratePpb,
    horizonSeconds,
    gasCost: gasCost + vaultFeesWei,
    minGainFactorBps,
  });
  return {
    pays: economics.pays,
    gasCost,
    dto: {
      ratePpb: p.ratePpb.toString(),
      horizonSeconds: horizonSeconds.toString(),
      gain: eth(economics.expectedGain),
      gas: eth(gasCost),
      vaultFees: eth(vaultFeesWei),
      vaultFeeBps: p.vaultFeeBps,
      requiredGain: eth(economics.requiredGain),
      minGainFactorBps: Number(minGainFactorBps),
      pays: economics.pays,
      paysAfterSeconds: economics.paysAfterSeconds?.toString() ?? null,
      optimalIntervalSeconds: economics.optimalIntervalSeconds?.toString() ?? null,
      gasLimit: gasLimit.toString(),
      maxFeePerGas: (gasCost / gasLimit).toString(),
    },
  };
}
