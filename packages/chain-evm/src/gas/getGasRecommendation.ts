import type { ChainInfo } from '../chains/chains.js';
import { RpcError } from '../errors/RpcError.js';
import type { RpcSender } from '../multicall/aggregate3.js';
import { rpcCall } from '../rpc/rpcCall.js';
import { gasRecommendationFromFeeHistory } from './gasRecommendationFromFeeHistory.js';
import {
  FEE_HISTORY_BLOCKS,
  GAS_TIER_NAMES,
  GAS_TIERS,
  type GasTier,
  LEGACY_GAS_PRICE_TIERS_BPS,
} from './gasTiers.js';
import type { GasRecommendation, LegacyGasTier } from './types.js';

/** Parameters of {@link getGasRecommendation}. */
export interface GetGasRecommendationParameters {
  readonly provider: RpcSender;
  readonly chain: ChainInfo;
  /** Hard deadline of the one RPC call (default 8,000 ms). */
  readonly timeoutMs?: number;
}

/**
 * Slow / standard / fast fees for the next transaction, read in ONE request. EIP-1559 chains: `eth_feeHistory`
 * over {@link FEE_HISTORY_BLOCKS} blocks with the tier percentiles of {@link GAS_TIERS} (10/50/90), see
 * `gasRecommendationFromFeeHistory`. Legacy chains (`eip1559: false`): `eth_gasPrice` × the multipliers of
 * {@link LEGACY_GAS_PRICE_TIERS_BPS} (0.9/1/1.25). `standard` is exactly what the execution gateway signs with.
 * Node trouble or a malformed answer → `RpcError` (`RPC_TIMEOUT`, `RPC_UNAVAILABLE`, `RPC_ERROR`): never a default.
 *
 * @example
 * ```ts
 * const rec = await getGasRecommendation({ provider, chain });
 * if (rec.kind === 'eip1559') rec.tiers.fast.maxPriorityFeePerGas;
 * ```
 */
export async function getGasRecommendation({
  provider,
  chain,
  timeoutMs = 8_000,
}: GetGasRecommendationParameters): Promise<GasRecommendation> {
  if (!chain.eip1559) {
    const raw = await rpcCall({
      chainId: chain.id,
      method: 'eth_gasPrice',
      timeoutMs,
      run: () => provider.send('eth_gasPrice', []),
    });
    if (typeof raw !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(raw)) {
      throw new RpcError('RPC_ERROR', {
        chainId: chain.id,
        method: 'eth_gasPrice',
        details: 'malformed gas price',
      });
    }
    const gasPrice = BigInt(raw);
    const tiers = {} as Record<GasTier, LegacyGasTier>;
    for (const tier of GAS_TIER_NAMES) {
      const multiplierBps = LEGACY_GAS_PRICE_TIERS_BPS[tier];
      tiers[tier] = Object.freeze({ gasPrice: (gasPrice * multiplierBps + 9_999n) / 10_000n, multiplierBps });
    }
    return Object.freeze({ kind: 'legacy', chainId: chain.id, gasPrice, tiers: Object.freeze(tiers) });
  }
  const history = await rpcCall({
    chainId: chain.id,
    method: 'eth_feeHistory',
    timeoutMs,
    run: () =>
      provider.send('eth_feeHistory', [
        `0x${FEE_HISTORY_BLOCKS.toString(16)}`,
        'latest',
        GAS_TIER_NAMES.map((tier) => GAS_TIERS[tier].percentile),
      ]),
  });
  return gasRecommendationFromFeeHistory({ chainId: chain.id, history });
}
