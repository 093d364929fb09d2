import type { Failure } from '../state/Loaded';

/**
 * A read the server refused or that failed, with its status and code (and what it means for the panel).
 *
 * @example
 * ```tsx
 * <Failed failure={loaded.failure} what="executions" />
 * ```
 */
export function Failed({ failure, what }: { failure: Failure; what: string }) {
  const refused = failure.status === 401 || failure.status === 403;
  return (
    <p class="notice tone-bad" data-refused={failure.code}>
      <span aria-hidden="true">✕ </span>
      {refused ? `This key may not read ${what}` : `Could not read ${what}`} (
      {failure.status === 0 ? 'no answer' : failure.status} <code>{failure.code}</code>
      {failure.detail ? `: ${failure.detail}` : ''}).
    </p>
  );
}
