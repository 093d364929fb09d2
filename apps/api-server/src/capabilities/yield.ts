import { createDepositAction } from '@org/chain-evm';
import * as g from '../config/schema/gateway.js';
import * as y from '../config/schema/yield.js';
import { YieldCompoundService } from '../services/YieldCompoundService.js';
import { YieldPortfolioService } from '../services/YieldPortfolioService.js';
import { YieldService } from '../services/YieldService.js';
import { YieldVaultSampler } from '../services/YieldVaultSampler.js';
import { describeDepositResult } from '../yield/describeDepositResult.js';
import { learnVaultAssets } from '../yield/learnVaultAssets.js';
import { TokenVerdicts } from '../yield/TokenVerdicts.js';
import { VaultAssetBook } from '../yield/VaultAssetBook.js';
import type { Capability } from './Capability.js';
import { need } from './need.js';

/**
 * `/yield/*`: DefiLlama's ranking, `YIELD_VAULTS_<CHAIN>` as opportunities and positions, and `POST /yield/compound`
 * (the gateway's `deposit` action, only into those vaults for their asset as read on chain). Jobs: the share-price
 * sampler and, once at start, reading the vaults' assets.
 */
export const yieldCapability: Capability = {
  name: 'yield',
  reads: [...Object.values(y), g.PRICING_MIN_LIQUIDITY_ETH, g.GAS_PRICE_CEILING_GWEI],
  controllers: ['YieldController'],
  gateway: ({ config, shared }) => {
    const vaultAssets = new VaultAssetBook();
    shared.vaultAssets = vaultAssets;
    return {
      modules: [createDepositAction({ vaults: config.yield.vaults, assetOf: vaultAssets.assetOf })],
      describers: [{ actions: ['deposit'], describe: describeDepositResult }],
    };
  },
  start({ config, log, stores, options, shared }) {
    const providers = need(shared, 'providers');
    const security = need(shared, 'security');
    const hub = need(shared, 'hub');
    const vaultAssets = need(shared, 'vaultAssets');
    const sharePrices = stores.sharePrices();
    const extraTokens = options.swapTokens ?? new Map();
    const sampler = new YieldVaultSampler({
      providers,
      vaults: config.yield.vaults,
      store: sharePrices,
      intervalMs: config.yield.sampleIntervalMs,
      // Issue 32: samples on a block reorganized away (or above the head) were dropped and the vaults sampled again
      // in the same round: `chain.reorg` on /events (scope `vault-sample`) and a warning.
      onReorg: (chainId, reorg) =>
        shared.rescans?.begin({
          scope: 'vault-sample',
          chainId,
          reason: reorg.reason,
          coveredTo: reorg.blockNumber,
          head: reorg.head,
          rewindTo: reorg.blockNumber - 1,
          records: reorg.vaults,
        })(),
    });
    return {
      services: {
        yield: new YieldService({
          config: config.yield,
          portfolio: config.portfolio,
          registry: config.chains,
          providers,
          wallet: shared.address,
          extraTokens,
          minLiquidityWei: config.gateway.minLiquidityWei,
          store: sharePrices,
          verdicts: new TokenVerdicts({
            report: (chainId, token) => security.evmReport(chainId, token),
            ttlMs: Math.max(60_000, config.providers.cacheTtlMs),
          }),
        }),
        yieldPortfolio: new YieldPortfolioService({
          providers,
          wallet: shared.address,
          extraTokens,
          portfolio: config.portfolio,
          yieldConfig: config.yield,
          minLiquidityWei: config.gateway.minLiquidityWei,
          executions: need(shared, 'executions'),
        }),
        yieldCompound: new YieldCompoundService({
          providers,
          gateway: shared.gateway,
          governor: need(shared, 'governor').governor,
          idempotency: stores.idempotency(),
          store: sharePrices,
          assets: vaultAssets,
          config: config.yield,
          registry: config.chains,
          feeCeilingWei: config.gateway.feeCeilingWei,
        }),
        yieldSampler: sampler,
      },
      jobs: [
        {
          // A chain that cannot be sampled is logged and published, never silent.
          name: 'yield-sampler',
          once: true,
          start: () =>
            sampler.start((failure) => {
              log.warn(
                { chainId: failure.chainId, error: failure.error },
                'yield share-price sampling failed; will retry',
              );
              hub.publish('yield.sampling-failed', { ...failure });
            }),
          stop: () => sampler.stop(),
        },
        {
          // Read once at start (a compound request reads them again if this failed).
          name: 'vault-assets',
          start: () =>
            void learnVaultAssets({
              providers,
              vaults: config.yield.vaults,
              book: vaultAssets,
              onFailure: (failure) =>
                log.warn(failure, 'reading a vault asset failed; its deposits wait for a compound'),
            }),
          stop: () => undefined,
        },
      ],
    };
  },
};
