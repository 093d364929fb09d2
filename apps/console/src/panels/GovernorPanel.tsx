import { Failed } from '../ui/Failed';
import { Amount } from '../ui/Amount';
import { KillSwitchControl } from './KillSwitchControl';
import { LimitsForm } from './LimitsForm';
import type { PanelContext } from './PanelContext';
import { SpendChart } from './SpendChart';
import { SpendWindow } from './SpendWindow';
import { When } from '../ui/When';

/**
 * The spend governor: kill switch, caps, spent and remaining per window (bars), open reservations, how actions are
 * held; the caps form for the operator.
 *
 * @example
 * ```tsx
 * <GovernorPanel session={session} data={data} />
 * ```
 */
export function GovernorPanel(context: PanelContext) {
  const loaded = context.data.resources.governor;
  if (loaded.state === 'loading') return <p class="muted">Reading the governor…</p>;
  if (loaded.state === 'failed') return <Failed failure={loaded.failure} what="the governor" />;
  const s = loaded.value;
  return (
    <div class="governor">
      <KillSwitchControl engaged={s.killSwitch} context={context} />
      <section aria-labelledby="caps-title">
        <h3 id="caps-title">Spend</h3>
        <p>
          Per transaction: at most <strong>{s.limits.maxPerTx.eth} ETH</strong> (now{' '}
          <Amount value={s.remaining.perTx.eth} unit="ETH" /> allowed)
        </p>
        <SpendWindow
          name="Daily"
          spend={s.spent.daily}
          limit={s.limits.dailyLimit}
          remaining={s.remaining.daily}
        />
        <SpendChart session={context.session} status={s} />
        <SpendWindow
          name="Session"
          spend={s.spent.session}
          limit={s.limits.sessionLimit}
          remaining={s.remaining.session}
        />
        <p class="muted">
          Daily window {s.dailyWindow} from <When at={s.windowStart} />; session since{' '}
          <When at={s.sessionStartedAt} />. Held for approval: <code>{s.confirmations.mode}</code> (
          {s.confirmations.ttlSeconds} s to decide).
        </p>
      </section>
      <section aria-labelledby="reservations-title">
        <h3 id="reservations-title">Open reservations ({s.openReservations.length})</h3>
        {s.openReservations.length === 0 ? (
          <p class="muted">None.</p>
        ) : (
          <ul class="plain">
            {s.openReservations.map((r) => (
              <li key={r.id}>
                {r.action} <Amount value={r.value.eth} unit="ETH" /> since <When at={r.reservedAt} />
                {r.expired ? ' — ⚠ older than its time-to-live, still counted' : ''} <code>{r.id}</code>
              </li>
            ))}
          </ul>
        )}
      </section>
      {context.session.role === 'operator' ? <LimitsForm status={s} context={context} /> : null}
    </div>
  );
}
