import { FunctionFragment, Interface } from 'ethers';
import type { Address } from '../chains/chains.js';
import { LIFI_FACET_FUNCTIONS, type LifiFacetFunction } from './lifiFacetFunctions.js';
import type { BridgeData, DecodedLifiCalldata, LifiSwapData } from './types.js';

type Hex = `0x${string}`;

/** Parameters of {@link decodeLifiCalldata}. */
export interface DecodeLifiCalldataParameters {
  /** `transactionRequest.data` of a quote. */
  readonly data: string;
  /** The functions to recognise (default {@link LIFI_FACET_FUNCTIONS}). */
  readonly functions?: readonly LifiFacetFunction[] | undefined;
}

/** Return type of {@link decodeLifiCalldata}: the decoded call, or why it could not be decoded. */
export type DecodeLifiCalldataReturnType =
  | { readonly ok: true; readonly value: DecodedLifiCalldata }
  | { readonly ok: false; readonly reason: string };

function find(functions: readonly LifiFacetFunction[], selector: string) {
  for (const fn of functions) {
    const fragment = FunctionFragment.from(fn.signature);
    if (fragment.selector === selector) return { fn, iface: new Interface([fragment]) };
  }
  return undefined;
}

/**
 * Decodes LI.FI bridge calldata locally — never trusting the quote that came with it — into `ILiFi.BridgeData`
 * (receiver, destination chain, sending asset, minimum amount, `hasSourceSwaps`, `hasDestinationCall`), the source
 * swaps of a `swapAndStart…` call, and what the bridge function's own data adds (further receivers and refund
 * addresses, the asset and amount promised on the destination chain, a destination message). Only selectors of
 * known functions are decoded, with their full types; anything else — an unknown selector, truncated or malformed
 * data — is `{ ok: false }` and must never be signed.
 *
 * @example
 * ```ts
 * const decoded = decodeLifiCalldata({ data: quote.transactionRequest.data });
 * if (decoded.ok) console.log(decoded.value.bridgeData.receiver, decoded.value.bridgeData.destinationChainId);
 * ```
 */
export function decodeLifiCalldata(parameters: DecodeLifiCalldataParameters): DecodeLifiCalldataReturnType {
  const { data } = parameters;
  if (typeof data !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(data) || data.length < 10) {
    return { ok: false, reason: 'calldata is not hex data with a 4-byte selector' };
  }
  const selector = data.slice(0, 10).toLowerCase() as Hex;
  const entry = find(parameters.functions ?? LIFI_FACET_FUNCTIONS, selector);
  if (!entry) return { ok: false, reason: `selector ${selector} is not a known LI.FI bridge function` };
  let args: ReturnType<Interface['decodeFunctionData']>;
  try {
    args = entry.iface.decodeFunctionData(entry.iface.getFunction(selector)!, data);
  } catch (error) {
    return {
      ok: false,
      reason: `calldata does not decode as ${entry.fn.signature.split('(')[0]}: ${(error as Error).message.slice(0, 120)}`,
    };
  }
  const raw = args[0] as unknown as Record<string, unknown>;
  const bridgeData: BridgeData = {
    transactionId: (raw['transactionId'] as string).toLowerCase() as Hex,
    bridge: raw['bridge'] as string,
    integrator: raw['integrator'] as string,
    referrer: raw['referrer'] as Address,
    sendingAssetId: raw['sendingAssetId'] as Address,
    receiver: raw['receiver'] as Address,
    minAmount: raw['minAmount'] as bigint,
    destinationChainId: raw['destinationChainId'] as bigint,
    hasSourceSwaps: raw['hasSourceSwaps'] as boolean,
    hasDestinationCall: raw['hasDestinationCall'] as boolean,
  };
  const swapData: LifiSwapData[] =
    entry.fn.form === 'swapAndStart'
      ? (args[1] as unknown as Record<string, unknown>[]).map((swap) => ({
          callTo: swap['callTo'] as Address,
          approveTo: swap['approveTo'] as Address,
          sendingAssetId: swap['sendingAssetId'] as Address,
          receivingAssetId: swap['receivingAssetId'] as Address,
          fromAmount: swap['fromAmount'] as bigint,
          callData: (swap['callData'] as string).toLowerCase() as Hex,
          requiresDeposit: swap['requiresDeposit'] as boolean,
        }))
      : [];
  const facetData = args[entry.fn.form === 'swapAndStart' ? 2 : 1];
  return {
    ok: true,
    value: {
      selector,
      functionName: entry.fn.signature.slice('function '.length).split('(')[0]!,
      form: entry.fn.form,
      bridgeData,
      swapData,
      facet: entry.fn.extract(facetData, bridgeData),
    },
  };
}
