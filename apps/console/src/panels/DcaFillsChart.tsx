import { useEffect, useState } from 'preact/hooks';
import { callApi } from '../api/callApi';
import { forPeople } from '../format/forPeople';
import type { Session } from '../session/Session';
import { Chart } from '../ui/Chart';

interface FillPoint {
  readonly at: number;
  readonly price: number;
  readonly inBase: bigint;
  readonly outBase: bigint;
}

/**
 * A DCA order's filled fills as a chart: the price each fill paid (dots) and the running average price (line), token
 * in per token out. Read from `/dca/orders/{id}` (newest 100 fills) again whenever the order changes. The average is
 * exact (bigint sums of what went in and out); floats only place the dots.
 *
 * @example
 * ```tsx
 * <DcaFillsChart session={session} orderId={order.id} version={order.updatedAt} />
 * ```
 */
export function DcaFillsChart({
  session,
  orderId,
  version,
}: {
  session: Session;
  orderId: string;
  version: string;
}) {
  const [fills, setFills] = useState<{ points: FillPoint[]; unit: string; average: string } | null>(null);
  useEffect(() => {
    let live = true;
    void callApi(session, 'get', '/dca/orders/{order_id}', {
      path: { order_id: orderId },
      query: { limit: 100 },
    }).then((answer) => {
      if (!live || !answer.ok) return;
      const o = answer.body.order;
      const filled = answer.body.fills.filter(
        (f) => f.status === 'filled' && f.price?.price !== null && f.price !== null && f.amountOut !== null,
      );
      const points = filled
        .map((f) => ({
          at: Date.parse(f.scheduledAt),
          price: Number(f.price?.price),
          inBase: BigInt(f.amountIn.amountBase),
          outBase: BigInt(f.amountOut?.amountBase ?? '0'),
        }))
        .sort((a, b) => a.at - b.at);
      const decIn = o.tokenIn.decimals ?? 0;
      const decOut = o.tokenOut.decimals ?? 0;
      const unit = `${o.tokenIn.symbol ?? 'in'} per ${o.tokenOut.symbol ?? 'out'}`;
      setFills({ points, unit, average: averageText(points, decIn, decOut) });
    });
    return () => {
      live = false;
    };
  }, [session, orderId, version]);
  if (fills === null) return null;
  if (fills.points.length === 0) {
    return (
      <p class="muted" data-chart="dca-fills" data-points="0">
        No filled fill yet: the chart of prices starts with the first.
      </p>
    );
  }
  const average: { x: number; y: number }[] = [];
  let sumIn = 0;
  let sumOut = 0;
  for (const p of fills.points) {
    sumIn += p.price * Number(p.outBase);
    sumOut += Number(p.outBase);
    average.push({ x: p.at, y: sumOut === 0 ? p.price : sumIn / sumOut });
  }
  return (
    <figure class="chart-figure" data-chart="dca-fills" data-points={fills.points.length}>
      <Chart
        label={`Price per fill and running average, ${fills.unit}`}
        yUnit=""
        series={[
          { name: 'average', kind: 'line', points: average },
          { name: 'fills', kind: 'dots', points: fills.points.map((p) => ({ x: p.at, y: p.price })) },
        ]}
      />
      <figcaption class="muted">
        {fills.points.length} {fills.points.length === 1 ? 'fill' : 'fills'}: price per fill (dots) and
        running average (line), {fills.unit}; average now {fills.average}
      </figcaption>
    </figure>
  );
}

/** The exact average price over the fills (Σ in ÷ Σ out in whole units), rounded for people. */
function averageText(points: readonly FillPoint[], decIn: number, decOut: number): string {
  const sumIn = points.reduce((s, p) => s + p.inBase, 0n);
  const sumOut = points.reduce((s, p) => s + p.outBase, 0n);
  if (sumOut === 0n) return 'unknown';
  const scale = 18;
  const q = (sumIn * 10n ** BigInt(decOut + scale)) / (sumOut * 10n ** BigInt(decIn));
  const text = q.toString().padStart(scale + 1, '0');
  return forPeople(`${text.slice(0, -scale)}.${text.slice(-scale)}`);
}
