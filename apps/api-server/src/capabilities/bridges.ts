import { createBridgeAction, createLifiClient, getSwapTokenList } from '@org/chain-evm';
import { BridgeFollower, bridgeOf, startOf } from '../bridge/BridgeFollower.js';
import { BridgeQuoteBook } from '../bridge/BridgeQuoteBook.js';
import { bridgeAllowlists } from '../bridge/bridgeAllowlists.js';
import { readDeliveredAmount } from '../bridge/readDeliveredAmount.js';
import * as b from '../config/schema/bridge.js';
import * as g from '../config/schema/gateway.js';
import { BridgeService } from '../services/BridgeService.js';
import type { Capability } from './Capability.js';
import { need } from './need.js';

/**
 * `/bridge/*` through LI.FI: quotes, the gateway's `bridge` action (allowlist: LI.FI's pinned contracts plus
 * `BRIDGE_ALLOWED_CONTRACTS_<CHAIN>`), and the follower of each transfer; its job resumes the transfers a restart
 * interrupted and stops the follower's timers.
 */
export const bridges: Capability = {
  name: 'bridges',
  reads: [
    ...Object.values(b).filter((v) => typeof v === 'object'),
    g.MAX_SLIPPAGE_BPS,
    g.PRICING_MIN_LIQUIDITY_ETH,
  ],
  controllers: ['BridgeController'],
  gateway: ({ config }) => ({
    modules: [createBridgeAction({ allowlist: bridgeAllowlists(config.chains, config.bridge) })],
  }),
  start({ config, log, stores, options, shared }) {
    const hub = need(shared, 'hub');
    const executions = need(shared, 'executions');
    const lifi = createLifiClient({
      baseUrl: config.bridge.lifi.baseUrl,
      apiKey: config.bridge.lifi.apiKey,
      timeoutMs: config.bridge.lifi.timeoutMs,
    });
    // The bridge service resets approvals for the follower; the follower settles transfers for the service.
    let service: BridgeService | undefined;
    const providers = need(shared, 'providers');
    const follower = new BridgeFollower({
      store: executions,
      client: lifi,
      publish: (type, data) => hub.publish(type, data),
      resetApproval: async (record, start) =>
        service ? service.resetApproval(record, start) : { executionId: null, status: 'not-needed' },
      // "Completed" is read on the destination chain, not taken from LI.FI's word.
      readDelivery: async ({ chainId, ...delivery }) =>
        readDeliveredAmount({ provider: (await providers.get(String(chainId))).provider, ...delivery }),
      onError: (error, executionId) =>
        log.warn({ err: error, executionId }, 'bridge status read failed; will retry'),
      settings: {
        pollMs: config.bridge.statusPollMs,
        maxPollMs: config.bridge.statusMaxPollMs,
        stuckFactor: config.bridge.stuckFactor,
        stuckMinMs: config.bridge.stuckMinMs,
      },
    });
    service = new BridgeService({
      config: config.bridge,
      providers,
      security: need(shared, 'security'),
      client: lifi,
      book: new BridgeQuoteBook({ keepMs: Math.max(600_000, config.bridge.quoteTtlMs * 10) }),
      follower,
      store: executions,
      gateway: shared.gateway,
      idempotency: stores.idempotency(),
      registry: config.chains,
      tokens: (chain) => getSwapTokenList({ chain, extraTokens: options.swapTokens?.get(chain.id) ?? [] }),
      maxSlippageBps: config.maxSlippageBps,
      minLiquidityWei: config.gateway.minLiquidityWei,
      governor: need(shared, 'governor').governor,
    });
    // Issue 32: a bridge whose source transaction's block was reorganized away is followed again (even one that was
    // terminal): the follower marks the transfer and waits for the transaction to be mined again.
    const stopReorgs = hub.subscribe((event) => {
      if (event.type !== 'execution.reorged') return;
      const id = String(event.data['executionId']);
      void executions
        .get(id)
        .then((record) => {
          if (record?.action !== 'bridge') return;
          const start = bridgeOf(record) ?? startOf(record);
          if (start) follower.follow(id, start);
        })
        .catch((error: unknown) =>
          log.warn({ err: error, executionId: id }, 'following a reorged bridge failed'),
        );
    });
    return {
      services: { bridge: service },
      jobs: [
        {
          // Transfers a restart interrupted are followed again (their records carry what the follow needs).
          name: 'bridge-follower',
          once: true,
          start: () =>
            void follower
              .resume()
              .catch((error: unknown) => log.warn({ err: error }, 'resuming bridge transfers failed')),
          stop: () => {
            stopReorgs();
            follower.stop();
          },
        },
      ],
    };
  },
};
