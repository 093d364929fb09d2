import type { Address } from '../../chains/chains.js';

/**
 * The address that stands for the chain's native coin in simulated transfers: `eth_simulateV1` with
 * `traceTransfers` reports every native value transfer as an ERC-20 `Transfer` log of this address, and the
 * `debug_traceCall` fallback does the same for each call frame that carries value.
 */
export const NATIVE_ASSET = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee' as Address;

/** One asset movement seen in a simulation: `amount` base units of `token` (or {@link NATIVE_ASSET}). */
export interface AssetTransfer {
  readonly token: Address;
  readonly from: Address;
  readonly to: Address;
  readonly amount: bigint;
}

/**
 * What simulating the exact transaction showed: the gas it used and every asset movement (ERC-20 `Transfer` logs
 * of frames that did not revert, native value transfers), in order. `source` names the node method that answered.
 */
export interface SimulatedEffects {
  readonly source: 'eth_simulateV1' | 'debug_traceCall';
  readonly gasUsed: bigint;
  readonly transfers: readonly AssetTransfer[];
}
