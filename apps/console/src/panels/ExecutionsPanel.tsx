import { formatUnits } from '../format/formatUnits';
import { Failed } from '../ui/Failed';
import { StatusBadge } from '../ui/StatusBadge';
import { ExecutionDetails } from './ExecutionDetails';
import type { PanelContext } from './PanelContext';

/**
 * Recent executions (`/executions`, newest first), each opening on its detail. When the key may not read them
 * (the operator key today), the refusal is shown and, under it, the executions this tab saw on the live stream
 * and in its own decisions: status, hashes, nonce, fee.
 *
 * @example
 * ```tsx
 * <ExecutionsPanel session={session} data={data} />
 * ```
 */
export function ExecutionsPanel({ data }: PanelContext) {
  const loaded = data.resources.executions;
  if (loaded.state === 'loading') return <p class="muted">Reading executions…</p>;
  if (loaded.state === 'ready')
    return loaded.value.length === 0 ? (
      <p class="muted">No execution yet.</p>
    ) : (
      <div class="rows">
        {loaded.value.map((e) => (
          <ExecutionDetails key={e.id} execution={e} />
        ))}
      </div>
    );
  const seen = [...data.seen.values()].reverse();
  return (
    <div>
      <Failed failure={loaded.failure} what="the execution list" />
      <h3>Seen in this tab</h3>
      {seen.length === 0 ? (
        <p class="muted">None yet: executions appear here as they happen.</p>
      ) : (
        <div class="rows">
          {seen.map((s) =>
            s.execution ? (
              <ExecutionDetails key={s.id} execution={s.execution} status={s.status} />
            ) : (
              <div class="execution seen" key={s.id} data-execution-id={s.id} data-status={s.status}>
                <StatusBadge status={s.status} /> <code>{s.id}</code>
                {s.code ? (
                  <>
                    {' '}
                    <code>{s.code}</code>
                  </>
                ) : null}
                {s.nonce === null ? null : ` · nonce ${s.nonce}`}
                {s.feeWei === null ? null : ` · fee ${formatUnits(s.feeWei, 18)} ETH`}
                {s.hashes.map((h) => (
                  <div key={h}>
                    tx <code class="hash">{h}</code>
                  </div>
                ))}
              </div>
            ),
          )}
        </div>
      )}
    </div>
  );
}
