import { useEffect, useRef, useState } from 'preact/hooks';
import { humanizeNumbers } from '../format/humanizeNumbers';
import { Amount } from '../ui/Amount';
import { callApi } from '../api/callApi';
import type { Confirmation } from '../api/schemas';
import { Countdown } from '../ui/Countdown';
import type { ActionOutcome } from '../ui/AnswerLine';
import { TokenAmounts } from '../ui/TokenAmounts';
import type { PanelContext } from './PanelContext';
import { When } from '../ui/When';

const REASONS: Record<Confirmation['reason'], string> = {
  'above-threshold': 'worth more than the confirmation threshold',
  'value-unknown': 'its value could not be priced',
  'safety-unknown': 'the safety of a token it acquires is unknown',
  all: 'every fund-moving action is held (CONFIRM_MODE=all)',
  'value-grew': 'its value grew beyond what was approved',
};

const verdict = (isHoneypot: boolean | null) =>
  isHoneypot === null ? '? honeypot unknown' : isHoneypot ? '✕ honeypot' : '✓ not a honeypot';

/**
 * One held action with everything the operator decides on — action, chain, target, value, tokens in and out with
 * amounts, the safety verdict, simulated gas, the reason, expiry counting down — and, for the operator key,
 * Approve… / Deny… (each a second click to send, with an optional note; approving an action whose value was unknown
 * asks for the most the governor may charge).
 *
 * @example
 * ```tsx
 * <HeldActionCard confirmation={c} context={context} onOutcome={log} />
 * ```
 */
export function HeldActionCard({
  confirmation: c,
  context,
  onOutcome,
}: {
  confirmation: Confirmation;
  context: PanelContext;
  onOutcome: (outcome: ActionOutcome) => void;
}) {
  const [deciding, setDeciding] = useState<'approve' | 'deny' | undefined>();
  const [note, setNote] = useState('');
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const valueField = useRef<HTMLInputElement>(null);
  const noteField = useRef<HTMLInputElement>(null);
  const operator = context.session.role === 'operator';
  // Keyboard users land in the form they opened (the button they pressed is gone).
  useEffect(() => {
    if (deciding) (valueField.current ?? noteField.current)?.focus();
  }, [deciding]);
  const title = `${c.action} on ${c.chain.name}`;

  const decide = async (event: Event) => {
    event.preventDefault();
    if (!deciding) return;
    setBusy(true);
    const body = {
      ...(note.trim() === '' ? {} : { note: note.trim() }),
      ...(deciding === 'approve' && value.trim() !== '' ? { value: value.trim() } : {}),
    };
    const answer =
      deciding === 'approve'
        ? await callApi(context.session, 'post', '/confirmations/{id}/approve', {
            path: { id: c.id },
            body,
            timeoutMs: 180_000,
          })
        : await callApi(context.session, 'post', '/confirmations/{id}/deny', { path: { id: c.id }, body });
    setBusy(false);
    setDeciding(undefined);
    onOutcome({
      what: `${deciding === 'approve' ? 'Approve' : 'Deny'} ${title} (${c.id})`,
      answer,
      summary: answer.ok
        ? `confirmation ${answer.body.confirmation.status}, execution ${answer.body.execution.status}${
            answer.body.execution.txHash ? ` (tx ${answer.body.execution.txHash})` : ''
          }${answer.body.execution.code ? ` ${answer.body.execution.code}` : ''}`
        : '',
    });
    context.data.afterAction({
      ...(answer.ok ? { execution: answer.body.execution } : {}),
      refresh: ['confirmations', 'executions', 'governor'],
    });
  };

  return (
    <article class="card held" aria-label={`Held action ${c.id}`} data-confirmation-id={c.id}>
      <header>
        <h3>
          {c.action} <span class="muted">on {c.chain.name}</span>
        </h3>
        <p>
          Expires <Countdown deadline={c.expiresAt} />
        </p>
      </header>
      <p class="description" title={c.description}>
        {humanizeNumbers(c.description)}
      </p>
      <dl class="facts">
        <dt>Value</dt>
        <dd>
          {c.value ? (
            <strong>
              <Amount value={c.value.eth} unit="ETH" />
            </strong>
          ) : (
            <strong class="tone-wait">? unknown — the approval must say the most to charge</strong>
          )}{' '}
          <span class="muted">
            (gas not counted; native value sent <Amount value={c.nativeValue.eth} unit="ETH" />)
          </span>
        </dd>
        <dt>Spends</dt>
        <dd>
          <TokenAmounts items={c.spends} empty="no tokens" />
        </dd>
        <dt>Acquires</dt>
        <dd>
          <TokenAmounts items={c.acquires} empty="no tokens" />
        </dd>
        <dt>Safety</dt>
        <dd>
          {c.safety.length === 0 ? (
            <span class="muted">no acquired token to check</span>
          ) : (
            <ul class="plain">
              {c.safety.map((s) => (
                <li key={s.token}>
                  {verdict(s.isHoneypot)}, sell tax {s.sellTax === null ? 'unknown' : `${s.sellTax} %`}{' '}
                  <code class="address">{s.token}</code>
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt>Simulated gas</dt>
        <dd>{c.gasLimit === null ? 'not simulated' : `${c.gasLimit} gas (limit)`}</dd>
        <dt>Calls</dt>
        <dd>
          <code class="address">{c.to}</code>
        </dd>
        <dt>Why held</dt>
        <dd>
          {REASONS[c.reason] ?? c.reason}. <span class="muted">{c.detail}</span>
        </dd>
        <dt>Ids</dt>
        <dd>
          <code>{c.id}</code> · execution <code>{c.executionId}</code> · held <When at={c.createdAt} />
        </dd>
      </dl>
      {!operator ? (
        <p class="muted">Read-only: only the operator key can approve or deny.</p>
      ) : deciding === undefined ? (
        <div class="actions">
          <button type="button" class="primary" onClick={() => setDeciding('approve')}>
            Approve…
          </button>
          <button type="button" class="danger" onClick={() => setDeciding('deny')}>
            Deny…
          </button>
        </div>
      ) : (
        <form class="decision" method="post" onSubmit={decide}>
          {deciding === 'approve' && c.value === null ? (
            <div class="field-row">
              <label for={`value-${c.id}`}>Most the governor may charge (ETH)</label>
              <input
                ref={valueField}
                id={`value-${c.id}`}
                inputMode="decimal"
                autoComplete="off"
                maxLength={100}
                required
                value={value}
                onInput={(e) => setValue((e.currentTarget as HTMLInputElement).value)}
              />
            </div>
          ) : null}
          <div class="field-row">
            <label for={`note-${c.id}`}>Note (optional)</label>
            <input
              ref={noteField}
              id={`note-${c.id}`}
              autoComplete="off"
              maxLength={500}
              value={note}
              onInput={(e) => setNote((e.currentTarget as HTMLInputElement).value)}
            />
          </div>
          <button type="submit" class={deciding === 'approve' ? 'primary' : 'danger'} disabled={busy}>
            {busy ? 'Sending…' : deciding === 'approve' ? 'Confirm approval' : 'Confirm denial'}
          </button>{' '}
          <button type="button" disabled={busy} onClick={() => setDeciding(undefined)}>
            Cancel
          </button>
        </form>
      )}
    </article>
  );
}
