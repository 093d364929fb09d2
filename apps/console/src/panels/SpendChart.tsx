import { useEffect, useState } from 'preact/hooks';
import { callApi } from '../api/callApi';
import type { GovernorStatus } from '../api/schemas';
import type { Session } from '../session/Session';
import { Chart } from '../ui/Chart';

const WEI_PER_ETH = 10n ** 18n;
/** Wei as ETH for drawing only (a float places a point; every figure shown in words stays exact). */
const ethForDrawing = (wei: bigint) => Number(wei / 10n ** 9n) / 1e9;

/**
 * The governor's daily window as a picture: what the executions of the window were charged (value + fee budget,
 * `charged` of `/executions`, the latest 100), added up over time as a step line, against the daily cap. Read again
 * whenever the governor's figures change.
 *
 * @example
 * ```tsx
 * <SpendChart session={session} status={status} />
 * ```
 */
export function SpendChart({ session, status }: { session: Session; status: GovernorStatus }) {
  const [points, setPoints] = useState<{ x: number; y: number }[] | null>(null);
  const from = Date.parse(status.windowStart);
  const version = `${status.spent.daily.total.wei}:${status.openReservations.length}:${status.windowStart}`;
  useEffect(() => {
    let live = true;
    void callApi(session, 'get', '/executions', { query: { limit: 100 } }).then((answer) => {
      if (!live || !answer.ok) return;
      const charged = answer.body.items
        .filter((e) => e.charged !== null && Date.parse(e.createdAt) >= from && e.status !== 'blocked')
        .map((e) => ({ at: Date.parse(e.createdAt), wei: BigInt(e.charged?.wei ?? '0') }))
        .sort((a, b) => a.at - b.at);
      let total = 0n;
      const steps = [{ x: from, y: 0 }];
      for (const c of charged) {
        total += c.wei;
        steps.push({ x: c.at, y: ethForDrawing(total) });
      }
      steps.push({ x: Date.now(), y: ethForDrawing(total) });
      setPoints(steps);
    });
    return () => {
      live = false;
    };
  }, [session, version, from]);
  if (points === null) return null;
  const cap = BigInt(status.limits.dailyLimit.wei);
  return (
    <figure class="chart-figure" data-chart="spend-window" data-points={points.length - 2}>
      <Chart
        label="Charged to the governor over the daily window, against the daily cap"
        yUnit="ETH"
        xFrom={from}
        xTo={Date.now()}
        limit={{ y: ethForDrawing(cap), name: cap % WEI_PER_ETH === 0n ? 'cap' : 'daily cap' }}
        series={[{ name: 'spend', kind: 'steps', points }]}
      />
      <figcaption class="muted">
        {points.length - 2} {points.length - 2 === 1 ? 'execution' : 'executions'} in this window (value + fee
        budget each, added up) against the daily cap of {status.limits.dailyLimit.eth} ETH
      </figcaption>
    </figure>
  );
}
