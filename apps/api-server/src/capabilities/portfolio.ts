import * as f from '../config/schema/features.js';
import * as g from '../config/schema/gateway.js';
import { PortfolioService } from '../services/PortfolioService.js';
import type { Capability } from './Capability.js';
import { need } from './need.js';

/** `/portfolio/*`: balances in batches, USD figures, extra tokens and trusted ERC-4626 vaults. */
export const portfolio: Capability = {
  name: 'portfolio',
  reads: [
    f.PORTFOLIO_BATCH_SIZE,
    f.PORTFOLIO_USD_TOKEN,
    f.PORTFOLIO_TOKENS,
    f.PORTFOLIO_VAULTS,
    g.PRICING_MIN_LIQUIDITY_ETH,
    g.PRICING_MAX_TWAP_DEVIATION_BPS,
  ],
  controllers: ['PortfolioController'],
  start({ config, options, shared }) {
    return {
      services: {
        portfolio: new PortfolioService({
          providers: need(shared, 'providers'),
          wallet: shared.address,
          extraTokens: options.swapTokens ?? new Map(),
          config: config.portfolio,
          minLiquidityWei: config.gateway.minLiquidityWei,
          maxTwapDeviationBps: config.gateway.maxTwapDeviationBps,
        }),
      },
    };
  },
};
