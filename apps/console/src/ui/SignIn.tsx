import { useState } from 'preact/hooks';
import { detectRole } from '../session/detectRole';
import type { Session } from '../session/Session';

/**
 * The sign-in form: one key (the operator key, or the trading key for a read-only view), checked with the server,
 * which says which one it is. A refused key says so and shows nothing else. The key never goes into a URL (the form
 * is never submitted by the browser: `form-action 'none'` in the CSP) and is kept in `sessionStorage` only when
 * asked.
 *
 * @example
 * ```tsx
 * <SignIn onSignedIn={(session, remember) => start(session, remember)} />
 * ```
 */
export function SignIn({ onSignedIn }: { onSignedIn: (session: Session, remember: boolean) => void }) {
  const [key, setKey] = useState('');
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: Event) => {
    event.preventDefault();
    const typed = key.trim();
    if (typed === '' || typed.length > 1024 || /[^\x20-\x7e]/.test(typed)) {
      setError('That is not a key: keys are printable ASCII, 1 to 1024 characters.');
      return;
    }
    setBusy(true);
    setError(undefined);
    const result = await detectRole(typed);
    setBusy(false);
    if (result.kind === 'signed-in') {
      setKey('');
      onSignedIn(result.session, remember);
    } else if (result.kind === 'refused')
      setError(
        `The server refused this key (${result.status} ${result.code}): it is neither the operator key nor the trading key.`,
      );
    else
      setError(
        `The server could not check the key (${result.status === 0 ? 'no answer' : result.status} ${result.code}: ${result.title}).`,
      );
  };

  return (
    <main class="sign-in">
      <h1>Operator console</h1>
      <form method="post" onSubmit={submit} aria-describedby="sign-in-help">
        <label for="key">Key</label>
        <input
          id="key"
          name="key"
          type="password"
          autoComplete="off"
          spellcheck={false}
          required
          value={key}
          onInput={(e) => setKey((e.currentTarget as HTMLInputElement).value)}
        />
        <label class="check">
          <input
            type="checkbox"
            checked={remember}
            onChange={(e) => setRemember((e.currentTarget as HTMLInputElement).checked)}
          />{' '}
          Keep me signed in in this tab until it closes
        </label>
        <button type="submit" class="primary" disabled={busy}>
          {busy ? 'Checking…' : 'Sign in'}
        </button>
        {error ? (
          <p role="alert" class="notice tone-bad" data-sign-in-error="">
            <span aria-hidden="true">✕ </span>
            {error}
          </p>
        ) : null}
      </form>
      <p id="sign-in-help" class="muted">
        The operator key (<code>WEB3_OPERATOR_KEY</code>) decides held actions, releases the kill switch and
        changes the caps. The trading key (<code>WEB3_API_KEY</code>) gives a read-only view (it may still
        stop everything). The key stays in this tab's memory; signing out forgets it.
      </p>
    </main>
  );
}
