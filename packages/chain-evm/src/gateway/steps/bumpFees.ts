import type { FeeQuote } from '../types.js';

/** Nodes refuse a replacement whose fees did not rise by at least 10% (geth) / 12.5% (others): use 12.5%. */
export const MIN_REPLACEMENT_BUMP_BPS = 1250n;

/** Parameters of {@link bumpFees}. */
export interface BumpFeesParameters {
  /** Fees of the transaction being replaced. */
  readonly previous: FeeQuote;
  /** Fees the network asks for now. */
  readonly current: FeeQuote;
  /** Highest `maxFeePerGas` (or `gasPrice`) the gateway may sign, in wei per gas. */
  readonly ceilingWei: bigint;
}

/**
 * Fees for a replacement transaction (same nonce): each fee at least 12.5% above the previous one (rounded up)
 * and at least what the network asks now; `null` when that would exceed the ceiling (keep waiting instead). Pure.
 *
 * @example
 * ```ts
 * const next = bumpFees({ previous, current, ceilingWei: 500n * 10n ** 9n }); // null at the ceiling
 * ```
 */
export function bumpFees({ previous, current, ceilingWei }: BumpFeesParameters): FeeQuote | null {
  const up = (fee: bigint) => (fee * (10_000n + MIN_REPLACEMENT_BUMP_BPS) + 9_999n) / 10_000n;
  // Stryker disable next-line EqualityOperator: equivalent — when a equals b either is the maximum
  const max = (a: bigint, b: bigint) => (a > b ? a : b);
  if (previous.kind === 'legacy') {
    const now = current.kind === 'legacy' ? current.gasPrice : current.maxFeePerGas;
    const gasPrice = max(up(previous.gasPrice), now);
    return gasPrice > ceilingWei ? null : { kind: 'legacy', gasPrice };
  }
  const nowTip = current.kind === 'eip1559' ? current.maxPriorityFeePerGas : 0n;
  const nowMax = current.kind === 'eip1559' ? current.maxFeePerGas : current.gasPrice;
  const maxPriorityFeePerGas = max(up(previous.maxPriorityFeePerGas), nowTip);
  const maxFeePerGas = max(max(up(previous.maxFeePerGas), nowMax), maxPriorityFeePerGas);
  if (maxFeePerGas > ceilingWei) return null;
  return {
    kind: 'eip1559',
    baseFeePerGas: current.kind === 'eip1559' ? current.baseFeePerGas : previous.baseFeePerGas,
    maxPriorityFeePerGas,
    maxFeePerGas,
  };
}
