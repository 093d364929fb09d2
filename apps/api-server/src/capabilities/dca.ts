import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import { resolve as resolvePath } from 'node:path';
import { type DcaEvent, DcaScheduler, DcaService } from '@org/dca';
import * as f from '../config/schema/features.js';
import * as g from '../config/schema/gateway.js';
import * as server from '../config/schema/server.js';
import { checkFillWithinCaps } from '../services/dca/checkFillWithinCaps.js';
import { DcaOrdersService } from '../services/dca/DcaOrdersService.js';
import { dcaTimeouts } from '../services/dca/dcaTimeouts.js';
import { DcaRuntime } from '../services/dca/DcaRuntime.js';
import { dcaEventData } from '../services/dca/dcaEventData.js';
import { GatewayDcaExecutor } from '../services/dca/GatewayDcaExecutor.js';
import { releaseOwnLeases } from '../services/dca/releaseOwnLeases.js';
import { reopenReorgedDcaFill } from '../services/dca/reopenReorgedDcaFill.js';
import type { Capability } from './Capability.js';
import { need } from './need.js';

/**
 * `/dca/*`: recurring buys, each fill a `dca-fill` swap through the gateway. Its job is the scheduler: started after
 * this server's own stale leases are freed and the reconciler's first pass; stopped after the tick under way.
 */
export const dca: Capability = {
  name: 'dca',
  reads: [
    f.DCA_TICK_SECONDS,
    f.DCA_MAX_FEE_SHARE,
    f.DCA_MAX_CONSECUTIVE_FAILURES,
    f.DCA_CONCURRENCY,
    g.MAX_SLIPPAGE_BPS,
    g.GAS_PRICE_CEILING_GWEI,
    g.RECEIPT_TIMEOUT_MS,
    g.SENDER_WINDOW_WAIT_MS,
    server.DATA_DIR,
  ],
  controllers: ['DcaController'],
  start({ config, log, stores, options, shared }) {
    const hub = need(shared, 'hub');
    const gateway = shared.gateway;
    const reconcile = need(shared, 'reconcile');
    const planner = need(shared, 'planner');
    const clock = options.clock ?? Date.now;
    const store = stores.dca();
    const dcaLog = log.child({ component: 'dca' });
    const publish = (event: DcaEvent) => {
      hub.publish(event.type, dcaEventData(event));
    };
    const onError = (error: unknown) => dcaLog.warn({ err: error }, 'DCA scheduler error; will retry');
    const executor = gateway
      ? new GatewayDcaExecutor({
          planner,
          gateway,
          executions: need(shared, 'executions'),
          keys: need(shared, 'executionKeys'),
          swapLock: need(shared, 'swapLock'),
          feeCeilingWei: config.gateway.feeCeilingWei,
          now: clock,
          holdSeconds: need(shared, 'holdSeconds'),
        })
      : undefined;
    // One lease owner per server installation (host and data directory), the same across restarts: a restart frees
    // what its killed predecessor held instead of waiting for the leases to expire.
    const owner = `api-server:${createHash('sha256')
      .update(`${hostname()}\n${resolvePath(config.dataDir)}`)
      .digest('hex')
      .slice(0, 24)}`;
    const runtime = new DcaRuntime({
      scheduler: executor
        ? new DcaScheduler({
            store,
            owner,
            executor,
            events: publish,
            concurrency: config.dca.concurrency,
            maxConsecutiveFailures: config.dca.maxConsecutiveFailures,
            maxFeeShareBps: config.dca.maxFeeShareBps,
            // The grace of a late slot follows DCA_TICK_SECONDS (at least 5 min, two tick periods when sparser).
            tickMs: config.dca.tickMs,
            // A fill's execute outlasts its two receipt waits (approval, swap): never looked up while still running.
            ...dcaTimeouts({
              receiptTimeoutMs: config.gateway.receiptTimeoutMs,
              senderWindowWaitMs: config.gateway.senderWindowWaitMs,
            }),
            // A re-quoted fill outside the band waits for its next slot, like a band skip.
            blockEffects: { DCA_PRICE_OUT_OF_BAND: 'wait' },
            onError,
          })
        : undefined,
      tickMs: config.dca.tickMs,
      now: clock,
      onError,
    });
    const dcaService = new DcaService({
      store,
      maxSlippageBps: config.maxSlippageBps,
      ...(executor ? { executor } : {}),
      maxFeeShareBps: config.dca.maxFeeShareBps,
      // An order whose fills are above a spend cap could never fill: refused at creation with the cap's code.
      checkFirstFill: checkFillWithinCaps(need(shared, 'governor').governor),
      events: publish,
      now: clock,
      onError,
    });
    // Issue 32: a fill whose swap's block was reorganized away is re-opened and followed again (counted once).
    const executions = need(shared, 'executions');
    const stopReorgs = hub.subscribe((event) => {
      if (event.type !== 'execution.reorged') return;
      reopenReorgedDcaFill({
        executions,
        dca: dcaService,
        publish: (type, data) => hub.publish(type, data),
        event: event.data,
      }).catch((error: unknown) => dcaLog.warn({ err: error }, 're-opening a reorganized DCA fill failed'));
    });
    return {
      services: {
        dca: new DcaOrdersService({
          dca: dcaService,
          planner,
          security: need(shared, 'security'),
          registry: config.chains,
          idempotency: stores.idempotency(),
          runtime,
          maxSlippageBps: config.maxSlippageBps,
          canExecute: gateway !== undefined,
        }),
      },
      jobs: [
        {
          name: 'dca-scheduler',
          once: true,
          start: () =>
            runtime.start(async () => {
              await releaseOwnLeases({ store, owner });
              await reconcile();
            }),
          // A tick under way finishes first (a fill is never cut off from its store).
          stop: () => {
            stopReorgs();
            return runtime.stop();
          },
        },
      ],
    };
  },
};
