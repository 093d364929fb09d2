import type { DcaStats } from '../api/schemas';
import type { Session } from '../session/Session';
import { DcaFillsChart } from './DcaFillsChart';
import { type DcaOrderView, toDcaOrderView } from '../state/toDcaOrderView';
import { Failed } from '../ui/Failed';
import { StatusBadge } from '../ui/StatusBadge';
import type { PanelContext } from './PanelContext';
import { When } from '../ui/When';

/** Orders per status and whether the scheduler runs (a stopped scheduler is said, never implied). */
function DcaSummary({ stats }: { stats: DcaStats }) {
  const o = stats.orders;
  const s = stats.scheduler;
  return (
    <p class="muted" data-dca-scheduler={s.running ? 'running' : 'stopped'}>
      {o.active} active · {o.paused} paused · {o.completed} completed · {o.cancelled} cancelled ·{' '}
      {s.running
        ? `scheduler running (every ${s.tickSeconds} s${s.lastTickAt ? `, last tick ${s.lastTickAt}` : ''})`
        : 'scheduler not running: no order fills on this server'}
    </p>
  );
}

/** One order: status in words, pair, amount and interval, next run, totals, pause reason, last error. */
function DcaOrderRow({ order: v, session }: { order: DcaOrderView; session: Session }) {
  return (
    <li class="dca-order" data-dca-order-id={v.id} data-status={v.status}>
      <StatusBadge status={v.status} /> <strong>{v.summary}</strong> on {v.chain}
      <dl class="facts compact">
        <dt>Next</dt>
        <dd>{v.next}</dd>
        <dt>Totals</dt>
        <dd>{v.totals}</dd>
        {v.paused === null ? null : (
          <>
            <dt>Paused</dt>
            <dd data-paused-reason>{v.paused}</dd>
          </>
        )}
        {v.lastError === null ? null : (
          <>
            <dt>Last error</dt>
            <dd>{v.lastError}</dd>
          </>
        )}
        <dt>Order</dt>
        <dd>
          <code>{v.id}</code> · updated <When at={v.updatedAt} />
        </dd>
      </dl>
      <DcaFillsChart session={session} orderId={v.id} version={v.updatedAt} />
    </li>
  );
}

/**
 * DCA orders (`/dca/orders`, newest first) with the counts of `/dca/stats`, read again on every `dca.*` event.
 * Read-only, each order with its fills as a chart. When the key may not read them, the refusal is shown.
 *
 * @example
 * ```tsx
 * <DcaPanel session={session} data={data} />
 * ```
 */
export function DcaPanel({ data, session }: PanelContext) {
  const loaded = data.resources.dca;
  if (loaded.state === 'loading') return <p class="muted">Reading DCA orders…</p>;
  if (loaded.state === 'failed') return <Failed failure={loaded.failure} what="DCA orders" />;
  const { orders, stats } = loaded.value;
  return (
    <div>
      <DcaSummary stats={stats} />
      {orders.length === 0 ? (
        <p class="muted">No DCA order.</p>
      ) : (
        <ul class="rows">
          {orders.map((o) => (
            <DcaOrderRow key={o.id} order={toDcaOrderView(o)} session={session} />
          ))}
        </ul>
      )}
    </div>
  );
}
