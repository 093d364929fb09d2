import { getSwapTokenList } from '@org/chain-evm';
import { ApprovalResetter } from '../approvals/ApprovalResetter.js';
import * as f from '../config/schema/features.js';
import * as g from '../config/schema/gateway.js';
import { ApprovalService } from '../services/ApprovalService.js';
import type { Capability } from './Capability.js';
import { need } from './need.js';

/**
 * `/approval/*`: approval scans, the risk report, exact approvals and revokes (through the gateway; only tokens on
 * the chain's list or approved through the gateway, at most `APPROVAL_REVOKE_MAX_PER_RUN` per run). Job: the
 * `ApprovalResetter`, which resets the approvals granted for bridges and deposits once their action is over.
 */
export const approvals: Capability = {
  name: 'approvals',
  reads: [
    f.APPROVAL_SCAN_START,
    f.APPROVAL_SCAN_LOOKBACK_BLOCKS,
    f.APPROVAL_LOG_CHUNK_BLOCKS,
    f.APPROVAL_MAX_AGE_DAYS,
    f.APPROVAL_REVOKE_MAX_PER_RUN,
    f.APPROVAL_RESET_INTERVAL_MS,
    g.RECEIPT_TIMEOUT_MS,
    g.PRICING_MIN_LIQUIDITY_ETH,
    g.PRICING_MAX_TWAP_DEVIATION_BPS,
  ],
  controllers: ['ApprovalController'],
  start({ config, log, stores, options, shared }) {
    const governor = need(shared, 'governor');
    const providers = need(shared, 'providers');
    const outstandingApprovals = stores.outstandingApprovals();
    const killSwitch = async () => (await governor.governor.status()).killSwitch;
    const gateway = shared.gateway;
    const resetter =
      gateway === undefined
        ? undefined
        : new ApprovalResetter({
            approvals: outstandingApprovals,
            executions: need(shared, 'executions'),
            gateway,
            providers,
            intervalMs: config.approvals.resetIntervalMs,
            // An approval whose action never came to be (a crash between the two) is reset after the receipt wait.
            orphanAfterMs: Math.max(60_000, 2 * config.gateway.receiptTimeoutMs),
            onPass: (pass) => {
              log.info({ component: 'approvals', ...pass }, 'outstanding approvals reconciled');
              need(shared, 'hub').publish('approval.reset', { ...pass });
            },
            onError: (error) =>
              log.warn({ err: error }, 'resetting outstanding approvals failed; will retry'),
          });
    return {
      services: {
        approvals: new ApprovalService({
          providers,
          gateway,
          store: stores.approvalScans(),
          idempotency: stores.idempotency(),
          registry: config.chains,
          settings: config.approvals,
          minLiquidityWei: config.gateway.minLiquidityWei,
          maxTwapDeviationBps: config.gateway.maxTwapDeviationBps,
          killSwitch,
          outstandingApprovals,
          swapTokens: (chain) =>
            getSwapTokenList({ chain, extraTokens: options.swapTokens?.get(chain.id) ?? [] }),
          ...(shared.rescans ? { rescans: shared.rescans } : {}),
        }),
      },
      jobs:
        resetter === undefined
          ? []
          : [
              {
                // Approvals a bridge or a deposit left — also those a previous run left — are reset to zero.
                name: 'approval-resetter',
                once: true,
                start: () => resetter.start(),
                stop: () => resetter.stop(),
              },
            ],
    };
  },
};
