import { preparingInterruptDelay } from './preparingInterruptDelay.js';
import {
  createGatewaySteps,
  createDurableNonceManager,
  createMemoryNonceManager,
  defaultActionModules,
  ExecutionGateway,
} from '@org/chain-evm';
import { followReorgedExecutions } from '../chain/followReorgedExecutions.js';
import * as chainVars from '../config/schema/chains.js';
import * as g from '../config/schema/gateway.js';
import * as server from '../config/schema/server.js';
import { ConfirmationsService } from '../services/ConfirmationsService.js';
import { indexExecutionKeys } from '../services/dca/indexExecutionKeys.js';
import { ExecutionsService } from '../services/ExecutionsService.js';
import { GovernorService } from '../services/GovernorService.js';
import { WalletService } from '../services/WalletService.js';
import type { Capability } from './Capability.js';
import { intervalJob } from './intervalJob.js';
import { need } from './need.js';
import { resolveWallet } from './resolveWallet.js';

/**
 * The spend governor, the one signer (the execution gateway, with every row's actions), held actions
 * (confirmations), execution records and the wallet. Jobs: the reconciler (at start, then every 30 s) and the
 * held-actions beat (every 2 s: expiries, CLI approvals and cancels, operator caps, a kill switch changed elsewhere).
 */
export const governor: Capability = {
  name: 'governor',
  reads: [
    chainVars.WALLET_PRIVATE_KEY,
    chainVars.WALLET_KEYSTORE_PATH,
    chainVars.WALLET_KEYSTORE_PASSWORD,
    server.WEB3_OPERATOR_KEY,
    server.ENABLE_WALLET_CREATE_ENDPOINT,
    g.CONFIRM_MODE,
    g.CONFIRM_TTL_SECONDS,
    g.GOVERNOR_MAX_PER_TX,
    g.GOVERNOR_DAILY_LIMIT,
    g.GOVERNOR_SESSION_LIMIT,
    g.GOVERNOR_DAILY_WINDOW,
    g.PRICING_MIN_LIQUIDITY_ETH,
    g.PRICING_MAX_TWAP_DEVIATION_BPS,
    g.RECEIPT_TIMEOUT_MS,
    g.TX_REPLACE_AFTER_MS,
    g.GAS_PRICE_CEILING_GWEI,
    g.MAX_PENDING_PER_SENDER,
    g.SENDER_WINDOW_WAIT_MS,
    g.GATEWAY_EFFECTS,
    g.MAX_VALUE_LOSS_BPS,
    g.PREPARING_STALE_MS,
  ],
  controllers: ['GovernorController', 'ConfirmationsController', 'ExecutionsController', 'WalletController'],
  gateway: () => ({ modules: defaultActionModules }),
  async start({ config, log, stores, options, shared, gateway: contributions }) {
    const wallet = await resolveWallet(config);
    const providers = need(shared, 'providers');
    const security = need(shared, 'security');
    const hub = need(shared, 'hub');
    // A DCA fill's key (`dca:<order>:<slot>`) is entered before its execution record: one key, one execution, and
    // a fill finds its swap by its key after a crash.
    const executionKeys = stores.executionKeys();
    const executions = indexExecutionKeys({
      store: stores.executions(),
      index: executionKeys,
      // A DCA fill's exact approval (`dca:<order>:<slot>:approve`) too: a restart never sends it twice.
      indexed: (key) => /^dca:[^:]+:[0-9]+(?::approve)?$/.test(key),
    });
    const confirmations = stores.confirmations();
    const nonceStore = stores.nonces();
    const governorService = new GovernorService({
      config,
      ledger: stores.spendLedger(),
      limits: stores.operatorLimits(),
      logger: log,
      ...(options.confirmFn ? { confirmFn: options.confirmFn } : {}),
      onLimits: (limits) => hub.publish('governor.limits', limits),
    });
    // The live stream: the governor's kill-switch changes and refusals (the gateway's events below).
    let killSwitch: boolean | undefined;
    governorService.governor.subscribe((event) => {
      if (event.type === 'kill-switch') {
        killSwitch = event.engaged;
        hub.publish('governor.kill-switch', { engaged: event.engaged, by: 'api' });
      } else if (event.type === 'decision' && !event.decision.allowed) {
        const { action, code, reason, value } = event.decision;
        hub.publish('governor.blocked', { action, code, reason, value });
      }
    });
    // Caps an operator set earlier (HTTP or CLI) apply before the first request.
    await governorService.syncLimits();
    if ((await governorService.status()).killSwitch) {
      log.warn(
        { component: 'governor' },
        'The kill switch is ENGAGED (persisted from an earlier run): every fund-moving action is blocked until an operator releases it.',
      );
    }
    const audit = log.child({ component: 'gateway' });
    // Issue 32: executions mined in a block that has another hash now → `chain.reorg`, /health degraded until they
    // settled again.
    const rescans = shared.rescans;
    const onReorg =
      rescans && wallet ? followReorgedExecutions({ rescans, owner: wallet.address }) : () => undefined;
    // Every use by the one signer (a send above all) re-proves the node's chain id once it is older than
    // RPC_CHAIN_RECHECK_SECONDS: a node that switched chains is refused 502 RPC_CHAIN_MISMATCH before any reservation.
    const provider = async (chainId: number) =>
      (await providers.get(String(chainId), { recheck: true })).provider;
    // The one signer. The key goes into the gateway and nowhere else.
    const gateway = wallet
      ? new ExecutionGateway({
          privateKey: wallet.privateKey,
          chains: config.chains,
          provider,
          governor: governorService.governor,
          tokenSafety: { getReport: ({ chain, address: token }) => security.evmReport(chain, token) },
          store: executions,
          confirmations,
          // Prerequisite approvals (a bridge's, a deposit's) are entered here before they are signed.
          approvals: stores.outstandingApprovals(),
          describeResult: (p) =>
            contributions.describers.find((d) => d.actions.includes(p.record.action))?.describe(p) ?? {},
          // Every row's actions: the built-in ones, then `deposit` (yield) and `bridge` (bridges).
          actions: contributions.modules,
          // With PostgreSQL every instance allocates from the same durable nonce rows (several may sign for the
          // wallet); one process's backend keeps the per-process manager.
          nonces: nonceStore
            ? createDurableNonceManager({
                store: nonceStore,
                provider,
                timeoutMs: config.rpcTimeoutMs,
                maxInFlight: config.gateway.maxPendingPerSender,
                windowWaitMs: config.gateway.senderWindowWaitMs,
              })
            : createMemoryNonceManager({ provider, timeoutMs: config.rpcTimeoutMs }),
          steps: createGatewaySteps({
            minLiquidityWei: config.gateway.minLiquidityWei,
            maxTwapDeviationBps: config.gateway.maxTwapDeviationBps,
            timeoutMs: config.rpcTimeoutMs,
            effects: config.gateway.effects,
          }),
          settings: {
            maxValueLossBps: config.gateway.maxValueLossBps,
            receiptTimeoutMs: config.gateway.receiptTimeoutMs,
            replaceAfterMs: config.gateway.replaceAfterMs,
            feeCeilingWei: config.gateway.feeCeilingWei,
            maxPendingPerSender: config.gateway.maxPendingPerSender,
            senderWindowWaitMs: config.gateway.senderWindowWaitMs,
            // Several instances may share a PostgreSQL store: another one's preparation is not ours to interrupt.
            interruptPreparingAfterMs: preparingInterruptDelay(config),
            rpcTimeoutMs: config.rpcTimeoutMs,
            confirmMode: config.confirm.mode,
            confirmTtlMs: config.confirm.ttlMs,
          },
          onEvent: (event) => {
            audit.info({ event: JSON.parse(JSON.stringify(event, bigintAsString)) }, `gateway ${event.type}`);
            onReorg(event);
            if (event.type === 'chain-reorg') return; // published as `chain.reorg`
            hub.publish(
              event.type === 'confirmation' ? 'confirmation.decided' : `execution.${event.type}`,
              event,
            );
          },
        })
      : undefined;
    const reconcile = async () => {
      await gateway?.reconcile();
    };
    Object.assign(shared, {
      address: wallet?.address,
      governor: governorService,
      gateway,
      executions,
      executionKeys,
      reconcile,
    });
    const warn = (message: string) => (error: unknown) => log.warn({ err: error }, message);
    // Held actions: expire what timed out and run what an operator approved from the CLI; send the cancels an
    // operator asked for from the CLI; pick up operator-set caps; a kill switch changed by the CLI (another process
    // on the same database) reaches the stream too.
    const processHeld = () => {
      gateway?.processConfirmations().catch(warn('confirmation processing failed; will retry'));
      gateway?.processCancelRequests().catch(warn('sending requested cancels failed; will retry'));
    };
    // One kill, one event: on a shared hub the process that changed the switch published it already (an instance
    // through its governor, the CLI into the shared log), so the sync only refreshes what this instance knows; on a
    // hub of its own (one instance per database) the sync announces a change the CLI made.
    const announceElsewhere = shared.hubShared !== true;
    const syncOperator = () => {
      governorService.syncLimits().catch(warn('reading operator limits failed; will retry'));
      governorService
        .status()
        .then((s) => {
          if (announceElsewhere && killSwitch !== undefined && s.killSwitch !== killSwitch) {
            hub.publish('governor.kill-switch', { engaged: s.killSwitch, by: 'elsewhere' });
          }
          killSwitch = s.killSwitch;
        })
        .catch(() => undefined);
    };
    return {
      services: {
        governor: governorService,
        confirmations: new ConfirmationsService({
          gateway,
          store: confirmations,
          registry: config.chains,
          executions,
        }),
        executions: new ExecutionsService({
          store: executions,
          registry: config.chains,
          reconcile,
          ...(gateway ? { cancel: (p: { id: string; by: string }) => gateway.cancel(p) } : {}),
        }),
        wallet: new WalletService({
          providers,
          address: wallet?.address,
          enableCreate: config.enableWalletCreate,
        }),
      },
      jobs: [
        // The reconciler finishes what a crash, a time-out or a lost node left pending: at start, then on a timer
        // (and whenever a client reads an unsettled execution).
        intervalJob({
          once: true,
          name: 'reconciler',
          everyMs: 30_000,
          run: () => void reconcile().catch(warn('reconciler failed; will retry')),
        }),
        intervalJob({ once: true, name: 'held-actions', everyMs: 2_000, run: processHeld }),
        // Every instance keeps its own governor's caps and kill-switch notice current.
        intervalJob({ name: 'operator-sync', everyMs: 2_000, run: syncOperator }),
      ],
    };
  },
};

function bigintAsString(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}
