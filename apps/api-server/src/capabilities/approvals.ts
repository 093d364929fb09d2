import * as f from '../config/schema/features.js';
import * as g from '../config/schema/gateway.js';
import { ApprovalService } from '../services/ApprovalService.js';
import type { Capability } from './Capability.js';
import { need } from './need.js';

/** `/approval/*`: approval scans, the risk report, exact approvals and revokes (through the gateway). */
export const approvals: Capability = {
  name: 'approvals',
  reads: [
    f.APPROVAL_SCAN_START,
    f.APPROVAL_SCAN_LOOKBACK_BLOCKS,
    f.APPROVAL_LOG_CHUNK_BLOCKS,
    f.APPROVAL_MAX_AGE_DAYS,
    g.PRICING_MIN_LIQUIDITY_ETH,
    g.PRICING_MAX_TWAP_DEVIATION_BPS,
  ],
  controllers: ['ApprovalController'],
  start({ config, stores, shared }) {
    const governor = need(shared, 'governor');
    return {
      services: {
        approvals: new ApprovalService({
          providers: need(shared, 'providers'),
          gateway: shared.gateway,
          store: stores.approvalScans(),
          idempotency: stores.idempotency(),
          registry: config.chains,
          settings: config.approvals,
          minLiquidityWei: config.gateway.minLiquidityWei,
          maxTwapDeviationBps: config.gateway.maxTwapDeviationBps,
          killSwitch: async () => (await governor.governor.status()).killSwitch,
          ...(shared.rescans ? { rescans: shared.rescans } : {}),
        }),
      },
    };
  },
};
