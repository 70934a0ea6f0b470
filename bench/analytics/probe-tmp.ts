import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { freePort } from '@sc/platform/test-kit';
import { BenchProcesses, waitHealthy } from '../lib/processes.js';
const processes = new BenchProcesses();
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
try {
  const port = await freePort();
  const flush = process.env.PROBE_FLUSH === '1';
  void processes.start('services/analytics/src/main.ts', { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test', NATS_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn', PORT: String(port),
    ...(flush ? {} : { ANALYTICS_FLUSH_INTERVAL_MS: '3600000', ANALYTICS_BUFFER_MAX: '10000000', ANALYTICS_FLUSH_BATCH: '10000000' }) }, /never/, ...(process.env.PROF ? [['--cpu-prof', '--cpu-prof-dir=/tmp/prof']] : [])).catch(() => undefined);
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(url);
  const site = 'probe';
  const visitors = Array.from({ length: 5000 }, () => randomUUID());
  let n = 0;
  const opts = (): autocannon.Options => ({ url: `${url}/api/census/RecordHit`, method: 'POST', connections: 50, duration: 8,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': UA, 'x-website-id': site },
    requests: [{ setupRequest: (r) => { const i = n++; const v = visitors[i % 5000]!; const data = JSON.stringify({ websiteId: site, url: `https://shop.example.com/page-${i % 200}`, title: 'Page', referrer: 'https://www.google.com/', viewportWidth: 1280, viewportHeight: 800, userAgent: UA, clientDate: Date.now() });
      return { ...r, headers: { ...r.headers, cookie: `ss_cvr=${v}|1` }, body: new URLSearchParams({ event: '1', data, ss_cvr: v }).toString() }; } }] });
  await autocannon({ ...opts(), duration: 2 });
  const r = await autocannon(opts());
  console.log('direct RecordHit', r.requests.average, 'req/s p99', r.latency.p99, 'non2xx', r.non2xx);
  const h = await autocannon({ url: `${url}/healthz`, connections: 50, duration: 5 });
  console.log('direct healthz', h.requests.average);
} finally { processes.stopAll(); }
