import type { Address } from '../chains/chains.js';
import { checkBridgeCalldata } from './checkBridgeCalldata.js';
import { checkBridgeContracts } from './checkBridgeContracts.js';
import { checkBridgeQuoteMatchesRequest } from './checkBridgeQuoteMatchesRequest.js';
import { checkBridgeSlippage } from './checkBridgeSlippage.js';
import { checkBridgeTransaction } from './checkBridgeTransaction.js';
import type { LifiFacetFunction } from './lifiFacetFunctions.js';
import type { BridgeQuoteRequest, BridgeRefusal, DecodedLifiCalldata, LifiQuote } from './types.js';

/** Parameters of {@link checkBridgeQuote}. */
export interface CheckBridgeQuoteParameters {
  readonly quote: LifiQuote;
  readonly request: BridgeQuoteRequest;
  /** The source chain's bridge allowlist (`resolveBridgeAllowlist`). */
  readonly allowlist: readonly Address[];
  /** The slippage ceiling (`MAX_SLIPPAGE_BPS`). */
  readonly maxSlippageBps: number;
  readonly allowedReceivers?: readonly Address[] | undefined;
  readonly maxNativeFeeWei?: bigint | undefined;
  readonly allowSourceSwaps?: boolean | undefined;
  readonly functions?: readonly LifiFacetFunction[] | undefined;
}

/** Return type of {@link checkBridgeQuote}. */
export type CheckBridgeQuoteReturnType =
  | { readonly ok: false; readonly refusal: BridgeRefusal }
  | {
      readonly ok: true;
      readonly decoded: DecodedLifiCalldata;
      /** Native value beyond the amount (a quoted fee): counted by the governor. */
      readonly nativeFeeWei: bigint;
      /** The spender to approve exactly `fromAmount` (ERC-20 only), allowlisted. */
      readonly spender: Address;
    };

/**
 * Pure: every check a bridge quote must pass before anything is signed, in order — the quote describes the transfer
 * asked (`checkBridgeQuoteMatchesRequest`), calls and asks approval for allowlisted contracts only
 * (`checkBridgeContracts`), is a transaction of ours on our chain with the right `value` (`checkBridgeTransaction`),
 * its calldata decoded locally says the same (`checkBridgeCalldata`), and its slippage is within bounds
 * (`checkBridgeSlippage`). The first refusal is returned with its own code.
 *
 * @example
 * ```ts
 * const checked = checkBridgeQuote({ quote, request, allowlist, maxSlippageBps: 100 });
 * if (!checked.ok) return unprocessable(checked.refusal.code);
 * ```
 */
export function checkBridgeQuote(parameters: CheckBridgeQuoteParameters): CheckBridgeQuoteReturnType {
  const { quote, request } = parameters;
  const matches = checkBridgeQuoteMatchesRequest({ quote, request });
  if (matches) return { ok: false, refusal: matches };
  const contracts = checkBridgeContracts({ quote, allowlist: parameters.allowlist });
  if (contracts) return { ok: false, refusal: contracts };
  const transaction = checkBridgeTransaction({ quote, request, maxNativeFeeWei: parameters.maxNativeFeeWei });
  if (transaction.refusal) return { ok: false, refusal: transaction.refusal };
  const calldata = checkBridgeCalldata({
    quote,
    request,
    allowedReceivers: parameters.allowedReceivers,
    allowSourceSwaps: parameters.allowSourceSwaps,
    functions: parameters.functions,
  });
  if (calldata.refusal) return { ok: false, refusal: calldata.refusal };
  const slippage = checkBridgeSlippage({ quote, request, maxSlippageBps: parameters.maxSlippageBps });
  if (slippage) return { ok: false, refusal: slippage };
  return {
    ok: true,
    decoded: calldata.decoded,
    nativeFeeWei: transaction.nativeFeeWei,
    spender: quote.estimate.approvalAddress,
  };
}
