/**
 * Time left until `deadline` (ISO 8601) as text for a held action: `9 min 58 s`, `1 h 02 min`, or `expired`.
 *
 * @example
 * ```ts
 * countdown('2026-01-01T00:10:00Z', Date.parse('2026-01-01T00:00:02Z')); // '9 min 58 s'
 * ```
 */
export function countdown(deadline: string, now: number): string {
  const end = Date.parse(deadline);
  if (Number.isNaN(end)) return 'unknown';
  const seconds = Math.floor((end - now) / 1000);
  if (seconds <= 0) return 'expired';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`;
  if (m > 0) return `${m} min ${String(s).padStart(2, '0')} s`;
  return `${s} s`;
}
