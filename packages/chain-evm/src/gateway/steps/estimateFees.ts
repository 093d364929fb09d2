import type { ChainInfo } from '../../chains/chains.js';
import type { RpcSender } from '../../multicall/aggregate3.js';
import { rpcCall } from '../../rpc/rpcCall.js';
import type { FeeQuote } from '../types.js';

/** Blocks of history read by `eth_feeHistory`. */
export const FEE_HISTORY_BLOCKS = 20;
/** Reward percentile used as the priority fee (the median tip of recent blocks). */
export const PRIORITY_PERCENTILE = 50;
/** Lowest priority fee offered, in wei (0.01 gwei): a zero tip is never mined first on a busy chain. */
export const MIN_PRIORITY_FEE_WEI = 10_000_000n;

/** Parameters of {@link estimateFees}. */
export interface EstimateFeesParameters {
  readonly provider: RpcSender;
  readonly chain: ChainInfo;
  readonly timeoutMs?: number;
}

/**
 * Fees for the next transaction. EIP-1559 chains: ONE `eth_feeHistory` over {@link FEE_HISTORY_BLOCKS} blocks;
 * `maxPriorityFeePerGas` = the median of each block's {@link PRIORITY_PERCENTILE}th-percentile tip (at least
 * {@link MIN_PRIORITY_FEE_WEI}); `maxFeePerGas` = 2 × the next block's base fee + the tip (survives six full blocks
 * in a row). Legacy chains (`eip1559: false`): `eth_gasPrice`. Node trouble → typed `RpcError`.
 *
 * @example
 * ```ts
 * const fees = await estimateFees({ provider, chain });
 * fees.kind === 'eip1559' && fees.maxFeePerGas;
 * ```
 */
export async function estimateFees({
  provider,
  chain,
  timeoutMs = 8_000,
}: EstimateFeesParameters): Promise<FeeQuote> {
  if (!chain.eip1559) {
    const raw = await rpcCall({
      chainId: chain.id,
      method: 'eth_gasPrice',
      timeoutMs,
      run: () => provider.send('eth_gasPrice', []),
    });
    return { kind: 'legacy', gasPrice: quantity(raw, chain.id, 'eth_gasPrice') };
  }
  const history = (await rpcCall({
    chainId: chain.id,
    method: 'eth_feeHistory',
    timeoutMs,
    run: () =>
      provider.send('eth_feeHistory', [
        `0x${FEE_HISTORY_BLOCKS.toString(16)}`,
        'latest',
        [PRIORITY_PERCENTILE],
      ]),
  })) as { baseFeePerGas?: unknown[]; reward?: unknown[][] };
  const baseFees = history?.baseFeePerGas;
  if (!Array.isArray(baseFees) || baseFees.length === 0) {
    throw new TypeError('eth_feeHistory answered without baseFeePerGas');
  }
  // The last entry is the NEXT block's base fee.
  const baseFeePerGas = quantity(baseFees[baseFees.length - 1], chain.id, 'eth_feeHistory');
  const tips = (history.reward ?? [])
    .map((r) => (Array.isArray(r) && r[0] !== undefined ? quantity(r[0], chain.id, 'eth_feeHistory') : 0n))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const median = tips.length > 0 ? (tips[Math.floor(tips.length / 2)] as bigint) : 0n;
  const maxPriorityFeePerGas = median > MIN_PRIORITY_FEE_WEI ? median : MIN_PRIORITY_FEE_WEI;
  return {
    kind: 'eip1559',
    baseFeePerGas,
    maxPriorityFeePerGas,
    maxFeePerGas: 2n * baseFeePerGas + maxPriorityFeePerGas,
  };
}

function quantity(value: unknown, chainId: number, method: string): bigint {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(value)) {
    throw new TypeError(`${method} on chain ${chainId} answered a malformed quantity`);
  }
  return BigInt(value);
}
