import { type BridgeView, toBridgeView } from '../state/toBridgeView';
import { Failed } from '../ui/Failed';
import { StatusBadge } from '../ui/StatusBadge';
import type { PanelContext } from './PanelContext';
import { When } from '../ui/When';

/** One transfer: state in words, route, amount sent and received, both transactions, alerts, a status outage. */
function BridgeRow({ view: v }: { view: BridgeView }) {
  return (
    <li class="bridge" data-bridge-execution-id={v.executionId} data-state={v.state}>
      <StatusBadge status={v.state} /> <strong>{v.sent}</strong> · {v.route}
      <dl class="facts compact">
        <dt>{v.followed ? 'Transfer' : 'Source transaction'}</dt>
        <dd>{v.reason}</dd>
        <dt>Sent</dt>
        <dd>{v.sourceTxHash === null ? 'not mined' : <code class="hash">{v.sourceTxHash}</code>}</dd>
        <dt>Received</dt>
        <dd>
          {v.received ?? 'nothing yet'}
          {v.destinationTxHash === null ? null : (
            <>
              {' '}
              in <code class="hash">{v.destinationTxHash}</code>
              {v.destinationChain === null ? '' : ` on ${v.destinationChain}`}
            </>
          )}
        </dd>
        {v.sourceReorg === null ? null : (
          <>
            <dt>Reorg</dt>
            <dd class="reorged" data-reorged="true">
              {v.sourceReorg}
            </dd>
          </>
        )}
        {v.statusUnavailable === null ? null : (
          <>
            <dt>Status unavailable</dt>
            <dd>{v.statusUnavailable}</dd>
          </>
        )}
        {v.alerts.length === 0 ? null : (
          <>
            <dt>Alerts</dt>
            <dd>
              <ul class="plain">
                {v.alerts.map((a) => (
                  <li key={a.id}>
                    <StatusBadge status={a.severity} /> {a.text}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
        <dt>Execution</dt>
        <dd>
          <code>{v.executionId}</code> · updated <When at={v.updatedAt} />
        </dd>
      </dl>
    </li>
  );
}

/**
 * Bridge transfers: the executions with `action: 'bridge'` among the latest (`/executions`), each with the transfer
 * its `result.bridge` carries, read again on every `bridge.*` and execution event. Read-only. When the key may not
 * read executions (the operator key today), the refusal is shown.
 *
 * @example
 * ```tsx
 * <BridgePanel session={session} data={data} />
 * ```
 */
export function BridgePanel({ data }: PanelContext) {
  const loaded = data.resources.bridges;
  if (loaded.state === 'loading') return <p class="muted">Reading bridge transfers…</p>;
  if (loaded.state === 'failed') return <Failed failure={loaded.failure} what="bridge transfers" />;
  const views = loaded.value.flatMap((e) => toBridgeView(e) ?? []);
  return views.length === 0 ? (
    <p class="muted">No bridge transfer among the latest executions.</p>
  ) : (
    <ul class="rows">
      {views.map((v) => (
        <BridgeRow key={v.executionId} view={v} />
      ))}
    </ul>
  );
}
