import type { GatewaySteps } from '../gatewayTypes.js';
import { bumpFees } from './bumpFees.js';
import { estimateFees } from './estimateFees.js';
import { fetchReceipt } from './fetchReceipt.js';
import { isDefinitelyNotSent } from './isDefinitelyNotSent.js';
import { pickPricingRules } from '../../pricing/pickPricingRules.js';
import { resolvePricingRules } from '../../pricing/resolvePricingRules.js';
import type { PricingRules } from '../../pricing/types.js';
import { priceInNative } from './priceInNative.js';
import { splitPriced } from './splitPriced.js';
import { createEffectsSimulation } from '../effects/createEffectsSimulation.js';
import { type EffectsMode, simulateExecution } from './simulateExecution.js';
import { waitForReceipt } from './waitForReceipt.js';

/** Parameters of {@link createGatewaySteps}: the pricing rules ({@link PricingRules}) and the RPC time-out. */
export interface CreateGatewayStepsParameters extends Partial<PricingRules> {
  /** The liquidity floor, applied to a pool's depth (default 10 wrapped native). */
  readonly minLiquidityWei?: bigint;
  /** Time-out of each JSON-RPC call (default 8 s). */
  readonly timeoutMs?: number;
  /**
   * What a node without `eth_simulateV1` and `debug_traceCall` gets (default `required`: every execution is refused
   * `EFFECTS_SIMULATION_UNSUPPORTED`; `models-only`: signed on the models alone, reverts found by `eth_estimateGas`).
   */
  readonly effects?: EffectsMode;
}

/**
 * The gateway's chain-facing steps, wired to this package's implementations: `eth_feeHistory` fees, an
 * effects simulation of the exact transaction (`eth_simulateV1` with `traceTransfers`, else `debug_traceCall`; its
 * gas used, with margins, is the gas limit; a node with neither gets what `effects` says), on-chain pricing (`priceInNative`: Uniswap V2/V3 against the
 * wrapped native, one Multicall3 round trip, the highest pool with the floor's depth and, for V3, a spot within the
 * TWAP bound), receipt polling and strict receipt lookups, 12.5% replacement bumps and the send-refusal classifier.
 * Malformed pricing rules throw `INVALID_PRICING_PARAMETER` here.
 *
 * @example
 * ```ts
 * const gateway = new ExecutionGateway({ ...rest, steps: createGatewaySteps({ minLiquidityWei: 10n ** 19n }) });
 * ```
 */
export function createGatewaySteps({
  minLiquidityWei = 10n * 10n ** 18n,
  timeoutMs = 8_000,
  effects = 'required',
  ...rules
}: CreateGatewayStepsParameters = {}): GatewaySteps {
  if (effects !== 'required' && effects !== 'models-only') {
    throw new TypeError(`effects must be 'required' or 'models-only', not ${String(effects)}`);
  }
  const simulateEffects = createEffectsSimulation();
  const pricingRules = pickPricingRules({ ...rules, minLiquidityWei });
  resolvePricingRules(pricingRules); // malformed rules fail here, not on the first execution
  return {
    estimateFees: ({ provider, chain }) => estimateFees({ provider, chain, timeoutMs }),
    simulate: (p) => simulateExecution({ ...p, timeoutMs, mode: effects, simulateEffects }),
    priceInNative: async ({ provider, chain, amounts, alsoValue = [] }) => {
      const priced = await priceInNative({
        provider,
        chain,
        amounts: [...amounts, ...alsoValue],
        ...pricingRules,
        timeoutMs,
      });
      return splitPriced(priced, amounts.length);
    },
    waitForReceipt: ({ provider, chainId, hashes, timeoutMs: wait }) =>
      waitForReceipt({ provider, chainId, hashes, timeoutMs: wait }),
    fetchReceipt: ({ provider, chainId, hash }) => fetchReceipt({ provider, chainId, hash, timeoutMs }),
    bumpFees,
    isDefinitelyNotSent,
  };
}
