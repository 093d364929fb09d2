/** The shapes a badge can carry, drawn in SVG: no emoji font needed (a missing glyph would show as an empty box). */
type Shape =
  | 'check'
  | 'cross'
  | 'play'
  | 'dots'
  | 'pause'
  | 'stop'
  | 'clock'
  | 'up'
  | 'diamond'
  | 'down'
  | 'square'
  | 'half'
  | 'back'
  | 'dot';

/** Shape and colour per status: the word is always there, the colour is never the only signal. */
const LOOK: Record<string, { shape: Shape; tone: string }> = {
  confirmed: { shape: 'check', tone: 'good' },
  approved: { shape: 'check', tone: 'good' },
  running: { shape: 'play', tone: 'busy' },
  settled: { shape: 'check', tone: 'good' },
  pending: { shape: 'dots', tone: 'busy' },
  signed: { shape: 'dots', tone: 'busy' },
  preparing: { shape: 'dots', tone: 'busy' },
  awaiting_confirmation: { shape: 'pause', tone: 'wait' },
  blocked: { shape: 'stop', tone: 'bad' },
  denied: { shape: 'cross', tone: 'bad' },
  expired: { shape: 'clock', tone: 'bad' },
  reverted: { shape: 'cross', tone: 'bad' },
  failed: { shape: 'cross', tone: 'bad' },
  high: { shape: 'up', tone: 'bad' },
  medium: { shape: 'diamond', tone: 'wait' },
  low: { shape: 'down', tone: 'info' },
  active: { shape: 'play', tone: 'good' },
  paused: { shape: 'pause', tone: 'wait' },
  cancelled: { shape: 'square', tone: 'info' },
  completed: { shape: 'check', tone: 'good' },
  bridging: { shape: 'dots', tone: 'busy' },
  partial: { shape: 'half', tone: 'wait' },
  refunded: { shape: 'back', tone: 'wait' },
  stuck: { shape: 'clock', tone: 'bad' },
};

function Icon({ shape }: { shape: Shape }) {
  const body = {
    check: <path d="M3 8.5l3.5 3.5L13 4.5" />,
    cross: <path d="M4 4l8 8M12 4l-8 8" />,
    play: <path class="solid" d="M4 3l9 5-9 5z" />,
    dots: (
      <g class="solid">
        <circle cx="3" cy="8" r="1.5" />
        <circle cx="8" cy="8" r="1.5" />
        <circle cx="13" cy="8" r="1.5" />
      </g>
    ),
    pause: <path class="solid" d="M4 3h3v10H4zM9 3h3v10H9z" />,
    stop: (
      <g>
        <circle cx="8" cy="8" r="6" />
        <path d="M4 8h8" />
      </g>
    ),
    clock: (
      <g>
        <circle cx="8" cy="8" r="6" />
        <path d="M8 4.5V8l2.5 2" />
      </g>
    ),
    up: <path class="solid" d="M8 3l6 10H2z" />,
    diamond: <path class="solid" d="M8 2l6 6-6 6-6-6z" />,
    down: <path d="M2 4h12L8 13z" />,
    square: <path class="solid" d="M4 4h8v8H4z" />,
    half: (
      <g>
        <circle cx="8" cy="8" r="6" />
        <path class="solid" d="M8 2a6 6 0 0 0 0 12z" />
      </g>
    ),
    back: <path d="M6 3L2.5 6.5 6 10M3 6.5h6.5a4 4 0 0 1 0 8H7" />,
    dot: <circle class="solid" cx="8" cy="8" r="3" />,
  }[shape];
  return (
    <svg class="badge-icon" viewBox="0 0 16 16" aria-hidden="true" data-shape={shape}>
      {body}
    </svg>
  );
}

/**
 * A status as a badge: a drawn symbol, the status in words (underscores as spaces), and a colour class.
 *
 * @example
 * ```tsx
 * <StatusBadge status="confirmed" />
 * ```
 */
export function StatusBadge({ status }: { status: string }) {
  const look = LOOK[status] ?? { shape: 'dot', tone: 'info' };
  return (
    <span class={`badge tone-${look.tone}`}>
      <Icon shape={look.shape} />
      {status.replaceAll('_', ' ')}
    </span>
  );
}
