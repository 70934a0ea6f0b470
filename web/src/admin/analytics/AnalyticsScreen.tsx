// Analytics: visits and page views over time, top pages and referrers, devices, the product
// funnel, revenue, form conversion, JavaScript errors and web vitals, for a date range the owner
// picks (GET /api/census/reports/{name}?from&to).
import { useState } from 'react';
import { REPORT_MAX_DAYS } from '@sc/contracts';
import { Field, Page, Problem } from '../ui.js';
import { TableReports } from './TableReports.js';
import { TrafficReports } from './TrafficReports.js';

const day = (date: Date): string => date.toISOString().slice(0, 10);
const daysAgo = (n: number): string => day(new Date(Date.now() - n * 86_400_000));

/** The range's problem, or undefined (the server checks the same). */
export function rangeProblem(from: string, to: string): string | undefined {
  if (!from || !to) return 'Pick both days.';
  const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  if (span < 0) return 'The first day must be before the last.';
  if (span + 1 > REPORT_MAX_DAYS) return `Pick at most ${REPORT_MAX_DAYS} days.`;
  return undefined;
}

export function AnalyticsScreen() {
  const [from, setFrom] = useState(daysAgo(29));
  const [to, setTo] = useState(daysAgo(0));
  const problem = rangeProblem(from, to);
  const query = problem ? null : `from=${from}&to=${to}`;
  return (
    <Page title="Analytics">
      <div className="row" role="group" aria-label="Date range">
        <Field label="From">
          <input type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} />
        </Field>
        <Field label="To">
          <input type="date" value={to} min={from} onChange={(e) => setTo(e.target.value)} />
        </Field>
        {[7, 30, 90].map((n) => (
          <button
            key={n}
            type="button"
            onClick={() => {
              setFrom(daysAgo(n - 1));
              setTo(daysAgo(0));
            }}
          >
            Last {n} days
          </button>
        ))}
      </div>
      <Problem message={problem} />
      {query ? <Reports query={query} /> : null}
    </Page>
  );
}

function Reports({ query }: { query: string }) {
  return (
    <div className="reports stack">
      <TrafficReports query={query} />
      <TableReports query={query} />
    </div>
  );
}
