import { changeDirection } from '../../shared/format';

/** The y of each value in a box of `height`, the lowest at the bottom (a flat line sits in the middle). */
export function scaleValues(values: number[], height: number, pad = 2): number[] {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const span = hi - lo;
  return values.map((v) => (span === 0 ? height / 2 : pad + (1 - (v - lo) / span) * (height - 2 * pad)));
}

/**
 * A 24 h sparkline: a small hand-drawn SVG (no chart library on the home screen), red when the price
 * went up and blue when it went down, as Korean apps colour them.
 */
export function Sparkline({
  values,
  change,
  label,
  width = 64,
  height = 28,
}: {
  values: number[];
  change: string | null;
  label: string;
  width?: number;
  height?: number;
}) {
  const dir = change === null ? 'flat' : changeDirection(change);
  if (values.length < 2) {
    return (
      <svg className="sparkline sparkline-empty" width={width} height={height} role="img" aria-label={label}>
        <line x1="0" x2={width} y1={height / 2} y2={height / 2} />
      </svg>
    );
  }
  const ys = scaleValues(values, height);
  const step = width / (values.length - 1);
  const d = ys.map((y, i) => `${i === 0 ? 'M' : 'L'}${(i * step).toFixed(1)} ${y.toFixed(1)}`).join('');
  return (
    <svg
      className={`sparkline change-${dir}`}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={label}
    >
      <path d={d} />
    </svg>
  );
}
