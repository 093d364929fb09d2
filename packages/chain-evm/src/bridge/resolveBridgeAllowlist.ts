import type { Address } from '../chains/chains.js';
import { parseAddress } from '../address/parseAddress.js';
import { LIFI_CONTRACTS } from './lifiContracts.js';

/** Parameters of {@link resolveBridgeAllowlist}. */
export interface ResolveBridgeAllowlistParameters {
  /** The source chain. */
  readonly chainId: number;
  /** Operator-configured contracts for this chain (`BRIDGE_ALLOWED_CONTRACTS_<CHAIN>`); invalid → `INVALID_ADDRESS`. */
  readonly configured?: readonly string[] | undefined;
  /** Include LI.FI's pinned diamond and Permit2Proxy (default `true`). */
  readonly builtIn?: boolean | undefined;
}

/**
 * The contracts a bridge quote may call (`transactionRequest.to`) and name as spender (`estimate.approvalAddress`)
 * on one chain: LI.FI's pinned addresses ({@link LIFI_CONTRACTS}) plus what the operator configured, checksummed
 * and without duplicates. Empty means nothing is allowed: every quote on that chain is refused.
 *
 * @example
 * ```ts
 * resolveBridgeAllowlist({ chainId: 8453 }); // [diamond, Permit2Proxy]
 * resolveBridgeAllowlist({ chainId: 31337, configured: [devnetBridge] }); // [devnetBridge]
 * ```
 */
export function resolveBridgeAllowlist(parameters: ResolveBridgeAllowlistParameters): readonly Address[] {
  const { chainId, configured = [], builtIn = true } = parameters;
  const list: Address[] = [];
  const add = (address: string) => {
    const checksummed = parseAddress({ address });
    if (!list.includes(checksummed)) list.push(checksummed);
  };
  const pinned = builtIn ? LIFI_CONTRACTS[chainId] : undefined;
  if (pinned) {
    add(pinned.diamond);
    if (pinned.permit2Proxy) add(pinned.permit2Proxy);
  }
  for (const address of configured) add(address);
  return Object.freeze(list);
}
