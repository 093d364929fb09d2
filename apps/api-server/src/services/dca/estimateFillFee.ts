import {
  buildApproveTransaction,
  type ExecutionIntent,
  type FeeQuote,
  GAS_MARGIN_BPS,
  type SwapQuote,
  simulateTransaction,
  worstCaseFeeWei,
} from '@org/chain-evm';
import type { SwapPair } from '../swap/SwapPlanner.js';

/**
 * Gas of a swap beyond the pools' work that a quote's `gasEstimate` counts: the transaction's intrinsic 21,000,
 * the router's own work and the token transfers. Used only while the exact swap cannot be simulated yet (its
 * approval is not sent), so that the first fill of an order is judged with its approval's cost too.
 */
export const SWAP_OVERHEAD_GAS = 100_000n;

/** Parameters of {@link estimateFillFee}. */
export interface EstimateFillFeeParameters {
  readonly pair: SwapPair;
  readonly quote: SwapQuote;
  /** The fill's swap, built from the quote (calldata, value). */
  readonly intent: ExecutionIntent;
  readonly wallet: `0x${string}`;
  /** Token in's allowance to the quote's router (ignored for native in). */
  readonly allowance: bigint;
  /**
   * The gas limit the gateway signed for this order's last fill on the same route, when known: used instead of
   * simulating the swap again (the gateway simulates the exact transaction itself before it signs).
   */
  readonly knownGasLimit?: bigint | undefined;
  /** The chain's `standard` fee quote (what the gateway signs with). */
  readonly fees: FeeQuote;
  /** The gateway's fee ceiling and replacement count: its worst-case rule. */
  readonly feeCeilingWei: bigint;
  readonly maxReplacements: number;
}

/** What {@link estimateFillFee} returns. */
export interface EstimateFillFeeReturnType {
  /** The most the fill's transactions can cost, as the gateway reserves it (swap, plus its approval if needed). */
  readonly worstCaseFeeWei: bigint;
  readonly gasLimit: bigint;
  /** True when an exact approval would be sent first (its gas is counted). */
  readonly needsApproval: boolean;
}

const withMargin = (gas: bigint) => (gas * (10_000n + GAS_MARGIN_BPS) + 9_999n) / 10_000n;

/**
 * The worst-case fee of a DCA fill by the gateway's own rule (`worstCaseFeeWei`, as `/gas/estimate` shows it): the
 * gas limit the gateway would sign — the exact swap simulated (`eth_estimateGas` + `GAS_MARGIN_BPS`), or the limit
 * the gateway signed for the order's last fill on the same route — times the
 * `standard` tier's max fee (`fees`) after every allowed replacement, capped at the fee ceiling. When the allowance is short,
 * the exact approval is simulated and counted, and the swap (which cannot be simulated before the approval) is
 * counted as the quote's pool gas plus {@link SWAP_OVERHEAD_GAS}, with the same margin. A swap whose simulation
 * reverts now is counted the same way: the gateway will refuse it, and that refusal is the fill's outcome.
 *
 * @example
 * ```ts
 * const { worstCaseFeeWei } = await estimateFillFee({ pair, quote, intent, wallet, allowance, feeCeilingWei, maxReplacements: 3 });
 * ```
 */
export async function estimateFillFee({
  pair,
  quote,
  intent,
  wallet,
  allowance,
  feeCeilingWei,
  maxReplacements,
  knownGasLimit,
  fees,
}: EstimateFillFeeParameters): Promise<EstimateFillFeeReturnType> {
  const { chain, provider, timeoutMs, tokenIn } = pair;
  const needsApproval = !tokenIn.native && allowance < quote.amountIn;
  const simulate = (to: `0x${string}`, data: `0x${string}`, value: bigint) =>
    simulateTransaction({ provider, chainId: chain.id, from: wallet, to, data, value, timeoutMs });
  const approveTx = needsApproval
    ? buildApproveTransaction({ token: tokenIn.address, spender: intent.to, amount: quote.amountIn })
    : null;
  const [swap, approve] = await Promise.all([
    needsApproval || knownGasLimit !== undefined ? null : simulate(intent.to, intent.data, intent.value),
    approveTx ? simulate(approveTx.to, approveTx.data, 0n) : null,
  ]);
  const swapGas =
    !needsApproval && knownGasLimit !== undefined
      ? knownGasLimit
      : swap?.ok
        ? swap.gasLimit
        : withMargin(quote.gasEstimate + SWAP_OVERHEAD_GAS);
  // An approval that would revert is not sent (the gateway refuses it): count the swap alone.
  const approveGas = approve?.ok ? approve.gasLimit : 0n;
  const maxFeePerGas = fees.kind === 'eip1559' ? fees.maxFeePerGas : fees.gasPrice;
  const worst = (gasLimit: bigint) =>
    gasLimit === 0n ? 0n : worstCaseFeeWei({ gasLimit, maxFeePerGas, feeCeilingWei, maxReplacements });
  return {
    worstCaseFeeWei: worst(swapGas) + worst(approveGas),
    gasLimit: swapGas + approveGas,
    needsApproval,
  };
}
