import { useEffect, useRef, useState } from 'preact/hooks';
import { callApi } from '../api/callApi';
import type { PanelContext } from './PanelContext';
import { type ActionOutcome, AnswerLine } from '../ui/AnswerLine';

/**
 * The kill switch: its state in words, "Engage" for either key (anyone may stop; one click, no question), and for
 * the operator "Release…", which asks for confirmation first. Shows the server's answer.
 *
 * @example
 * ```tsx
 * <KillSwitchControl engaged={status.killSwitch} context={context} />
 * ```
 */
export function KillSwitchControl({ engaged, context }: { engaged: boolean; context: PanelContext }) {
  const { session, data } = context;
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ActionOutcome | undefined>();
  const keep = useRef<HTMLButtonElement>(null);
  // The question takes the focus, on its safe answer.
  useEffect(() => {
    if (asking) keep.current?.focus();
  }, [asking]);

  const send = async (path: '/governor/kill' | '/governor/unkill', what: string) => {
    setBusy(true);
    const answer = await callApi(session, 'post', path);
    setBusy(false);
    setAsking(false);
    setOutcome({
      what,
      answer,
      summary: answer.ok ? `kill switch ${answer.body.killSwitch ? 'engaged' : 'released'}` : '',
    });
    data.afterAction({ refresh: ['governor'] });
  };

  return (
    <section class="kill" aria-labelledby="kill-title" data-kill-switch={engaged ? 'engaged' : 'released'}>
      <h3 id="kill-title">Kill switch</h3>
      <p class={`state ${engaged ? 'tone-bad' : 'tone-good'}`}>
        {engaged
          ? '■ ENGAGED — every fund-moving action is blocked'
          : '✓ Released — actions run, subject to the caps'}
      </p>
      {!engaged ? (
        <button
          type="button"
          class="danger"
          disabled={busy}
          onClick={() => send('/governor/kill', 'Engage the kill switch')}
        >
          Engage kill switch
        </button>
      ) : session.role !== 'operator' ? (
        <p class="muted">Only the operator key can release it.</p>
      ) : !asking ? (
        <button type="button" disabled={busy} onClick={() => setAsking(true)}>
          Release kill switch…
        </button>
      ) : (
        <fieldset class="confirm">
          <legend>Release the kill switch? Fund-moving actions will run again, subject to the caps.</legend>
          <button
            type="button"
            class="primary"
            disabled={busy}
            onClick={() => send('/governor/unkill', 'Release the kill switch')}
          >
            Yes, release
          </button>{' '}
          <button type="button" ref={keep} disabled={busy} onClick={() => setAsking(false)}>
            Keep it engaged
          </button>
        </fieldset>
      )}
      {outcome ? <AnswerLine outcome={outcome} /> : null}
    </section>
  );
}
