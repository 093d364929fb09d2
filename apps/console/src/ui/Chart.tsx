/** One series of a {@link Chart}: points drawn as dots, as a line, or as a step line. */
export interface ChartSeries {
  readonly name: string;
  readonly kind: 'dots' | 'line' | 'steps';
  /** x: epoch ms; y: the figure in display units (a float for drawing only — never an amount anything is paid with). */
  readonly points: readonly { readonly x: number; readonly y: number }[];
}

const W = 320;
const H = 140;
const PAD = { left: 8, right: 8, top: 10, bottom: 22 };

/**
 * A small chart in plain SVG (no library, no inline style: the console's CSP stays strict): the series over time,
 * an optional horizontal limit, the y range and the time span written on it. Scales with its container.
 *
 * @example
 * ```tsx
 * <Chart label="Price per fill" series={[{ name: 'fills', kind: 'dots', points }]} yUnit="USDC" />
 * ```
 */
export function Chart({
  label,
  series,
  limit,
  yUnit,
  xFrom,
  xTo,
}: {
  label: string;
  series: readonly ChartSeries[];
  limit?: { readonly y: number; readonly name: string } | undefined;
  yUnit: string;
  xFrom?: number | undefined;
  xTo?: number | undefined;
}) {
  const all = series.flatMap((s) => s.points);
  const xs = all.map((p) => p.x);
  const ys = [...all.map((p) => p.y), ...(limit ? [limit.y] : [])];
  const x0 = xFrom ?? Math.min(...xs);
  const x1 = Math.max(xTo ?? Math.max(...xs), x0 + 1);
  const yMaxRaw = Math.max(...ys, 0);
  const yMinRaw = Math.min(...ys, yMaxRaw);
  const span = yMaxRaw - yMinRaw || Math.abs(yMaxRaw) || 1;
  const y0 = limit || yMinRaw === 0 ? Math.min(0, yMinRaw) : yMinRaw - span * 0.1;
  const y1 = yMaxRaw + span * 0.1;
  const px = (x: number) => PAD.left + ((x - x0) / (x1 - x0)) * (W - PAD.left - PAD.right);
  const py = (y: number) => H - PAD.bottom - ((y - y0) / (y1 - y0)) * (H - PAD.top - PAD.bottom);
  const fmt = (y: number) => (Math.abs(y) >= 100 ? y.toFixed(0) : String(Number(y.toPrecision(3))));
  return (
    <svg class="chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} data-points={all.length}>
      <line class="axis" x1={PAD.left} x2={W - PAD.right} y1={py(y0)} y2={py(y0)} />
      {limit ? (
        <g class="limit">
          <line x1={PAD.left} x2={W - PAD.right} y1={py(limit.y)} y2={py(limit.y)} />
          <text x={W - PAD.right} y={py(limit.y) - 3} text-anchor="end">
            {limit.name} {fmt(limit.y)} {yUnit}
          </text>
        </g>
      ) : null}
      {series.map((s) => {
        const pts = [...s.points].sort((a, b) => a.x - b.x);
        if (s.kind === 'dots') {
          return (
            <g class={`series series-${s.name}`} key={s.name} data-series={s.name}>
              {pts.map((p) => (
                <circle key={`${p.x}-${p.y}`} cx={px(p.x)} cy={py(p.y)} r={3} />
              ))}
            </g>
          );
        }
        const path = pts
          .map((p, i) => {
            const prev = pts[i - 1];
            if (i === 0) return `M${px(p.x)},${py(p.y)}`;
            return s.kind === 'steps' && prev ? `H${px(p.x)}V${py(p.y)}` : `L${px(p.x)},${py(p.y)}`;
          })
          .join('');
        return <path class={`series series-${s.name}`} key={s.name} data-series={s.name} d={path} />;
      })}
      <text class="tick" x={PAD.left} y={PAD.top + 2}>
        {fmt(y1)} {yUnit}
      </text>
      <text class="tick" x={PAD.left} y={H - 6}>
        {new Date(x0).toISOString().slice(5, 16).replace('T', ' ')}
      </text>
      <text class="tick" x={W - PAD.right} y={H - 6} text-anchor="end">
        {new Date(x1).toISOString().slice(5, 16).replace('T', ' ')} UTC
      </text>
    </svg>
  );
}
