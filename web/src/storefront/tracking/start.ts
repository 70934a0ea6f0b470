// The tracking client of a storefront page, started after load: the page view, the product view
// of a product page (CommerceShopping_VisitPDP), the islands' events (AddToCart, ViewCart, ...),
// the error reporter and the performance reporter.
import type { JavascriptErrorReport } from '@sc/contracts';
import { siteContext } from '../lib/dom.js';
import { onTrack } from '../lib/events.js';
import { call } from '../lib/http.js';
import { createTracker } from './census.js';
import { createErrorReporter } from './error-reporter.js';
import { startPerformanceReporter } from './performance.js';
import { apiPath } from '../../api/client.js';

let started = false;

export function start(): void {
  if (started) return;
  started = true;
  const context = siteContext();
  if (!context) return;
  const reporter = createErrorReporter(
    async (reports: JavascriptErrorReport[]) => {
      await call('POST', apiPath('/events/RecordJavascriptErrors'), reports, { keepalive: true });
    },
    { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>) },
  );
  window.addEventListener('error', (event) => {
    reporter.report(event.error ?? event.message, {
      source: event.filename?.slice(0, 2082) || undefined,
      line: event.lineno || undefined,
      column: event.colno || undefined,
    });
  });
  window.addEventListener('unhandledrejection', (event) => {
    reporter.report(event.reason);
  });

  const tracker = createTracker(context);
  tracker.pageView().catch(() => undefined);
  if (context.itemId && document.querySelector('[data-island="product-form"]')) {
    tracker.event('CommerceShopping_VisitPDP', { itemId: context.itemId, collectionId: context.collectionId }).catch(() => undefined);
  }
  onTrack(({ event: name, data }) => {
    tracker.event(name, data).catch(() => undefined);
  });
  startPerformanceReporter();
}
