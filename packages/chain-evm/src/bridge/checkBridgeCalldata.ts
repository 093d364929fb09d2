import type { Address } from '../chains/chains.js';
import { sameAddress, sameAsset } from './bridgeAddresses.js';
import { bridgeDeliveryBound } from './bridgeDeliveryBound.js';
import { decodeLifiCalldata } from './decodeLifiCalldata.js';
import type { LifiFacetFunction } from './lifiFacetFunctions.js';
import type { BridgeQuoteRequest, BridgeRefusal, DecodedLifiCalldata, LifiQuote } from './types.js';

/** Parameters of {@link checkBridgeCalldata}. */
export interface CheckBridgeCalldataParameters {
  readonly quote: LifiQuote;
  readonly request: BridgeQuoteRequest;
  /** Receivers besides the wallet the operator allows (`BRIDGE_ALLOWED_RECEIVERS`). Default none. */
  readonly allowedReceivers?: readonly Address[] | undefined;
  /** Accept calls with source swaps (`swapAndStart…`, `hasSourceSwaps`). Default `false`: refused. */
  readonly allowSourceSwaps?: boolean | undefined;
  /** The functions the decoder knows (default `LIFI_FACET_FUNCTIONS`). */
  readonly functions?: readonly LifiFacetFunction[] | undefined;
}

/** Return type of {@link checkBridgeCalldata}: a refusal, or the decoded call for later steps. */
export type CheckBridgeCalldataReturnType =
  | { readonly refusal: BridgeRefusal; readonly decoded: DecodedLifiCalldata | null }
  | { readonly refusal: null; readonly decoded: DecodedLifiCalldata };

/**
 * Pure: decodes `transactionRequest.data` locally and checks it says what was asked, whatever the quote's JSON says:
 * a known bridge function (`BRIDGE_CALLDATA_UNKNOWN`); every receiver the call names — `BridgeData.receiver` and
 * any the bridge's own data adds — is the requested receiver, itself the wallet or operator-allowlisted
 * (`BRIDGE_RECEIVER_NOT_ALLOWED`); every refund address is the wallet (`BRIDGE_REFUND_ADDRESS_MISMATCH`); the
 * destination chain (`BRIDGE_DESTINATION_CHAIN_MISMATCH`), the asset sent (`BRIDGE_SENDING_ASSET_MISMATCH`), the
 * amount (`BRIDGE_AMOUNT_MISMATCH`) and the asset and amount delivered (`BRIDGE_RECEIVING_ASSET_MISMATCH`,
 * `BRIDGE_OUTPUT_BELOW_MINIMUM`) are the request's — a call that names neither must bound its own slippage within the
 * slippage asked (cBridge's `maxSlippage`, `BRIDGE_SLIPPAGE_TOO_HIGH`) and bridge the same asset
 * (`request.sameAsset`); a call that proves neither is `BRIDGE_CALLDATA_UNKNOWN`, never let through; no destination call
 * (`BRIDGE_DESTINATION_CALL`); no source swaps unless allowed (`BRIDGE_SOURCE_SWAPS`).
 *
 * @example
 * ```ts
 * const { refusal, decoded } = checkBridgeCalldata({ quote, request });
 * if (refusal) return refuse(refusal.code); // e.g. BRIDGE_RECEIVER_NOT_ALLOWED
 * ```
 */
export function checkBridgeCalldata(
  parameters: CheckBridgeCalldataParameters,
): CheckBridgeCalldataReturnType {
  const { quote, request, allowedReceivers = [], allowSourceSwaps = false } = parameters;
  const receiver = request.receiver ?? request.wallet;
  if (!sameAddress(receiver, request.wallet) && !allowedReceivers.some((a) => sameAddress(a, receiver))) {
    return {
      refusal: {
        code: 'BRIDGE_RECEIVER_NOT_ALLOWED',
        reason: `the requested receiver ${receiver} is neither the wallet nor an allowlisted receiver`,
      },
      decoded: null,
    };
  }
  const result = decodeLifiCalldata({ data: quote.transactionRequest.data, functions: parameters.functions });
  if (!result.ok)
    return { refusal: { code: 'BRIDGE_CALLDATA_UNKNOWN', reason: result.reason }, decoded: null };
  const decoded = result.value;
  const refuse = (code: string, reason: string) => ({ refusal: { code, reason }, decoded });
  const { bridgeData, facet, swapData } = decoded;

  for (const party of facet.parties) {
    if (party.role === 'receiver' && !sameAddress(party.address, receiver)) {
      return refuse('BRIDGE_RECEIVER_NOT_ALLOWED', `the calldata pays ${party.address}, not ${receiver}`);
    }
    if (party.role === 'refund' && !sameAddress(party.address, request.wallet)) {
      return refuse(
        'BRIDGE_REFUND_ADDRESS_MISMATCH',
        `the calldata refunds ${party.address}, not the wallet`,
      );
    }
  }
  if (bridgeData.destinationChainId !== BigInt(request.toChainId)) {
    return refuse(
      'BRIDGE_DESTINATION_CHAIN_MISMATCH',
      `the calldata bridges to chain ${bridgeData.destinationChainId}, asked ${request.toChainId}`,
    );
  }
  if (bridgeData.hasDestinationCall || facet.destinationCall) {
    return refuse(
      'BRIDGE_DESTINATION_CALL',
      'the calldata carries a call to execute on the destination chain',
    );
  }
  const swaps = bridgeData.hasSourceSwaps || decoded.form === 'swapAndStart' || swapData.length > 0;
  if (swaps && !allowSourceSwaps) {
    return refuse(
      'BRIDGE_SOURCE_SWAPS',
      'the calldata swaps on the source chain before bridging (arbitrary calls)',
    );
  }
  if (swaps && (!bridgeData.hasSourceSwaps || swapData.length === 0)) {
    return refuse('BRIDGE_CALLDATA_UNKNOWN', 'source swaps and the hasSourceSwaps flag disagree');
  }
  const sent = swaps ? swapData[0]!.sendingAssetId : bridgeData.sendingAssetId;
  const amount = swaps ? swapData[0]!.fromAmount : bridgeData.minAmount;
  if (!sameAsset(sent, request.fromToken)) {
    return refuse('BRIDGE_SENDING_ASSET_MISMATCH', `the calldata sends ${sent}, asked ${request.fromToken}`);
  }
  if (amount !== request.fromAmount) {
    return refuse('BRIDGE_AMOUNT_MISMATCH', `the calldata takes ${amount}, asked ${request.fromAmount}`);
  }
  const bound = bridgeDeliveryBound(decoded);
  if (bound === null) {
    return refuse(
      'BRIDGE_CALLDATA_UNKNOWN',
      `the calldata of ${decoded.functionName} proves neither the asset and amount delivered nor a slippage bound`,
    );
  }
  if (bound.kind === 'sent-asset') {
    if (bound.maxSlippagePpm > request.slippageBps * 100) {
      return refuse(
        'BRIDGE_SLIPPAGE_TOO_HIGH',
        `the calldata lets the bridge deliver ${bound.maxSlippagePpm / 10_000}% less, ${request.slippageBps} bps asked`,
      );
    }
    if (request.sameAsset !== true) {
      return refuse(
        'BRIDGE_CALLDATA_UNKNOWN',
        `the calldata does not name the asset delivered: ${decoded.functionName} is accepted only for the same asset on both chains`,
      );
    }
    return { refusal: null, decoded };
  }
  if (!sameAsset(bound.asset, request.toToken)) {
    return refuse(
      'BRIDGE_RECEIVING_ASSET_MISMATCH',
      `the calldata delivers ${bound.asset}, asked ${request.toToken}`,
    );
  }
  if (bound.minimum < quote.estimate.toAmountMin) {
    return refuse(
      'BRIDGE_OUTPUT_BELOW_MINIMUM',
      `the calldata promises ${bound.minimum}, below the quoted minimum ${quote.estimate.toAmountMin}`,
    );
  }
  return { refusal: null, decoded };
}
