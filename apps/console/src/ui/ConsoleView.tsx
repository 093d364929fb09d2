import { panelTable } from '../panels/panelTable';
import type { Session } from '../session/Session';
import { useConsoleData } from '../state/useConsoleData';
import { ConnectionBadge } from './ConnectionBadge';

/**
 * The signed-in page: who is signed in, the live connection, sign-out, and every panel of the panel table.
 *
 * @example
 * ```tsx
 * <ConsoleView session={session} onSignOut={forget} />
 * ```
 */
export function ConsoleView({ session, onSignOut }: { session: Session; onSignOut: () => void }) {
  const data = useConsoleData(session);
  return (
    <>
      <header class="top">
        <h1>Operator console</h1>
        <p class="who" data-role={session.role}>
          {session.role === 'operator'
            ? 'Signed in with the operator key'
            : 'Signed in with the trading key: read-only view'}
        </p>
        <ConnectionBadge state={data.connection} />
        <button type="button" onClick={onSignOut}>
          Sign out
        </button>
      </header>
      <main class="panels">
        {panelTable.map(({ id, title, render: Panel }) => (
          <section class="panel" key={id} id={`panel-${id}`} aria-labelledby={`panel-${id}-title`}>
            <h2 id={`panel-${id}-title`}>{title}</h2>
            <Panel session={session} data={data} />
          </section>
        ))}
      </main>
    </>
  );
}
