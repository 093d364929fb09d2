/** Word and symbol per status: the colour is never the only signal. */
const LOOK: Record<string, { symbol: string; tone: string }> = {
  confirmed: { symbol: '✓', tone: 'good' },
  approved: { symbol: '✓', tone: 'good' },
  running: { symbol: '▶', tone: 'busy' },
  settled: { symbol: '✓', tone: 'good' },
  pending: { symbol: '…', tone: 'busy' },
  signed: { symbol: '…', tone: 'busy' },
  preparing: { symbol: '…', tone: 'busy' },
  awaiting_confirmation: { symbol: '⏸', tone: 'wait' },
  blocked: { symbol: '⛔', tone: 'bad' },
  denied: { symbol: '✕', tone: 'bad' },
  expired: { symbol: '⌛', tone: 'bad' },
  reverted: { symbol: '✕', tone: 'bad' },
  failed: { symbol: '✕', tone: 'bad' },
  high: { symbol: '▲', tone: 'bad' },
  medium: { symbol: '◆', tone: 'wait' },
  low: { symbol: '▽', tone: 'info' },
  active: { symbol: '▶', tone: 'good' },
  paused: { symbol: '⏸', tone: 'wait' },
  cancelled: { symbol: '■', tone: 'info' },
  completed: { symbol: '✓', tone: 'good' },
  bridging: { symbol: '…', tone: 'busy' },
  partial: { symbol: '◐', tone: 'wait' },
  refunded: { symbol: '↩', tone: 'wait' },
  stuck: { symbol: '⌛', tone: 'bad' },
};

/**
 * A status as a badge: a symbol, the status in words (underscores as spaces), and a colour class.
 *
 * @example
 * ```tsx
 * <StatusBadge status="confirmed" />
 * ```
 */
export function StatusBadge({ status }: { status: string }) {
  const look = LOOK[status] ?? { symbol: '•', tone: 'info' };
  return (
    <span class={`badge tone-${look.tone}`}>
      <span aria-hidden="true">{look.symbol} </span>
      {status.replaceAll('_', ' ')}
    </span>
  );
}
