import { relativeTime } from '../format/relativeTime';

/**
 * A time as people say it (`5 min ago`, `in 2 h`), the absolute time (ISO 8601, UTC) on hover and in `dateTime`.
 *
 * @example
 * ```tsx
 * <When at={execution.updatedAt} />
 * ```
 */
export function When({ at }: { at: string | null | undefined }) {
  if (!at) return <span class="muted">never</span>;
  return (
    <time dateTime={at} title={at}>
      {relativeTime(at, Date.now())}
    </time>
  );
}
