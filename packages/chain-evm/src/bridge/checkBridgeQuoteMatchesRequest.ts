import { sameAddress, sameAsset } from './bridgeAddresses.js';
import type { BridgeQuoteRequest, BridgeRefusal, LifiQuote } from './types.js';

/** Parameters of {@link checkBridgeQuoteMatchesRequest}. */
export interface CheckBridgeQuoteMatchesRequestParameters {
  readonly quote: LifiQuote;
  readonly request: BridgeQuoteRequest;
}

/**
 * Pure: does the quote's own description (`action`, `estimate`) say what was asked — chains, tokens, amount, sender,
 * receiver — and is it self-consistent (`toAmountMin ≤ toAmount`, `toAmount > 0`, `type: lifi`)? A quote for something else is
 * `BRIDGE_QUOTE_MISMATCH`. This reads the provider's words only; the calldata is checked by `checkBridgeCalldata`.
 * `null` means it matches.
 *
 * @example
 * ```ts
 * checkBridgeQuoteMatchesRequest({ quote, request }); // null, or { code: 'BRIDGE_QUOTE_MISMATCH', reason }
 * ```
 */
export function checkBridgeQuoteMatchesRequest({
  quote,
  request,
}: CheckBridgeQuoteMatchesRequestParameters): BridgeRefusal | null {
  const { action, estimate } = quote;
  const receiver = request.receiver ?? request.wallet;
  const mismatch = (what: string): BridgeRefusal => ({
    code: 'BRIDGE_QUOTE_MISMATCH',
    reason: `the quote is not for the transfer asked: ${what}`,
  });
  if (quote.type !== 'lifi') return mismatch(`type ${quote.type} is not a LI.FI step`);
  if (action.fromChainId !== request.fromChainId || action.toChainId !== request.toChainId) {
    return mismatch(
      `chains ${action.fromChainId}→${action.toChainId}, asked ${request.fromChainId}→${request.toChainId}`,
    );
  }
  if (
    action.fromToken.chainId !== request.fromChainId ||
    !sameAsset(action.fromToken.address, request.fromToken)
  ) {
    return mismatch(`source token ${action.fromToken.address}, asked ${request.fromToken}`);
  }
  if (action.toToken.chainId !== request.toChainId || !sameAsset(action.toToken.address, request.toToken)) {
    return mismatch(`destination token ${action.toToken.address}, asked ${request.toToken}`);
  }
  if (action.fromAmount !== request.fromAmount || estimate.fromAmount !== request.fromAmount) {
    return mismatch(
      `amount ${action.fromAmount} (estimate ${estimate.fromAmount}), asked ${request.fromAmount}`,
    );
  }
  if (action.fromAddress !== null && !sameAddress(action.fromAddress, request.wallet)) {
    return mismatch(`sender ${action.fromAddress}, the wallet is ${request.wallet}`);
  }
  if (action.toAddress !== null && !sameAddress(action.toAddress, receiver)) {
    return mismatch(`receiver ${action.toAddress}, asked ${receiver}`);
  }
  // A minimum of 0 is a slippage matter (checkBridgeSlippage); above the output it is nonsense.
  if (estimate.toAmount <= 0n || estimate.toAmountMin > estimate.toAmount) {
    return mismatch(`minimum ${estimate.toAmountMin} out of range for an output of ${estimate.toAmount}`);
  }
  return null;
}
