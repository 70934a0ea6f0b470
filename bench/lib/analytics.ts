// The RecordHit load of the benchmarks (bench/analytics/ingest, bench/cpu): page views of 5,000
// visitors (their census cookie) on 200 pages, sent as SPEC 7 sends them.
import { randomUUID } from 'node:crypto';
import type autocannon from 'autocannon';
import { CRUMB } from './cart.js';

export const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/** Makes autocannon options for RecordHit through `gatewayUrl`; the pages of each call's hits are /<prefix>-<n>. */
export function recordHits(gatewayUrl: string, websiteId: string): (prefix: string) => autocannon.Options {
  const visitors = Array.from({ length: 5_000 }, () => randomUUID());
  let nextHit = 0;
  return (prefix) => ({
    url: `${gatewayUrl}/api/census/RecordHit`,
    method: 'POST',
    // Form-encoded event, data and ss_cvr, no crumb.
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': UA },
    requests: [
      {
        setupRequest: (request) => {
          const n = nextHit++;
          const visitor = visitors[n % visitors.length]!;
          const data = JSON.stringify({
            websiteId,
            url: `https://shop.example.com/${prefix}-${n % 200}`,
            title: 'Page',
            referrer: 'https://www.google.com/',
            viewportWidth: 1280,
            viewportHeight: 800,
            userAgent: UA,
            clientDate: Date.now(),
          });
          return {
            ...request,
            headers: { ...request.headers, cookie: `crumb=${CRUMB}; ss_cvr=${visitor}|1|1|1|1` },
            body: new URLSearchParams({ event: '1', data, ss_cvr: visitor }).toString(),
          };
        },
      },
    ],
  });
}
