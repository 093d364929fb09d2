import type { Address } from '../chains/chains.js';
import type { BridgeData, LifiFacetData } from './types.js';

/** One bridge function the decoder knows: its full signature, its form, and how to read its own data. */
export interface LifiFacetFunction {
  /** The facet (or bridge) it belongs to, for humans. */
  readonly facet: string;
  /** Human-readable ABI fragment with every type spelled out (the selector is computed from it). */
  readonly signature: string;
  /** `start`: `(BridgeData, facetData)`; `swapAndStart`: `(BridgeData, SwapData[], facetData)`. */
  readonly form: 'start' | 'swapAndStart';
  /** Where the layout comes from. */
  readonly source: string;
  /** Reads the facet's own data (the last argument). */
  readonly extract: (facetData: unknown, bridgeData: BridgeData) => LifiFacetData;
}

const BRIDGE_DATA =
  '(bytes32 transactionId, string bridge, string integrator, address referrer, address sendingAssetId, address receiver, uint256 minAmount, uint256 destinationChainId, bool hasSourceSwaps, bool hasDestinationCall) bridgeData';
const SWAP_DATA =
  '(address callTo, address approveTo, address sendingAssetId, address receivingAssetId, uint256 fromAmount, bytes callData, bool requiresDeposit)[] swapData';
const ACROSS_V3_DATA =
  '(address receiverAddress, address refundAddress, address receivingAssetId, uint256 outputAmount, uint64 outputAmountPercent, address exclusiveRelayer, uint32 quoteTimestamp, uint32 fillDeadline, uint32 exclusivityDeadline, bytes message) acrossData';
const CBRIDGE_DATA = '(uint32 maxSlippage, uint64 nonce) cBridgeData';
const DEVNET_DATA = '(address receivingAssetId, uint256 outputAmount) devnetData';

const LIFI_CONTRACTS =
  'lifinance/contracts src/Interfaces/ILiFi.sol (BridgeData), src/Libraries/LibSwap.sol (SwapData)';

type Tuple = Record<string, unknown>;

const devnet = (facetData: unknown, bridgeData: BridgeData): LifiFacetData => {
  const data = facetData as Tuple;
  return {
    parties: [{ role: 'receiver', address: bridgeData.receiver }],
    receivingAssetId: data['receivingAssetId'] as Address,
    outputAmount: data['outputAmount'] as bigint,
    destinationCall: false,
  };
};

const across =
  (form: 'start' | 'swapAndStart') =>
  (facetData: unknown, bridgeData: BridgeData): LifiFacetData => {
    const data = facetData as Tuple;
    const message = data['message'] as string;
    return {
      parties: [
        { role: 'receiver', address: bridgeData.receiver },
        { role: 'receiver', address: data['receiverAddress'] as Address },
        { role: 'refund', address: data['refundAddress'] as Address },
      ],
      receivingAssetId: data['receivingAssetId'] as Address,
      // After source swaps the facet recomputes the output from `outputAmountPercent`: the encoded amount means nothing.
      outputAmount: form === 'start' ? (data['outputAmount'] as bigint) : null,
      destinationCall: message !== '0x',
    };
  };

// cBridge names neither the asset nor the amount delivered: it pays the sent asset's counterpart, less at most
// `maxSlippage` (millionths of the amount), which is its only bound on what arrives (see `bridgeDeliveryBound`).
const cbridge = (facetData: unknown, bridgeData: BridgeData): LifiFacetData => ({
  parties: [{ role: 'receiver', address: bridgeData.receiver }],
  receivingAssetId: null,
  outputAmount: null,
  maxSlippagePpm: Number((facetData as Tuple)['maxSlippage'] as bigint),
  destinationCall: false,
});

/**
 * The bridge functions `decodeLifiCalldata` knows, by full signature. Calldata for any other selector is never
 * decoded, so never signed: add an entry (with its source) to support another facet. Every LI.FI bridge function
 * takes `ILiFi.BridgeData` first; the `swapAndStart…` forms put `LibSwap.SwapData[]` second (the source swaps whose
 * unchecked calls were the 2022 and 2024 exploits' vector). The devnet bridge's entry point has the same layout.
 *
 * @example
 * ```ts
 * LIFI_FACET_FUNCTIONS.map((f) => f.signature.split('(')[0]);
 * // ['startBridgeTokensViaDevnetBridge', 'startBridgeTokensViaAcrossV3', …]
 * ```
 */
export const LIFI_FACET_FUNCTIONS: readonly LifiFacetFunction[] = Object.freeze([
  {
    facet: 'DevnetBridge',
    signature: `function startBridgeTokensViaDevnetBridge(${BRIDGE_DATA}, ${DEVNET_DATA}) payable`,
    form: 'start',
    source: '@org/devnet contracts/DevnetBridge.sol (the devnet only)',
    extract: devnet,
  },
  {
    facet: 'AcrossFacetV3',
    signature: `function startBridgeTokensViaAcrossV3(${BRIDGE_DATA}, ${ACROSS_V3_DATA}) payable`,
    form: 'start',
    source: `${LIFI_CONTRACTS}; lifinance/contracts@ff6db3d src/Facets/AcrossFacetV3.sol (AcrossV3Data)`,
    extract: across('start'),
  },
  {
    facet: 'AcrossFacetV3',
    signature: `function swapAndStartBridgeTokensViaAcrossV3(${BRIDGE_DATA}, ${SWAP_DATA}, ${ACROSS_V3_DATA}) payable`,
    form: 'swapAndStart',
    source: `${LIFI_CONTRACTS}; lifinance/contracts@ff6db3d src/Facets/AcrossFacetV3.sol (AcrossV3Data)`,
    extract: across('swapAndStart'),
  },
  {
    facet: 'CBridgeFacet',
    signature: `function startBridgeTokensViaCBridge(${BRIDGE_DATA}, ${CBRIDGE_DATA}) payable`,
    form: 'start',
    source: `${LIFI_CONTRACTS}; lifinance/lifi-contract-types src/CBridgeFacet.ts (CBridgeData)`,
    extract: cbridge,
  },
  {
    facet: 'CBridgeFacet',
    signature: `function swapAndStartBridgeTokensViaCBridge(${BRIDGE_DATA}, ${SWAP_DATA}, ${CBRIDGE_DATA}) payable`,
    form: 'swapAndStart',
    source: `${LIFI_CONTRACTS}; lifinance/lifi-contract-types src/CBridgeFacet.ts (CBridgeData)`,
    extract: cbridge,
  },
]);
