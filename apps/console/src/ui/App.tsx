import { useEffect, useState } from 'preact/hooks';
import { detectRole } from '../session/detectRole';
import type { Session } from '../session/Session';
import { tabKeyStore } from '../session/tabKeyStore';
import { ConsoleView } from './ConsoleView';
import { SignIn } from './SignIn';

/**
 * The console: the sign-in form until a key is accepted, then the panels. A key kept in this tab's
 * `sessionStorage` is checked with the server again on load; signing out drops the key from memory and storage
 * and closes the live stream.
 *
 * @example
 * ```tsx
 * render(<App />, document.getElementById('app')!);
 * ```
 */
export function App() {
  const [session, setSession] = useState<Session | undefined>();
  const [restoring, setRestoring] = useState(() => tabKeyStore.read() !== undefined);

  useEffect(() => {
    const kept = tabKeyStore.read();
    if (kept === undefined) return;
    void detectRole(kept).then((result) => {
      if (result.kind === 'signed-in') setSession(result.session);
      else if (result.kind === 'refused') tabKeyStore.clear();
      setRestoring(false);
    });
  }, []);

  if (restoring) return <p class="boot">Checking the key kept in this tab…</p>;
  if (session === undefined)
    return (
      <SignIn
        onSignedIn={(signedIn, remember) => {
          if (remember) tabKeyStore.write(signedIn.key);
          else tabKeyStore.clear();
          setSession(signedIn);
        }}
      />
    );
  return (
    <ConsoleView
      session={session}
      onSignOut={() => {
        tabKeyStore.clear();
        setSession(undefined);
      }}
    />
  );
}
