// SPEC 4/9 performance reporter: the page's web vitals (LCP, FCP, CLS, TTFB, and the slowest
// interaction as INP), sent once when the page is hidden or 60 seconds after load, under the
// pageLoadId the settings call answers (30 s time-out).
import { TrackingTimings, type PerformanceRecord, type PerformanceSettingsResponse } from '@sc/contracts';
import { call } from '../lib/http.js';
import { send } from './census.js';
import { apiPath } from '../../api/client.js';

export function startPerformanceReporter(): void {
  const values = new Map<PerformanceRecord['metric'], number>();
  const observe = (type: string, handle: (entries: PerformanceEntryList) => void, extra: Record<string, unknown> = {}) => {
    try {
      new PerformanceObserver((list) => handle(list.getEntries())).observe({ type, buffered: true, ...extra });
    } catch {
      // An entry type this browser does not know.
    }
  };
  observe('largest-contentful-paint', (entries) => {
    const last = entries.at(-1);
    if (last) values.set('LCP', last.startTime);
  });
  observe('paint', (entries) => {
    for (const entry of entries) if (entry.name === 'first-contentful-paint') values.set('FCP', entry.startTime);
  });
  observe('layout-shift', (entries) => {
    for (const entry of entries as Array<PerformanceEntry & { value?: number; hadRecentInput?: boolean }>) {
      if (!entry.hadRecentInput) values.set('CLS', (values.get('CLS') ?? 0) + (entry.value ?? 0));
    }
  });
  observe(
    'event',
    (entries) => {
      for (const entry of entries) values.set('INP', Math.max(values.get('INP') ?? 0, entry.duration));
    },
    { durationThreshold: 40 },
  );
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (navigation) values.set('TTFB', navigation.responseStart);

  const settings = call<PerformanceSettingsResponse>('GET', apiPath('/1/performance/settings'), undefined, {
    timeoutMs: TrackingTimings.performanceSettingsTimeoutMs,
  }).catch(() => undefined);
  let sent = false;
  const flush = () => {
    if (sent) return;
    sent = true;
    void settings.then(async (answer) => {
      if (!answer?.enabled || values.size === 0) return;
      const now = Date.now();
      const records = [...values].map(([metric, value]) => ({
        metric,
        value: Math.max(0, Math.round(value * 1000) / 1000),
        timestamp: now,
      }));
      await send(apiPath('/1/performance/records'), undefined, {
        pageLoadId: answer.pageLoadId,
        url: location.href.slice(0, 2082),
        records,
      }).catch(() => undefined);
    });
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  window.addEventListener('pagehide', flush);
  setTimeout(flush, TrackingTimings.performanceReportDelayMs);
}
