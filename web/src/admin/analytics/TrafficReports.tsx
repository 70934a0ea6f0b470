// The traffic reports: visits and page views by day, top pages, referrers, devices, the product
// funnel and revenue.
import { useState } from 'react';
import type {
  DevicesReport,
  FunnelReport,
  PaymentsConfig,
  ReferrersReport,
  SalesReport,
  TopPagesReport,
  TrafficReport,
} from '@sc/contracts';
import { showMinor, showMoney } from '../money.js';
import { nounFor } from '../plural.js';
import { useApi } from '../data.js';
import { apiPath } from '../../api/client.js';
import { Loaded } from '../ui.js';
import { Bars, LineChart, percent } from './charts.js';
import { ReportSection, useReport } from './report-kit.js';

export function TrafficReports({ query }: { query: string }) {
  const traffic = useReport<TrafficReport>('traffic', query);
  const pages = useReport<TopPagesReport>('pages', query);
  const referrers = useReport<ReferrersReport>('referrers', query);
  const devices = useReport<DevicesReport>('devices', query);
  // Test-mode orders (no money moved) are counted apart: a switch adds them to the funnel and
  // revenue, on by default while the shop is in test mode (its only sales are test ones then).
  const payments = useApi<PaymentsConfig>(apiPath('/commerce/payments/config'));
  const [chosen, setChosen] = useState<boolean | undefined>(undefined);
  const includeTests = chosen ?? payments.data?.testMode === true;
  const ordersQuery = `${query}&testOrders=${includeTests ? 'include' : 'exclude'}`;
  const funnel = useReport<FunnelReport>('funnel', ordersQuery);
  const sales = useReport<SalesReport>('sales', ordersQuery);
  const testSwitch = (
    <p className="hint test-orders-note">
      <label className="check">
        <input type="checkbox" checked={includeTests} onChange={(e) => setChosen(e.target.checked)} /> Include test-mode orders
      </label>{' '}
      {includeTests ? 'Test orders (no money moved) are counted here.' : 'Test-mode orders are left out.'}
      {payments.data?.testMode ? ' This shop is in test mode.' : ''}
    </p>
  );
  const testNote = (
    <p className="hint test-orders-note">
      {includeTests
        ? 'Test-mode orders are counted (the switch is under the funnel).'
        : 'Test-mode orders are left out (the switch is under the funnel).'}
    </p>
  );
  return (
    <>
      <ReportSection id="traffic" title="Visits and page views" style={{ width: '100%' }}>
        <Loaded resource={traffic}>
          {(r) => (
            <>
              <p>
                <strong data-testid="total-page-views">{r.totals.pageViews}</strong>{' '}
                {nounFor(r.totals.pageViews, 'page view', 'page views')} · <strong>{r.totals.visits}</strong>{' '}
                {nounFor(r.totals.visits, 'visit', 'visits')} · <strong>{r.totals.visitors}</strong>{' '}
                {nounFor(r.totals.visitors, 'visitor', 'visitors')}
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
      </ReportSection>
      <ReportSection id="pages" title="Top pages">
        <Loaded resource={pages}>{(r) => <Bars title="Top pages" rows={r.pages.map((p) => ({ label: p.path, value: p.views }))} />}</Loaded>
      </ReportSection>
      <ReportSection id="referrers" title="Referrers">
        <Loaded resource={referrers}>
          {(r) => <Bars title="Referrers" rows={r.referrers.map((p) => ({ label: p.host, value: p.views }))} />}
        </Loaded>
      </ReportSection>
      <ReportSection id="devices" title="Devices">
        <Loaded resource={devices}>
          {(r) => <Bars title="Devices" rows={r.devices.map((d) => ({ label: d.device, value: d.pageViews }))} />}
        </Loaded>
      </ReportSection>
      <ReportSection id="funnel" title="Product funnel">
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
              <p className="hint">
                Counted per visitor and product each day; automated clients and signed-in owners are left out of every step.
              </p>
              {testSwitch}
            </>
          )}
        </Loaded>
      </ReportSection>
      <ReportSection id="sales" title="Revenue">
        <Loaded resource={sales}>
          {(r) =>
            r.totals.length === 0 ? (
              <>
                <p className="hint">No sales in these days.</p>
                {testNote}
              </>
            ) : (
              <>
                {r.totals.map((t) => (
                  <p key={t.currency}>
                    <strong data-testid={`revenue-${t.currency}`}>{showMoney(t.revenue)}</strong> from {t.orders}{' '}
                    {t.orders === 1 ? 'order' : 'orders'} · average {showMoney(t.averageOrderValue)}
                  </p>
                ))}
                {/* Each day's bar in its own currency, with its sign: "$104.20". */}
                <Bars
                  title="Revenue by day"
                  rows={r.series.map((s) => ({ label: `${s.day} ${s.currency}`, value: Number(s.revenue.value) }))}
                  format={(v, i) => showMinor(v, r.series[i]?.revenue.currency ?? r.totals[0]!.revenue.currency)}
                />
                {testNote}
              </>
            )
          }
        </Loaded>
      </ReportSection>
    </>
  );
}
