import type { ApiAnswer } from '../api/callApi';

/** What an action got back, for {@link AnswerLine}. */
export interface ActionOutcome {
  /** What was asked, e.g. `Approve swap 0x12…`. */
  readonly what: string;
  readonly answer: ApiAnswer<unknown>;
  /** Words for a success (what changed). */
  readonly summary?: string;
}

/**
 * The server's answer to an action, as text: `✓ 200 — …` or `✕ 403 KILL_SWITCH_ENGAGED — title: detail`. A
 * refusal is always shown with its stable code.
 *
 * @example
 * ```tsx
 * <AnswerLine outcome={{ what: 'Engage the kill switch', answer }} />
 * ```
 */
export function AnswerLine({ outcome }: { outcome: ActionOutcome }) {
  const { answer } = outcome;
  if (answer.ok)
    return (
      <p class="answer tone-good" data-answer="ok">
        <span aria-hidden="true">✓ </span>
        {outcome.what}: {answer.status} {outcome.summary ?? 'done'}
      </p>
    );
  return (
    <p class="answer tone-bad" data-answer="refused" data-code={answer.code}>
      <span aria-hidden="true">✕ </span>
      {outcome.what}: refused — {answer.status === 0 ? 'no answer' : answer.status} <code>{answer.code}</code>{' '}
      {answer.title}
      {answer.detail ? `: ${answer.detail}` : ''}
    </p>
  );
}
