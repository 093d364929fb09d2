import type { BridgeTransferDto } from '../dto/bridge.js';
import type { BridgeResult } from './BridgeFollower.js';

/**
 * The transfer as `POST /bridge/execute` answers it, from the execution's `result.bridge`.
 *
 * @example
 * ```ts
 * const transfer = bridge ? toBridgeTransferDto(bridge) : null;
 * ```
 */
export function toBridgeTransferDto(bridge: BridgeResult): BridgeTransferDto {
  return {
    state: bridge.state,
    reason: bridge.reason,
    sourceTxHash: bridge.sourceTxHash,
    destinationTxHash: bridge.destinationTxHash,
    destinationChainId: bridge.destinationChainId,
    amountReceived: bridge.amountReceived,
    tokenReceived: bridge.tokenReceived,
  };
}
