import { useState } from 'preact/hooks';
import { Amount } from '../ui/Amount';
import { type ActionOutcome, AnswerLine } from '../ui/AnswerLine';
import { Failed } from '../ui/Failed';
import { StatusBadge } from '../ui/StatusBadge';
import { HeldActionCard } from './HeldActionCard';
import type { PanelContext } from './PanelContext';
import { When } from '../ui/When';

/**
 * Held actions waiting for a decision (newest first), the server's answers to this tab's decisions, and the latest
 * decided ones with who decided and their note (shown as text).
 *
 * @example
 * ```tsx
 * <HeldActionsPanel session={session} data={data} />
 * ```
 */
export function HeldActionsPanel(context: PanelContext) {
  const [outcomes, setOutcomes] = useState<readonly { n: number; outcome: ActionOutcome }[]>([]);
  const loaded = context.data.resources.confirmations;
  const log = (outcome: ActionOutcome) =>
    setOutcomes((before) => [{ n: (before[0]?.n ?? 0) + 1, outcome }, ...before].slice(0, 10));
  return (
    <div class="held-actions">
      <div aria-live="polite" class="answers">
        {outcomes.map(({ n, outcome }) => (
          <AnswerLine key={n} outcome={outcome} />
        ))}
      </div>
      {loaded.state === 'loading' ? (
        <p class="muted">Reading held actions…</p>
      ) : loaded.state === 'failed' ? (
        <Failed failure={loaded.failure} what="held actions" />
      ) : (
        <>
          {loaded.value.pending.length === 0 ? (
            <p class="muted" data-empty="held">
              Nothing is waiting for a decision.
            </p>
          ) : (
            loaded.value.pending.map((c) => (
              <HeldActionCard key={c.id} confirmation={c} context={context} onOutcome={log} />
            ))
          )}
          {loaded.value.recent.length === 0 ? null : (
            <section aria-labelledby="decided-title">
              <h3 id="decided-title">Recently decided</h3>
              <ul class="rows">
                {loaded.value.recent.map((c) => (
                  <li key={c.id} data-decided-id={c.id}>
                    <StatusBadge status={c.status} /> {c.action} on {c.chain.name} —{' '}
                    {c.value ? <Amount value={c.value.eth} unit="ETH" /> : 'value unknown'} · by{' '}
                    {c.decidedBy ?? 'nobody'}
                    {c.decidedAt ? (
                      <>
                        {' '}
                        at <When at={c.decidedAt} />
                      </>
                    ) : null}
                    {c.note === null ? null : (
                      <blockquote class="note" data-note-for={c.id}>
                        {c.note}
                      </blockquote>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}
