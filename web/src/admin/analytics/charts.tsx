// Small SVG charts for the analytics screen: a line chart of a series and horizontal bars. No
// chart library: these two shapes are all the reports need.

export interface Series {
  label: string;
  colour: string;
  values: number[];
}

/** A line chart of one or more series over the same x labels. */
export function LineChart({ labels, series, title }: { labels: string[]; series: Series[]; title: string }) {
  const width = 640;
  const height = 180;
  const pad = 28;
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const x = (i: number) => pad + (labels.length <= 1 ? 0 : (i * (width - pad * 2)) / (labels.length - 1));
  const y = (v: number) => height - pad - (v / max) * (height - pad * 2);
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={title} width="100%">
        <line x1={pad} y1={height - pad} x2={width - pad} y2={height - pad} stroke="#ccc" />
        <text x={4} y={pad} fontSize="10" fill="#666">
          {max}
        </text>
        {series.map((s) => (
          <polyline
            key={s.label}
            fill="none"
            stroke={s.colour}
            strokeWidth={2}
            points={s.values.map((v, i) => `${x(i)},${y(v)}`).join(' ')}
          />
        ))}
        {labels.length > 0 ? (
          <>
            <text x={pad} y={height - 8} fontSize="10" fill="#666">
              {labels[0]}
            </text>
            <text x={width - pad} y={height - 8} fontSize="10" fill="#666" textAnchor="end">
              {labels[labels.length - 1]}
            </text>
          </>
        ) : null}
      </svg>
      <figcaption>
        {series.map((s) => (
          <span key={s.label} style={{ marginRight: '1rem' }}>
            <span style={{ color: s.colour }}>■</span> {s.label}: {s.values.reduce((a, b) => a + b, 0)}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

/** Horizontal bars with their values, largest first as given. */
export function Bars({
  rows,
  title,
  format = String,
}: {
  rows: { label: string; value: number }[];
  title: string;
  format?: (value: number, index: number) => string;
}) {
  const max = Math.max(1, ...rows.map((r) => r.value));
  if (rows.length === 0) return <p className="hint">No data for these days.</p>;
  return (
    <table className="bars" aria-label={title}>
      <tbody>
        {rows.map((row, index) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            <td style={{ width: '60%' }}>
              <div
                style={{ background: '#2f5d50', height: '0.8rem', width: `${(row.value / max) * 100}%`, minWidth: row.value > 0 ? 2 : 0 }}
              />
            </td>
            <td>{format(row.value, index)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A rate 0..1 as a percentage with at most one decimal. */
export const percent = (rate: number): string => `${Math.round(rate * 1000) / 10} %`;
