import { useEffect, useState } from 'preact/hooks';
import { countdown } from '../format/countdown';

/**
 * Time left until `deadline`, updated every second (only this element re-renders).
 *
 * @example
 * ```tsx
 * <Countdown deadline={confirmation.expiresAt} />
 * ```
 */
export function Countdown({ deadline }: { deadline: string }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = countdown(deadline, now);
  return (
    <time dateTime={deadline} title={deadline} class={left === 'expired' ? 'tone-bad' : ''}>
      {left === 'expired' ? 'expired' : `in ${left}`}
    </time>
  );
}
