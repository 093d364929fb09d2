/**
 * How long ago (or how soon) an ISO 8601 time is, in the largest whole unit: `just now`, `42 s ago`, `5 min ago`,
 * `3 h ago`, `2 d ago`, `in 10 min`. A text that is not a time is returned as it is.
 *
 * @example
 * ```ts
 * relativeTime('2026-01-01T00:00:00Z', Date.parse('2026-01-01T00:05:00Z')); // '5 min ago'
 * ```
 */
export function relativeTime(iso: string, now: number): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const seconds = Math.round((now - at) / 1000);
  const size = Math.abs(seconds);
  if (size < 5) return 'just now';
  const [amount, unit] =
    size < 60
      ? [size, 's']
      : size < 3600
        ? [Math.floor(size / 60), 'min']
        : size < 86_400
          ? [Math.floor(size / 3600), 'h']
          : [Math.floor(size / 86_400), 'd'];
  return seconds >= 0 ? `${amount} ${unit} ago` : `in ${amount} ${unit}`;
}
