import type { StreamState } from '../events/followEvents';

/**
 * The state of the live stream in words (and a symbol): live, connecting, reconnecting (when and why), refused.
 *
 * @example
 * ```tsx
 * <ConnectionBadge state={{ kind: 'open' }} />
 * ```
 */
export function ConnectionBadge({ state }: { state: StreamState }) {
  let text: string;
  let tone: string;
  switch (state.kind) {
    case 'open':
      text = '● Live';
      tone = 'good';
      break;
    case 'connecting':
      text = '◌ Connecting…';
      tone = 'wait';
      break;
    case 'reconnecting':
      text = `↻ Reconnecting in ${Math.ceil(state.inMs / 1000)} s (attempt ${state.attempt}): ${state.reason}`;
      tone = 'wait';
      break;
    case 'refused':
      text = `✕ Live updates refused: ${state.status} ${state.code}`;
      tone = 'bad';
      break;
    default:
      text = '○ Not connected';
      tone = 'info';
  }
  return (
    <output class={`connection tone-${tone}`} data-connection={state.kind}>
      {text}
    </output>
  );
}
