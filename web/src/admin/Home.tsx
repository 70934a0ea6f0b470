// The first screen after sign-in: the owner's day. Sales today and over 7 days beside the 7 days
// before (test-mode orders apart), orders to fulfil, stock running low, people waiting on
// restock, new form submissions, comments to approve and a small chart of visits; each figure
// links to the screen where it is acted on. An area the role cannot see is not shown and not
// asked for. One request per service at most: each service answers its figures in one summary.
import {
  isCurrencyCode,
  Permission,
  roleName,
  type CommentsSummary,
  type FormsSummary,
  type RestockSummary,
  type SalesWindow,
  type StoreSummary,
  type TrafficReport,
} from '@sc/contracts';
import type { ReactNode } from 'react';
import { LineChart } from './analytics/charts.js';
import { useApi } from './data.js';
import { showMinor } from './money.js';
import { Link } from './router.js';
import { areasFor } from './areas.js';
import { useSession } from './session.js';
import { Loaded, Page } from './ui.js';
import { apiPath } from '../api/client.js';
import { counted, nounFor } from './plural.js';

const DAY_MS = 86_400_000;
const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Midnight in the owner's browser, as the store summary's todayStart (computed once per load). */
function todayStart(): string {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate()).toISOString();
}
const TODAY_START = todayStart();

/** A window's sales as money per currency ('$120.00 · €40.00'), or '—' when none. */
export function salesText(window: SalesWindow): string {
  if (window.totals.length === 0) return '—';
  return window.totals
    .map((t) => (isCurrencyCode(t.currency) ? showMinor(t.totalCents, t.currency) : `${t.totalCents} ${t.currency}`))
    .join(' · ');
}

/** The change from the previous window as a signed percentage, or undefined without a base. */
export function changeText(current: number, previous: number): string | undefined {
  if (previous === 0) return current === 0 ? undefined : 'new';
  const change = Math.round(((current - previous) / previous) * 100);
  return `${change > 0 ? '+' : ''}${change} %`;
}

function Figure({ label, value, to, detail, testId }: { label: string; value: ReactNode; to: string; detail?: ReactNode; testId: string }) {
  return (
    <li className="figure">
      <Link to={to}>
        <span className="figure-label">{label}</span>
        <strong className="figure-value" data-testid={testId}>
          {value}
        </strong>
      </Link>
      {detail ? <span className="hint">{detail}</span> : null}
    </li>
  );
}

function StoreFigures({ summary }: { summary: StoreSummary }) {
  const { sales, testSales } = summary;
  const week = sales.last7Days.totals.reduce((n, t) => n + t.totalCents, 0);
  const before = sales.previous7Days.totals.reduce((n, t) => n + t.totalCents, 0);
  const change = changeText(week, before);
  const tests = testSales.today.orders + testSales.last7Days.orders;
  return (
    <>
      <Figure
        label="Sales today"
        testId="home-sales-today"
        value={salesText(sales.today)}
        to="/store/orders"
        detail={`${sales.today.orders} ${sales.today.orders === 1 ? 'order' : 'orders'}`}
      />
      <Figure
        label="Sales, last 7 days"
        testId="home-sales-week"
        value={salesText(sales.last7Days)}
        to="/analytics"
        detail={`${sales.last7Days.orders} orders · the 7 days before: ${salesText(sales.previous7Days)}${change ? ` (${change})` : ''}`}
      />
      {tests > 0 ? (
        <Figure
          label="Test-mode orders, last 7 days"
          testId="home-test-orders"
          value={testSales.last7Days.orders}
          to="/store/orders"
          detail={`${salesText(testSales.last7Days)}; not counted in sales`}
        />
      ) : null}
      <Figure
        label="Orders to fulfil"
        testId="home-to-fulfil"
        value={summary.toFulfil}
        to="/store/orders?status=paid"
        detail={summary.testToFulfil > 0 ? `${summary.testToFulfil} of them in test mode` : undefined}
      />
      <Figure
        label="Low on stock"
        testId="home-low-stock"
        value={summary.lowStock}
        to="/store/inventory"
        detail={`variants with ${summary.lowStockAt} or fewer left`}
      />
      <Figure label="Sold out" testId="home-sold-out" value={summary.soldOut} to="/store/inventory" detail="variants" />
    </>
  );
}

function Visits({ traffic }: { traffic: TrafficReport }) {
  return (
    <section aria-labelledby="home-visits">
      <h2 id="home-visits">
        <Link to="/analytics">Visits, last 14 days</Link>
      </h2>
      <p>
        <strong data-testid="home-visits">{traffic.totals.visits}</strong> {nounFor(traffic.totals.visits, 'visit', 'visits')} ·{' '}
        {counted(traffic.totals.pageViews, 'page view', 'page views')}
      </p>
      <LineChart
        title="Visits by day"
        labels={traffic.series.map((p) => p.at.slice(5, 10))}
        series={[{ label: 'Visits', colour: '#2f5d50', values: traffic.series.map((p) => p.visits) }]}
      />
    </section>
  );
}

export function Home() {
  const { info, can } = useSession();
  const areas = areasFor(can).filter((a) => a.to !== '/');
  const now = Date.now();
  const store = useApi<StoreSummary>(
    can(Permission.STORE_READ) ? `${apiPath('/commerce/store/summary')}?todayStart=${encodeURIComponent(TODAY_START)}` : null,
  );
  const restock = useApi<RestockSummary>(
    can(Permission.RESTOCK_READ) ? apiPath('/site-users/account/notifications/restock/summary') : null,
  );
  const forms = useApi<FormsSummary>(can(Permission.FORM_SUBMISSIONS_READ) ? apiPath('/rest/forms/summary') : null);
  const comments = useApi<CommentsSummary>(
    can(Permission.COMMENTS_MODERATE)
      ? apiPath('/content-service/1.0/websites/{websiteId}/comments-summary', { websiteId: info.websiteId })
      : null,
  );
  const traffic = useApi<TrafficReport>(
    can(Permission.ANALYTICS_READ) ? `${apiPath('/census/reports/traffic')}?from=${isoDay(now - 13 * DAY_MS)}&to=${isoDay(now)}` : null,
  );
  const anyFigure = [Permission.STORE_READ, Permission.RESTOCK_READ, Permission.FORM_SUBMISSIONS_READ, Permission.COMMENTS_MODERATE].some(
    can,
  );
  return (
    <Page title="Home">
      <p>
        Signed in as <strong>{info.email}</strong> on website <code>{info.websiteId}</code>, role:{' '}
        {info.roles.map((role) => roleName(role)).join(', ') || 'none'}.
      </p>
      {areas.length === 0 ? <p role="status">You have no role on this website yet. Ask one of its admins to add you to the team.</p> : null}
      {anyFigure ? (
        <section aria-labelledby="home-today">
          <h2 id="home-today">Today</h2>
          <ul className="figures">
            {can(Permission.STORE_READ) ? <Loaded resource={store}>{(s) => <StoreFigures summary={s} />}</Loaded> : null}
            {can(Permission.RESTOCK_READ) ? (
              <Loaded resource={restock}>
                {(r) => (
                  <Figure
                    label="Waiting on restock"
                    testId="home-restock"
                    value={r.waiting}
                    to="/restock"
                    detail={`for ${r.products} ${r.products === 1 ? 'product' : 'products'}`}
                  />
                )}
              </Loaded>
            ) : null}
            {can(Permission.FORM_SUBMISSIONS_READ) ? (
              <Loaded resource={forms}>
                {(f) => (
                  <Figure
                    label="New form submissions"
                    testId="home-submissions"
                    value={f.last24Hours}
                    to="/forms"
                    detail={`${f.last7Days} in the last 7 days`}
                  />
                )}
              </Loaded>
            ) : null}
            {can(Permission.COMMENTS_MODERATE) ? (
              <Loaded resource={comments}>
                {(c) => <Figure label="Comments to approve" testId="home-comments" value={c.toApprove} to="/community" />}
              </Loaded>
            ) : null}
          </ul>
        </section>
      ) : null}
      {can(Permission.ANALYTICS_READ) ? <Loaded resource={traffic}>{(t) => <Visits traffic={t} />}</Loaded> : null}
    </Page>
  );
}
