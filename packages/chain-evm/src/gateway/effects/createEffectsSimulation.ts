import type { RpcSender } from '../../multicall/aggregate3.js';
import type {
  EffectsSimulationParameters,
  EffectsSimulationResult,
  EffectsSimulator,
} from './EffectsSimulator.js';
import { simulateWithSimulateV1 } from './simulateWithSimulateV1.js';
import { simulateWithTraceCall } from './simulateWithTraceCall.js';

/** How long a node that said it lacks a method is not asked for it again (it may be upgraded or swapped). */
const REMEMBER_UNSUPPORTED_MS = 10 * 60_000;

/** Parameters of {@link createEffectsSimulation}. */
export interface CreateEffectsSimulationParameters {
  /** The simulators, tried in order until one answers (default `eth_simulateV1`, then `debug_traceCall`). */
  readonly simulators?: readonly EffectsSimulator[];
  /** Clock of the memory of unsupported methods (default `Date.now`). */
  readonly clock?: () => number;
}

/**
 * Builds the effects simulation: tries each {@link EffectsSimulator} in order and answers with the first that
 * supports the node; `unsupported` only when none does. A method a provider said it lacks, while a later one
 * answered, is skipped for that provider for 10 minutes, so a node without `eth_simulateV1` costs one extra request
 * per 10 minutes, not per execution; a node that answers none is asked again every time. Errors (time-outs, unreachable node) are not "unsupported": they throw.
 *
 * @example
 * ```ts
 * const simulate = createEffectsSimulation();
 * const result = await simulate({ provider, chainId, from, to, data, value, timeoutMs: 8_000 });
 * ```
 */
export function createEffectsSimulation({
  simulators = [simulateWithSimulateV1, simulateWithTraceCall],
  clock = Date.now,
}: CreateEffectsSimulationParameters = {}): (
  parameters: EffectsSimulationParameters,
) => Promise<EffectsSimulationResult> {
  const lacking = new WeakMap<RpcSender, Map<EffectsSimulator, number>>();
  return async (parameters) => {
    const known = lacking.get(parameters.provider) ?? new Map<EffectsSimulator, number>();
    lacking.set(parameters.provider, known);
    const lackingNow: EffectsSimulator[] = [];
    for (const simulator of simulators) {
      const since = known.get(simulator);
      if (since !== undefined && clock() - since < REMEMBER_UNSUPPORTED_MS) continue;
      const result = await simulator(parameters);
      if (result.kind !== 'unsupported') {
        // Only a method passed over for one that answered is remembered: a node that answers nothing is asked
        // again next time (it is refused anyway, and may have been a passing hiccup of a load-balanced RPC).
        for (const lacking of lackingNow) known.set(lacking, clock());
        return result;
      }
      lackingNow.push(simulator);
    }
    return { kind: 'unsupported' };
  };
}
