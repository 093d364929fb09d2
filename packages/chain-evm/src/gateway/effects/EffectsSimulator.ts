import type { Address } from '../../chains/chains.js';
import type { RpcSender } from '../../multicall/aggregate3.js';
import type { Hex } from '../types.js';
import type { SimulatedEffects } from './SimulatedEffects.js';

/** The exact transaction to simulate, from the wallet, at `pending`. */
export interface EffectsSimulationParameters {
  readonly provider: RpcSender;
  readonly chainId: number;
  readonly from: Address;
  readonly to: Address;
  readonly data: Hex;
  readonly value: bigint;
  readonly timeoutMs: number;
  /**
   * Calls of the wallet simulated before the transaction, in the same simulated block, state carried (the approval
   * an action needs first): each must succeed, and only the transaction's own effects and gas are answered. Only
   * `eth_simulateV1` can run them; the other simulators answer `unsupported` when there are any.
   */
  readonly prelude?: readonly SimulatedCall[];
}

/** A call of the wallet simulated before the transaction (`EffectsSimulationParameters.prelude`). */
export interface SimulatedCall {
  /** The contract called (the token, for an approval). */
  readonly to: Address;
  /** The exact calldata. */
  readonly data: Hex;
  /** Native value, in wei. */
  readonly value: bigint;
}

/**
 * What one simulation method answered: the effects, a revert (with the decoded reason and raw data), or
 * `unsupported` — the node does not offer the method (JSON-RPC "method not found" and its kin). A node that cannot be
 * reached, times out or answers garbage throws a typed `RpcError` instead (never read as a revert or as effects).
 */
export type EffectsSimulationResult =
  | { readonly kind: 'effects'; readonly effects: SimulatedEffects }
  | { readonly kind: 'reverted'; readonly reason: string; readonly revertData: Hex }
  | { readonly kind: 'unsupported' };

/**
 * A port that simulates one exact transaction and reports its asset movements: `simulateWithSimulateV1`
 * (`eth_simulateV1` + `traceTransfers`) and `simulateWithTraceCall` (`debug_traceCall`, call tracer with logs) are
 * its two implementations; `createEffectsSimulation` tries them in order.
 */
export type EffectsSimulator = (parameters: EffectsSimulationParameters) => Promise<EffectsSimulationResult>;
