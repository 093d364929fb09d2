import type { Address } from '../chains/chains.js';
import { sameAddress } from './bridgeAddresses.js';
import type { BridgeRefusal, LifiQuote } from './types.js';

/** Parameters of {@link checkBridgeContracts}. */
export interface CheckBridgeContractsParameters {
  readonly quote: LifiQuote;
  /** The source chain's allowlist, from our code and config (`resolveBridgeAllowlist`) — never from the answer. */
  readonly allowlist: readonly Address[];
}

/**
 * Pure: the contract called (`transactionRequest.to`) and the spender to approve (`estimate.approvalAddress`) must
 * both be on the source chain's allowlist: `BRIDGE_TARGET_NOT_ALLOWED` / `BRIDGE_SPENDER_NOT_ALLOWED` otherwise (an
 * empty allowlist refuses everything). LI.FI's own OpenAPI example points both at a 1inch router; the July 2024
 * drain went through a newly added facet of the allowlisted diamond, which is why the calldata is decoded as well.
 * `null` means allowed.
 *
 * @example
 * ```ts
 * checkBridgeContracts({ quote, allowlist: resolveBridgeAllowlist({ chainId: 8453 }) });
 * ```
 */
export function checkBridgeContracts({
  quote,
  allowlist,
}: CheckBridgeContractsParameters): BridgeRefusal | null {
  const allowed = (address: string) => allowlist.some((entry) => sameAddress(entry, address));
  const listed =
    allowlist.length === 0 ? 'nothing is allowlisted on this chain' : `allowed: ${allowlist.join(', ')}`;
  if (!allowed(quote.transactionRequest.to)) {
    return {
      code: 'BRIDGE_TARGET_NOT_ALLOWED',
      reason: `the quote calls ${quote.transactionRequest.to}, which is not an allowlisted bridge contract (${listed})`,
    };
  }
  if (!allowed(quote.estimate.approvalAddress)) {
    return {
      code: 'BRIDGE_SPENDER_NOT_ALLOWED',
      reason: `the quote asks to approve ${quote.estimate.approvalAddress}, which is not an allowlisted bridge contract (${listed})`,
    };
  }
  return null;
}
