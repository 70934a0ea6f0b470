// What every analytics report shares: its GET for the chosen days, its titled section, and the
// table of the reports that are tables.
import type { CSSProperties, ReactNode } from 'react';
import { ANALYTICS_REPORTS_PATH } from '@sc/contracts';
import { useApi } from '../data.js';

export function useReport<T>(name: string, query: string) {
  return useApi<T>(`${ANALYTICS_REPORTS_PATH}/${name}?${query}`);
}

/** A report's section, titled by its heading. */
export function ReportSection({ id, title, style, children }: { id: string; title: string; style?: CSSProperties; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} style={style}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

/** A report as a table: a header row, then one row per entry. */
export function ReportTable({
  headers,
  rows,
}: {
  headers: readonly string[];
  rows: ReadonlyArray<{ key: string; cells: readonly ReactNode[] }>;
}) {
  return (
    <table>
      <thead>
        <tr>
          {headers.map((header) => (
            <th key={header}>{header}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            {row.cells.map((cell, i) => (
              <td key={i}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
