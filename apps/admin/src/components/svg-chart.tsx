/*
 * A small SVG chart, no charting library: grouped bars for up to three series over labelled
 * slots, a zero line when values go negative, values read exactly from the API's decimal strings
 * (scaled to a number only to draw). The figures stay in the table beside it for screen readers;
 * the SVG carries a title and a description.
 */

export interface ChartSeries {
  name: string;
  /** One value per label, as the API's decimal strings ("-12.50"). */
  values: readonly string[];
  className: string;
}

const WIDTH = 720;
const HEIGHT = 220;
const PAD_LEFT = 64;
const PAD_BOTTOM = 28;
const PAD_TOP = 12;

function tickText(value: number): string {
  const size = Math.abs(value);
  if (size >= 1_000_000) return `${(value / 1_000_000).toFixed(1)}M`;
  if (size >= 1_000) return `${(value / 1_000).toFixed(1)}k`;
  return value.toFixed(0);
}

export function BarChart({ title, labels, series }: { title: string; labels: readonly string[]; series: readonly ChartSeries[] }) {
  const numbers = series.map((item) => item.values.map((value) => Number.parseFloat(value) || 0));
  const all = numbers.flat();
  const max = Math.max(0, ...all);
  const min = Math.min(0, ...all);
  const span = max - min || 1;
  const plotHeight = HEIGHT - PAD_TOP - PAD_BOTTOM;
  const y = (value: number) => PAD_TOP + ((max - value) / span) * plotHeight;
  const slot = (WIDTH - PAD_LEFT) / Math.max(1, labels.length);
  // Bars at most 40 units wide, centred in their slot, so one period does not fill the chart.
  const bar = Math.min(40, Math.max(2, (slot * 0.8) / Math.max(1, series.length)));
  const groupOffset = (slot - bar * series.length) / 2;
  const everyLabel = Math.max(1, Math.ceil(labels.length / 12));
  const ticks = [max, (max + min) / 2, min];
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="chart-title chart-desc" preserveAspectRatio="none">
        <title id="chart-title">{title}</title>
        <desc id="chart-desc">{series.map((item) => item.name).join(', ')} per period; the same figures are in the table.</desc>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={PAD_LEFT} x2={WIDTH} y1={y(tick)} y2={y(tick)} className="chart-grid" />
            <text x={PAD_LEFT - 6} y={y(tick) + 4} textAnchor="end" className="chart-tick">
              {tickText(tick)}
            </text>
          </g>
        ))}
        <line x1={PAD_LEFT} x2={WIDTH} y1={y(0)} y2={y(0)} className="chart-zero" />
        {labels.map((label, index) => (
          <g key={label}>
            {numbers.map((values, seriesIndex) => {
              const value = values[index] ?? 0;
              const top = Math.min(y(value), y(0));
              return (
                <rect
                  key={series[seriesIndex]?.name}
                  x={PAD_LEFT + index * slot + groupOffset + seriesIndex * bar}
                  y={top}
                  width={bar}
                  height={Math.max(1, Math.abs(y(value) - y(0)))}
                  className={series[seriesIndex]?.className}
                >
                  <title>{`${label} · ${series[seriesIndex]?.name}: ${series[seriesIndex]?.values[index] ?? '0.00'}`}</title>
                </rect>
              );
            })}
            {index % everyLabel === 0 ? (
              <text x={PAD_LEFT + index * slot + slot / 2} y={HEIGHT - 8} textAnchor="middle" className="chart-tick">
                {label}
              </text>
            ) : null}
          </g>
        ))}
      </svg>
      <figcaption className="chart-legend">
        {series.map((item) => (
          <span key={item.name}>
            <i className={`swatch ${item.className}`} aria-hidden="true" /> {item.name}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
