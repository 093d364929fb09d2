import type { Address } from '../../chains/chains.js';
import type { RpcSender } from '../../multicall/aggregate3.js';
import type {
  EffectsSimulationParameters,
  EffectsSimulationResult,
  SimulatedCall,
} from '../effects/EffectsSimulator.js';
import type { SimulateStepResult } from '../gatewayTypes.js';
import type { Hex } from '../types.js';
import { gasLimitFromGasUsed } from './gasLimitFromGasUsed.js';
import { simulateTransaction } from './simulateTransaction.js';

/**
 * What a node without any effects simulation gets: `required` (the default) refuses every execution
 * `EFFECTS_SIMULATION_UNSUPPORTED`; `models-only` signs on the models' word alone (policy, pricing, safety) with an
 * `eth_estimateGas` simulation that finds reverts only — an explicit, documented downgrade.
 */
export type EffectsMode = 'required' | 'models-only';

/** Parameters of {@link simulateExecution}. */
export interface SimulateExecutionParameters {
  readonly provider: RpcSender;
  readonly chainId: number;
  readonly from: Address;
  readonly to: Address;
  readonly data: Hex;
  readonly value: bigint;
  readonly timeoutMs: number;
  /** Calls simulated before it in the same block (the approval an action needs first): `eth_simulateV1` only. */
  readonly prelude?: readonly SimulatedCall[];
  readonly mode: EffectsMode;
  /** The effects simulation (`createEffectsSimulation()`: `eth_simulateV1`, then `debug_traceCall`). */
  readonly simulateEffects: (parameters: EffectsSimulationParameters) => Promise<EffectsSimulationResult>;
}

/**
 * The gateway's simulate step: the exact transaction's effects (one request when the node answers `eth_simulateV1`),
 * its revert with the decoded reason, or — on a node that offers no effects simulation — the outcome `mode` names
 * (`EFFECTS_SIMULATION_UNSUPPORTED`, or an `eth_estimateGas` simulation with `effects: null`). The gas used replaces
 * `eth_estimateGas` (`gasLimitFromGasUsed`). Node failures throw a typed `RpcError` (fail closed).
 *
 * @example
 * ```ts
 * const sim = await simulateExecution({ provider, chainId, from, to, data, value, timeoutMs, mode: 'required', simulateEffects });
 * ```
 */
export async function simulateExecution({
  mode,
  simulateEffects,
  ...transaction
}: SimulateExecutionParameters): Promise<SimulateStepResult> {
  const result = await simulateEffects(transaction);
  if (result.kind === 'effects') {
    return { ok: true, gasLimit: gasLimitFromGasUsed(result.effects.gasUsed), effects: result.effects };
  }
  if (result.kind === 'reverted') return { ok: false, reason: result.reason };
  if ((transaction.prelude ?? []).length > 0) {
    // eth_estimateGas cannot run the approval first: without eth_simulateV1 such an action is not simulated at all.
    return {
      ok: false,
      code: 'EFFECTS_SIMULATION_UNSUPPORTED',
      reason:
        'the node does not offer eth_simulateV1: an action whose approval is sent only once it is decided cannot be ' +
        'simulated with that approval (send the approval first, or use a node with eth_simulateV1)',
    };
  }
  if (mode === 'required') {
    return {
      ok: false,
      code: 'EFFECTS_SIMULATION_UNSUPPORTED',
      reason:
        'the node offers neither eth_simulateV1 nor debug_traceCall: the effects of the transaction cannot be ' +
        'checked (set the gateway to models only to sign without them)',
    };
  }
  const estimated = await simulateTransaction(transaction);
  if (!estimated.ok) return { ok: false, reason: estimated.reason };
  return { ok: true, gasLimit: estimated.gasLimit, effects: null };
}
