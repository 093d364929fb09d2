import { getSwapTokenList } from '@org/chain-evm';
import * as f from '../config/schema/features.js';
import * as g from '../config/schema/gateway.js';
import { WatcherService } from '../services/WatcherService.js';
import type { Capability } from './Capability.js';
import { need } from './need.js';

/** `/watcher/*`: watched wallets and their alerts; its job is the background check cycle. */
export const watcher: Capability = {
  name: 'watcher',
  reads: [
    f.WATCHER_INTERVAL_SECONDS,
    f.WATCHER_MIN_CHANGE_ETH,
    f.WATCHER_LARGE_OUTGOING_ETH,
    f.WATCHER_MAX_WALLETS,
    g.PRICING_MIN_LIQUIDITY_ETH,
    g.PRICING_MAX_TWAP_DEVIATION_BPS,
  ],
  controllers: ['WatcherController'],
  start({ config, log, stores, options, shared }) {
    const hub = need(shared, 'hub');
    const service = new WatcherService({
      store: stores.watches(),
      providers: need(shared, 'providers'),
      registry: config.chains,
      // The chain's token list (the swap list, the devnet's tokens in the demo) is what the watcher reads.
      tokens: (chain) => getSwapTokenList({ chain, extraTokens: options.swapTokens?.get(chain.id) ?? [] }),
      settings: {
        intervalMs: config.watcher.intervalMs,
        defaultMinChangeWei: config.watcher.minChangeWei,
        defaultLargeOutgoingWei: config.watcher.largeOutgoingWei,
        maxWallets: config.watcher.maxWallets,
        minLiquidityWei: config.gateway.minLiquidityWei,
        maxTwapDeviationBps: config.gateway.maxTwapDeviationBps,
      },
      onAlert: (alert) => hub.publish('watcher.alert', { ...alert }),
      onDeferred: (deferral) => hub.publish('watcher.deferred', { ...deferral }),
    });
    return {
      services: { watcher: service },
      jobs: [
        {
          name: 'watcher',
          once: true,
          start: () => service.start((error) => log.warn({ err: error }, 'watcher cycle failed; will retry')),
          stop: () => service.stop(),
        },
      ],
    };
  },
};
