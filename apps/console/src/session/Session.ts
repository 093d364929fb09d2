/**
 * Who is signed in: the key (held in memory for this tab, at most in `sessionStorage`) and what the server let it
 * do when it was checked — `operator` (`X-Operator-Key`: decide held actions, release the kill switch, change the
 * caps) or `trading` (`X-API-Key`: a read-only view here; it may still stop everything).
 */
export interface Session {
  readonly key: string;
  readonly role: 'operator' | 'trading';
}

/**
 * The header that carries the session's key.
 *
 * @example
 * ```ts
 * fetch('/governor/status', { headers: authHeaders({ key, role: 'operator' }) });
 * ```
 */
export function authHeaders(session: Session): Record<string, string> {
  return session.role === 'operator' ? { 'X-Operator-Key': session.key } : { 'X-API-Key': session.key };
}
