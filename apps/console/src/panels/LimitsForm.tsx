import { useState } from 'preact/hooks';
import { callApi } from '../api/callApi';
import type { GovernorStatus } from '../api/schemas';
import { type ActionOutcome, AnswerLine } from '../ui/AnswerLine';
import type { PanelContext } from './PanelContext';

const FIELDS = [
  { name: 'maxPerTx', label: 'Per transaction', current: (s: GovernorStatus) => s.limits.maxPerTx.eth },
  { name: 'dailyLimit', label: 'Daily', current: (s: GovernorStatus) => s.limits.dailyLimit.eth },
  { name: 'sessionLimit', label: 'Session', current: (s: GovernorStatus) => s.limits.sessionLimit.eth },
] as const;
type Field = (typeof FIELDS)[number]['name'];

/**
 * Changes the caps (`PUT /governor/limits`, operator key): a field left empty stays; "configured" puts one back to
 * its `GOVERNOR_*` value (`null`). The server checks the decimals and answers; its refusal is shown with its code.
 *
 * @example
 * ```tsx
 * <LimitsForm status={status} context={context} />
 * ```
 */
export function LimitsForm({ status, context }: { status: GovernorStatus; context: PanelContext }) {
  const [values, setValues] = useState<Record<Field, string>>({
    maxPerTx: '',
    dailyLimit: '',
    sessionLimit: '',
  });
  const [reset, setReset] = useState<Record<Field, boolean>>({
    maxPerTx: false,
    dailyLimit: false,
    sessionLimit: false,
  });
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ActionOutcome | undefined>();

  const submit = async (event: Event) => {
    event.preventDefault();
    const body: { maxPerTx?: string | null; dailyLimit?: string | null; sessionLimit?: string | null } = {};
    for (const { name } of FIELDS) {
      if (reset[name]) body[name] = null;
      else if (values[name].trim() !== '') body[name] = values[name].trim();
    }
    if (Object.keys(body).length === 0) {
      setOutcome({
        what: 'Change the caps',
        answer: { ok: false, status: 0, code: 'NOTHING_TO_CHANGE', title: 'Fill in a cap first' },
      });
      return;
    }
    setBusy(true);
    const answer = await callApi(context.session, 'put', '/governor/limits', { body });
    setBusy(false);
    setOutcome({
      what: 'Change the caps',
      answer,
      summary: answer.ok
        ? `caps now ${answer.body.limits.maxPerTx.eth} per transaction, ${answer.body.limits.dailyLimit.eth} daily, ${answer.body.limits.sessionLimit.eth} per session (ETH)`
        : '',
    });
    if (answer.ok) {
      setValues({ maxPerTx: '', dailyLimit: '', sessionLimit: '' });
      setReset({ maxPerTx: false, dailyLimit: false, sessionLimit: false });
    }
    context.data.afterAction({ refresh: ['governor'] });
  };

  return (
    <form class="limits" method="post" onSubmit={submit} aria-labelledby="limits-title">
      <h3 id="limits-title">Change the caps (ETH)</h3>
      {FIELDS.map(({ name, label, current }) => (
        <div class="field-row" key={name}>
          <label for={`cap-${name}`}>{label}</label>
          <input
            id={`cap-${name}`}
            name={name}
            inputMode="decimal"
            autoComplete="off"
            maxLength={100}
            placeholder={current(status)}
            disabled={reset[name]}
            value={values[name]}
            onInput={(e) => setValues({ ...values, [name]: (e.currentTarget as HTMLInputElement).value })}
          />
          <label class="check">
            <input
              type="checkbox"
              checked={reset[name]}
              onChange={(e) => setReset({ ...reset, [name]: (e.currentTarget as HTMLInputElement).checked })}
            />{' '}
            configured value
          </label>
        </div>
      ))}
      <button type="submit" disabled={busy}>
        Change caps
      </button>
      {outcome ? <AnswerLine outcome={outcome} /> : null}
    </form>
  );
}
