import { Interface } from 'ethers';
import { devnetBridgeAbi } from '../abis.js';

type Address = `0x${string}`;
type Hex = `0x${string}`;

/** LI.FI's `ILiFi.BridgeData`, as the devnet bridge takes it. */
export interface DevnetBridgeData {
  transactionId: Hex;
  bridge: string;
  integrator: string;
  referrer: Address;
  sendingAssetId: Address;
  receiver: Address;
  minAmount: bigint;
  destinationChainId: bigint;
  hasSourceSwaps: boolean;
  hasDestinationCall: boolean;
}

/** Parameters of {@link encodeDevnetBridgeCall}. */
export interface EncodeDevnetBridgeCallParameters {
  bridgeData: DevnetBridgeData;
  /** Token paid on the destination chain (`0x000…000` = native). */
  receivingAssetId: Address;
  /** Amount the relayer pays on the destination chain. */
  outputAmount: bigint;
}

const bridge = new Interface(devnetBridgeAbi);

/**
 * Calldata of the devnet bridge's entry point `startBridgeTokensViaDevnetBridge(BridgeData, (receivingAssetId,
 * outputAmount))`: the `transactionRequest.data` of the LI.FI fixture's quotes.
 *
 * @example
 * ```ts
 * import { encodeDevnetBridgeCall } from '@org/devnet';
 * const data = encodeDevnetBridgeCall({ bridgeData, receivingAssetId: usdcOnB, outputAmount: 999_000n });
 * ```
 */
export function encodeDevnetBridgeCall(parameters: EncodeDevnetBridgeCallParameters): Hex {
  const { bridgeData: b, receivingAssetId, outputAmount } = parameters;
  return bridge.encodeFunctionData('startBridgeTokensViaDevnetBridge', [
    [
      b.transactionId,
      b.bridge,
      b.integrator,
      b.referrer,
      b.sendingAssetId,
      b.receiver,
      b.minAmount,
      b.destinationChainId,
      b.hasSourceSwaps,
      b.hasDestinationCall,
    ],
    [receivingAssetId, outputAmount],
  ]) as Hex;
}
