/**
 * A probe parameter's line (issue 27 point 4) as plain SVG: the pond page shows it under
 * the hand readings without loading the charts' visx chunk. The farm's limit is a dashed
 * line; points are the server's ≤ 500 averaged points.
 */
export function ProbeLine({
  points,
  limit,
  label,
}: {
  points: { at: string; value: number }[];
  limit: number | null;
  label: string;
}) {
  if (points.length < 2) return null;
  const width = 600;
  const height = 120;
  const times = points.map((p) => Date.parse(p.at));
  const values = points.map((p) => p.value);
  const lo = Math.min(...values, limit ?? Number.POSITIVE_INFINITY) * 0.95;
  const hi = Math.max(...values, limit ?? Number.NEGATIVE_INFINITY) * 1.05;
  const t0 = times[0];
  const t1 = times[times.length - 1];
  const x = (t: number) => ((t - t0) / Math.max(1, t1 - t0)) * width;
  const y = (v: number) => height - ((v - lo) / Math.max(1e-9, hi - lo)) * height;
  const d = points
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${x(times[i]).toFixed(1)},${y(p.value).toFixed(1)}`)
    .join('');
  return (
    <svg
      className="probes__line"
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
      data-testid="probe-line"
    >
      {limit !== null && (
        <line
          x1={0}
          x2={width}
          y1={y(limit)}
          y2={y(limit)}
          className="probes__limit"
          vectorEffect="non-scaling-stroke"
        />
      )}
      <path d={d} className="probes__path" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
