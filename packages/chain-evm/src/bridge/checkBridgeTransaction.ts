import { sameAddress, isNativeAsset } from './bridgeAddresses.js';
import type { BridgeQuoteRequest, BridgeRefusal, LifiQuote } from './types.js';

/** Parameters of {@link checkBridgeTransaction}. */
export interface CheckBridgeTransactionParameters {
  readonly quote: LifiQuote;
  readonly request: BridgeQuoteRequest;
  /** Highest native fee (wei) accepted on top of the amount, when the quote names one. Default 0: none. */
  readonly maxNativeFeeWei?: bigint | undefined;
}

/** Return type of {@link checkBridgeTransaction}. */
export interface CheckBridgeTransactionReturnType {
  readonly refusal: BridgeRefusal | null;
  /** Native value beyond the amount bridged (a quoted fee or refuel): to be counted by the governor. */
  readonly nativeFeeWei: bigint;
}

/**
 * Pure: the transaction is for our chain (`BRIDGE_CHAIN_MISMATCH`) and from the wallet (`BRIDGE_SENDER_MISMATCH`),
 * and its `value` is exactly the native amount when bridging the native coin, 0 otherwise — plus at most a native fee
 * the quote itself lists (`feeCosts` in the source chain's native coin with `included: false`), bounded by
 * `maxNativeFeeWei` (`BRIDGE_VALUE_MISMATCH`). The accepted fee is returned for the governor.
 *
 * @example
 * ```ts
 * const { refusal, nativeFeeWei } = checkBridgeTransaction({ quote, request, maxNativeFeeWei: 10n ** 15n });
 * ```
 */
export function checkBridgeTransaction(
  parameters: CheckBridgeTransactionParameters,
): CheckBridgeTransactionReturnType {
  const { quote, request, maxNativeFeeWei = 0n } = parameters;
  const tx = quote.transactionRequest;
  if (tx.chainId !== request.fromChainId) {
    return {
      refusal: {
        code: 'BRIDGE_CHAIN_MISMATCH',
        reason: `the transaction is for chain ${tx.chainId}, not ${request.fromChainId}`,
      },
      nativeFeeWei: 0n,
    };
  }
  if (!sameAddress(tx.from, request.wallet)) {
    return {
      refusal: {
        code: 'BRIDGE_SENDER_MISMATCH',
        reason: `the transaction is from ${tx.from}, not the wallet`,
      },
      nativeFeeWei: 0n,
    };
  }
  const amount = isNativeAsset(request.fromToken) ? request.fromAmount : 0n;
  const quotedFee = quote.estimate.feeCosts
    .filter(
      (fee) => !fee.included && fee.token.chainId === request.fromChainId && isNativeAsset(fee.token.address),
    )
    .reduce((sum, fee) => sum + fee.amount, 0n);
  // biome-ignore lint/complexity/useMathMinMax: bigint operands (Math.min does not take them)
  const bound = quotedFee < maxNativeFeeWei ? quotedFee : maxNativeFeeWei;
  if (tx.value < amount || tx.value - amount > bound) {
    return {
      refusal: {
        code: 'BRIDGE_VALUE_MISMATCH',
        reason:
          `the transaction sends ${tx.value} wei; expected ${amount}` +
          (bound > 0n ? ` plus at most ${bound} of quoted native fee` : ' exactly'),
      },
      nativeFeeWei: 0n,
    };
  }
  return { refusal: null, nativeFeeWei: tx.value - amount };
}
