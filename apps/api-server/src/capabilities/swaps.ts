import * as g from '../config/schema/gateway.js';
import { KeyedMutex } from '../services/swap/KeyedMutex.js';
import { SwapPlanner } from '../services/swap/SwapPlanner.js';
import { SwapService } from '../services/SwapService.js';
import { describeSwapResult } from '../services/swap/describeSwapResult.js';
import type { Capability } from './Capability.js';
import { need } from './need.js';

/**
 * `/swap/*`: the planner (routes, prices, token safety) and the swap service; hands the planner, the per-token swap
 * lock and the hold time on to DCA. Its results (`swap`, `dca-fill`) read the received amount from the receipt.
 */
export const swaps: Capability = {
  name: 'swaps',
  reads: [
    g.MAX_SLIPPAGE_BPS,
    g.PRICING_MIN_LIQUIDITY_ETH,
    g.PRICING_MAX_TWAP_DEVIATION_BPS,
    g.CONFIRM_TTL_SECONDS,
  ],
  controllers: ['SwapController'],
  gateway: ({ config }) => ({
    describers: [{ actions: ['swap', 'dca-fill'], describe: describeSwapResult(config.chains) }],
  }),
  start({ config, options, shared, stores }) {
    const providers = need(shared, 'providers');
    const planner = new SwapPlanner({
      providers,
      security: need(shared, 'security'),
      extraTokens: options.swapTokens ?? new Map(),
      minLiquidityWei: config.gateway.minLiquidityWei,
      maxTwapDeviationBps: config.gateway.maxTwapDeviationBps,
    });
    // An ERC-20 swap's allowance read, exact approval and swap run one at a time per token and router (/swap, DCA).
    const swapLock = new KeyedMutex();
    // A swap that may wait for an operator keeps its deadline beyond the wait.
    const holdSeconds = config.confirm.mode.kind === 'off' ? 0 : Math.ceil(config.confirm.ttlMs / 1000);
    Object.assign(shared, { planner, swapLock, holdSeconds });
    return {
      services: {
        swap: new SwapService({
          providers,
          planner,
          swapLock,
          maxSlippageBps: config.maxSlippageBps,
          gateway: shared.gateway,
          idempotency: stores.idempotency(),
          registry: config.chains,
          holdSeconds,
        }),
      },
    };
  },
};
