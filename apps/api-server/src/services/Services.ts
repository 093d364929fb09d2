import type { StreamLimits } from '../events/StreamLimits.js';
import type { EventHub } from '../events/EventHub.js';
import type { ConfirmationsService } from './ConfirmationsService.js';
import type { DcaOrdersService } from './dca/DcaOrdersService.js';
import type { ExecutionsService } from './ExecutionsService.js';
import type { GovernorService } from './GovernorService.js';
import type { HealthService } from './HealthService.js';
import type { SecurityService } from './SecurityService.js';
import type { SwapService } from './SwapService.js';
import type { WalletService } from './WalletService.js';
import type { WatcherService } from './WatcherService.js';
import type { ApprovalService } from './ApprovalService.js';
import type { BridgeService } from './BridgeService.js';
import type { GasService } from './GasService.js';
import type { PortfolioService } from './PortfolioService.js';
import type { YieldPortfolioService } from './YieldPortfolioService.js';
import type { YieldCompoundService } from './YieldCompoundService.js';
import type { YieldService } from './YieldService.js';
import type { YieldVaultSampler } from './YieldVaultSampler.js';

/** Everything the controllers use; built once per app by the composition root. */
export interface Services {
  version: string;
  wallet: WalletService;
  security: SecurityService;
  governor: GovernorService;
  health: HealthService;
  executions: ExecutionsService;
  swap: SwapService;
  confirmations: ConfirmationsService;
  /** The live event stream (`GET /events`). */
  events: { hub: EventHub; heartbeatMs: number; limits: StreamLimits };
  approvals: ApprovalService;
  watcher: WatcherService;
  gas: GasService;
  portfolio: PortfolioService;
  /** Recurring buys (`/dca/*`) and their scheduler. */
  dca: DcaOrdersService;
  yield: YieldService;
  yieldPortfolio: YieldPortfolioService;
  /** `POST /yield/compound`. */
  yieldCompound: YieldCompoundService;
  /** Share-price sampling of `YIELD_VAULTS_<CHAIN>` (its timer is started by the server). */
  yieldSampler: YieldVaultSampler;
  /** `/bridge/*` (its status follower is started and stopped by the server). */
  bridge: BridgeService;
}
