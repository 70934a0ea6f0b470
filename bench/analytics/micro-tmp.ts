import { randomUUID } from 'node:crypto';
import { loadConfig, serviceEnv } from '@sc/platform';
import { buildApp } from '../../services/analytics/src/index.js';
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const config = loadConfig(serviceEnv(0), { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test', LOG_LEVEL: 'warn', PORT: '0' });
const app = await buildApp({ config, limits: { flushIntervalMs: 3_600_000, bufferMax: 10_000_000, flushBatch: 10_000_000 } });
await app.ready();
const site = 'micro';
const body = (i: number) => new URLSearchParams({ event: '1', data: JSON.stringify({ websiteId: site, url: `https://shop.example.com/page-${i % 200}`, title: 'Page', referrer: 'https://www.google.com/', viewportWidth: 1280, viewportHeight: 800, userAgent: UA, clientDate: Date.now() }), ss_cvr: randomUUID() }).toString();
const headers = { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': UA, 'x-website-id': site };
async function time(name: string, n: number, f: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 500; i++) await f(i);
  const t = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await f(i);
  console.log(name, (Number(process.hrtime.bigint() - t) / 1e3 / n).toFixed(1), 'µs/request');
}
for (let k = 0; k < 2; k++) {
  await time('healthz', 3000, () => app.inject({ method: 'GET', url: '/healthz' }));
  await time('settings', 3000, () => app.inject({ method: 'GET', url: '/api/1/performance/settings', headers }));
  await time('RecordHit', 3000, (i) => app.inject({ method: 'POST', url: '/api/census/RecordHit', headers, payload: body(i) }));
}
console.log('buffer', app.analytics!.buffer.size);
await app.analytics!.buffer.close();
await app.close();
