// Analytics: visits and page views over time, top pages and referrers, devices, the product
// funnel, revenue, form conversion, JavaScript errors and web vitals, for a date range the owner
// picks (GET /api/census/reports/{name}?from&to).
import { useState } from 'react';
import {
  ANALYTICS_REPORTS_PATH,
  Permission,
  type FormDefinition,
  REPORT_MAX_DAYS,
  type DevicesReport,
  type ErrorsReport,
  type FormsReport,
  type FunnelReport,
  type ReferrersReport,
  type SalesReport,
  type TopPagesReport,
  type TrafficReport,
  type VitalsReport,
} from '@sc/contracts';
import { useApi } from '../data.js';
import { showMoney } from '../money.js';
import { useSession } from '../session.js';
import { Field, Loaded, Page, Problem } from '../ui.js';
import { Bars, LineChart, percent } from './charts.js';
import { apiPath } from '../../api/client.js';

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

function useReport<T>(name: string, query: string) {
  return useApi<T>(`${ANALYTICS_REPORTS_PATH}/${name}?${query}`);
}

function Reports({ query }: { query: string }) {
  const traffic = useReport<TrafficReport>('traffic', query);
  const pages = useReport<TopPagesReport>('pages', query);
  const referrers = useReport<ReferrersReport>('referrers', query);
  const devices = useReport<DevicesReport>('devices', query);
  const funnel = useReport<FunnelReport>('funnel', query);
  const sales = useReport<SalesReport>('sales', query);
  const forms = useReport<FormsReport>('forms', query);
  const errors = useReport<ErrorsReport>('errors', query);
  const vitals = useReport<VitalsReport>('vitals', query);
  // Form names, when the role may read the forms (the report knows only their ids).
  const { can } = useSession();
  const formList = useApi<{ forms: FormDefinition[] }>(can(Permission.CONTENT_READ) ? apiPath('/rest/forms/definitions') : null);
  const formName = (id: string): string => formList.data?.forms.find((f) => f.id === id)?.settings.name ?? id;
  return (
    <div className="reports stack">
      <section aria-labelledby="traffic-title" style={{ width: '100%' }}>
        <h2 id="traffic-title">Visits and page views</h2>
        <Loaded resource={traffic}>
          {(r) => (
            <>
              <p>
                <strong data-testid="total-page-views">{r.totals.pageViews}</strong> page views · <strong>{r.totals.visits}</strong> visits · <strong>{r.totals.visitors}</strong> visitors
              </p>
              <LineChart
                title="Visits and page views by day"
                labels={r.series.map((p) => p.at.slice(0, 10))}
                series={[
                  { label: 'Page views', colour: '#2f5d50', values: r.series.map((p) => p.pageViews) },
                  { label: 'Visits', colour: '#c98a2b', values: r.series.map((p) => p.visits) },
                ]}
              />
            </>
          )}
        </Loaded>
      </section>
      <section aria-labelledby="pages-title">
        <h2 id="pages-title">Top pages</h2>
        <Loaded resource={pages}>{(r) => <Bars title="Top pages" rows={r.pages.map((p) => ({ label: p.path, value: p.views }))} />}</Loaded>
      </section>
      <section aria-labelledby="referrers-title">
        <h2 id="referrers-title">Referrers</h2>
        <Loaded resource={referrers}>{(r) => <Bars title="Referrers" rows={r.referrers.map((p) => ({ label: p.host, value: p.views }))} />}</Loaded>
      </section>
      <section aria-labelledby="devices-title">
        <h2 id="devices-title">Devices</h2>
        <Loaded resource={devices}>{(r) => <Bars title="Devices" rows={r.devices.map((d) => ({ label: d.device, value: d.pageViews }))} />}</Loaded>
      </section>
      <section aria-labelledby="funnel-title">
        <h2 id="funnel-title">Product funnel</h2>
        <Loaded resource={funnel}>
          {(r) => (
            <>
              <Bars
                title="Product funnel"
                rows={[
                  { label: 'Visitors who viewed a product', value: r.totals.views },
                  { label: 'of them, added it to the cart', value: r.totals.addsToCart },
                  { label: 'of them, bought it', value: r.totals.purchases },
                ]}
              />
              <p>
                Add-to-cart rate {percent(r.rates.addToCart)} · purchase rate {percent(r.rates.purchase)}
              </p>
              <p className="hint">Counted per visitor and product each day; automated clients and signed-in owners are left out of every step.</p>
            </>
          )}
        </Loaded>
      </section>
      <section aria-labelledby="sales-title">
        <h2 id="sales-title">Revenue</h2>
        <Loaded resource={sales}>
          {(r) =>
            r.totals.length === 0 ? (
              <p className="hint">No sales in these days.</p>
            ) : (
              <>
                {r.totals.map((t) => (
                  <p key={t.currency}>
                    <strong data-testid={`revenue-${t.currency}`}>{showMoney(t.revenue)}</strong> from {t.orders} {t.orders === 1 ? 'order' : 'orders'} · average {showMoney(t.averageOrderValue)}
                  </p>
                ))}
                <Bars title="Revenue by day" rows={r.series.map((s) => ({ label: `${s.day} ${s.currency}`, value: Number(s.revenue.value) }))} format={(v) => (v / 100).toFixed(2)} />
              </>
            )
          }
        </Loaded>
      </section>
      <section aria-labelledby="forms-title">
        <h2 id="forms-title">Form conversion</h2>
        <Loaded resource={forms}>
          {(r) =>
            r.forms.length === 0 ? (
              <p className="hint">No form activity in these days.</p>
            ) : (
              <table>
                <thead>
                  <tr>
                    <th>Form</th>
                    <th>Views</th>
                    <th>Submissions</th>
                    <th>Conversion</th>
                  </tr>
                </thead>
                <tbody>
                  {r.forms.map((f) => (
                    <tr key={f.formId}>
                      <td>{formName(f.formId)}</td>
                      <td>{f.views}</td>
                      <td>{f.submissions}</td>
                      <td>{percent(f.conversionRate)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )
          }
        </Loaded>
      </section>
      <section aria-labelledby="errors-title">
        <h2 id="errors-title">JavaScript errors</h2>
        <Loaded resource={errors}>
          {(r) =>
            r.errors.length === 0 ? (
              <p className="hint">No errors reported in these days.</p>
            ) : (
              <table>
                <thead>
                  <tr>
                    <th>Error</th>
                    <th>Where</th>
                    <th>Count</th>
                    <th>Last seen</th>
                  </tr>
                </thead>
                <tbody>
                  {r.errors.map((e) => (
                    <tr key={e.fingerprint}>
                      <td>
                        {e.name}: {e.message}
                      </td>
                      <td>{e.source ?? '—'}</td>
                      <td>{e.count}</td>
                      <td>{e.lastDay}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )
          }
        </Loaded>
      </section>
      <section aria-labelledby="vitals-title">
        <h2 id="vitals-title">Web vitals (75th percentile)</h2>
        <Loaded resource={vitals}>
          {(r) => {
            const all = r.metrics.filter((m) => m.device === 'all');
            if (all.every((m) => m.samples === 0)) return <p className="hint">No page-speed samples in these days.</p>;
            return (
              <table>
                <thead>
                  <tr>
                    <th>Metric</th>
                    <th>p75</th>
                    <th>Samples</th>
                    <th>Rating</th>
                  </tr>
                </thead>
                <tbody>
                  {all.map((m) => (
                    <tr key={m.metric}>
                      <td>{m.metric}</td>
                      <td>{m.p75 === null ? '—' : m.metric === 'CLS' ? m.p75.toFixed(2) : `${Math.round(m.p75)} ms`}</td>
                      <td>{m.samples}</td>
                      <td>{m.rating ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            );
          }}
        </Loaded>
      </section>
    </div>
  );
}
