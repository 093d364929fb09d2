import { type ApiAnswer, callApi } from '../api/callApi';
import type {
  Confirmation,
  DcaOrder,
  DcaStats,
  Execution,
  GovernorStatus,
  WatchAlert,
  WatchedWallet,
} from '../api/schemas';
import type { Session } from '../session/Session';

/** One thing the console reads from the server, and the live events after which it is read again. */
export interface ResourceDefinition<T> {
  /** Reads it with the session's key; the server decides whether this key may (a refusal is shown as such). */
  readonly load: (session: Session) => Promise<ApiAnswer<T>>;
  /** `GET /events` types that change it. A `gap` or a reconnection reads everything again. */
  readonly refreshOn: readonly string[];
}

/** Held actions still waiting, and the latest decided ones (with their notes). */
export interface ConfirmationsView {
  readonly pending: readonly Confirmation[];
  readonly recent: readonly Confirmation[];
}

/** DCA orders (newest first) and the DCA statistics (orders per status, the scheduler). */
export interface DcaView {
  readonly orders: readonly DcaOrder[];
  readonly stats: DcaStats;
}

// A reorg (`chain.reorg`) marks records of every kind: executions back to `pending` (`execution.reorged`), DCA
// fills and bridge transfers followed again, vault samples dropped.
const executionEvents = [
  'execution.held',
  'execution.broadcast',
  'execution.settled',
  'execution.blocked',
  'execution.reorged',
  'chain.reorg',
];
const dcaEvents = [
  'dca.filled',
  'dca.skipped',
  'dca.blocked',
  'dca.failed',
  'dca.paused',
  'dca.completed',
  'dca.resumed',
  'dca.cancelled',
  'chain.reorg',
];
const bridgeStates = [
  'pending',
  'bridging',
  'completed',
  'partial',
  'refunded',
  'failed',
  'shortfall',
  'stuck',
];
const bridgeEvents = [...bridgeStates.map((s) => `bridge.${s}`), 'bridge.alert', 'bridge.status-unavailable'];

/**
 * The table of what the console reads. A new kind of record is a new entry here and
 * a new panel in the panel table; nothing else changes.
 *
 * @example
 * ```ts
 * const answer = await resources.governor.load(session);
 * ```
 */
export const resources = {
  governor: {
    load: (session) => callApi(session, 'get', '/governor/status'),
    refreshOn: ['governor.kill-switch', 'governor.limits', 'governor.blocked', ...executionEvents],
  } satisfies ResourceDefinition<GovernorStatus>,
  confirmations: {
    load: async (session): Promise<ApiAnswer<ConfirmationsView>> => {
      const [pending, recent] = await Promise.all([
        callApi(session, 'get', '/confirmations', { query: { status: 'pending', limit: 100 } }),
        callApi(session, 'get', '/confirmations', { query: { limit: 10 } }),
      ]);
      if (!pending.ok) return pending;
      if (!recent.ok) return recent;
      return {
        ok: true,
        status: 200,
        body: {
          pending: pending.body.items,
          recent: recent.body.items.filter((c) => c.status !== 'pending'),
        },
      };
    },
    refreshOn: ['execution.held', 'confirmation.decided', 'execution.settled', 'execution.blocked'],
  } satisfies ResourceDefinition<ConfirmationsView>,
  executions: {
    load: async (session): Promise<ApiAnswer<readonly Execution[]>> => {
      const answer = await callApi(session, 'get', '/executions', { query: { limit: 20 } });
      return answer.ok ? { ...answer, body: answer.body.items } : answer;
    },
    refreshOn: [...executionEvents, 'confirmation.decided'],
  } satisfies ResourceDefinition<readonly Execution[]>,
  alerts: {
    load: async (session): Promise<ApiAnswer<readonly WatchAlert[]>> => {
      const answer = await callApi(session, 'get', '/watcher/alerts', { query: { limit: 20 } });
      return answer.ok ? { ...answer, body: answer.body.items } : answer;
    },
    refreshOn: ['watcher.alert'],
  } satisfies ResourceDefinition<readonly WatchAlert[]>,
  dca: {
    load: async (session): Promise<ApiAnswer<DcaView>> => {
      const [orders, stats] = await Promise.all([
        callApi(session, 'get', '/dca/orders', { query: { limit: 50 } }),
        callApi(session, 'get', '/dca/stats'),
      ]);
      if (!orders.ok) return orders;
      if (!stats.ok) return stats;
      return { ok: true, status: 200, body: { orders: orders.body.items, stats: stats.body } };
    },
    refreshOn: dcaEvents,
  } satisfies ResourceDefinition<DcaView>,
  bridges: {
    // `/executions` has no action filter: the bridge executions among the latest 100.
    load: async (session): Promise<ApiAnswer<readonly Execution[]>> => {
      const answer = await callApi(session, 'get', '/executions', { query: { limit: 100 } });
      return answer.ok ? { ...answer, body: answer.body.items.filter((e) => e.action === 'bridge') } : answer;
    },
    refreshOn: [...bridgeEvents, ...executionEvents, 'confirmation.decided'],
  } satisfies ResourceDefinition<readonly Execution[]>,
  wallets: {
    load: (session) => callApi(session, 'get', '/watcher/list'),
    refreshOn: ['watcher.alert'],
  } satisfies ResourceDefinition<readonly WatchedWallet[]>,
};

/** The name of an entry of {@link resources}. */
export type ResourceId = keyof typeof resources;
/** What an entry of {@link resources} reads. */
export type ResourceValue<K extends ResourceId> =
  (typeof resources)[K] extends ResourceDefinition<infer T> ? T : never;
