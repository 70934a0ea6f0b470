// Benchmark (issue 4 acceptance): listing a 200-product store collection through the gateway.
// Starts the content service (PGlite in memory, or the Postgres at DATABASE_URL) and the gateway
// in this process, writes a website with a 200-product store through the service, then measures
// GET /api/content-service/public/1.0/collections/{id}/items?limit=200 with autocannon.
// Run: node --conditions=@sc/source --import tsx bench/content/listing.ts
// Options (env): BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 4), BENCH_GZIP (default
// true: the client sends Accept-Encoding: gzip as browsers and fetch() do), BENCH_WORKERS (run the
// load generator in worker threads instead of beside the servers).
// Target: p99 under 20 ms. Exits non-zero when above the target.
import { get } from 'node:http';
import autocannon from 'autocannon';
import { buildGateway, GatewayEnv } from '@sc/gateway';
import { IN_MEMORY_DATA_DIR, loadConfig, serviceEnv, type ServiceContext } from '@sc/platform';
import { buildApp } from '../../services/content/src/app.js';
import type { ContentDB } from '../../services/content/src/tables.js';
import { seedMugStore } from '../lib/catalog.js';

const TARGET_P99_MS = 20;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 4);
const gzip = process.env.BENCH_GZIP !== 'false';

const config = loadConfig(serviceEnv(0), { DATA_DIR: IN_MEMORY_DATA_DIR, ...process.env, PORT: '0', LOG_LEVEL: 'silent' });
const content = await buildApp({ config, relay: { autoStart: false } });
const contentUrl = await content.listen({ port: 0, host: '127.0.0.1' });
const ctx = content.serviceContext as ServiceContext<ContentDB>;

const websiteId = `bench_${Date.now().toString(36)}`;
const host = `${websiteId.replaceAll('_', '-')}.bench.example`;
const store = { id: (await seedMugStore(ctx, { websiteId, host, products: 200 })).storeId };

const gatewayConfig = GatewayEnv.parse({
  ...process.env,
  CONTENT_URL: contentUrl,
  LOG_LEVEL: 'silent',
  RATE_LIMIT_MAX: '100000000',
  PORT: '0',
});
const gateway = await buildGateway({ config: gatewayConfig });
const gatewayUrl = await gateway.listen({ port: 0, host: '127.0.0.1' });
const path = `/api/content-service/public/1.0/collections/${store.id}/items?limit=200`;

// fetch() may not set Host, so the check goes through node:http like autocannon does.
const check = await new Promise<{ status: number; text: string }>((resolve, reject) => {
  get(`${gatewayUrl}${path}`, { headers: { host } }, (response) => {
    let text = '';
    response
      .setEncoding('utf8')
      .on('data', (chunk: string) => (text += chunk))
      .on('end', () => resolve({ status: response.statusCode ?? 0, text }));
  }).on('error', reject);
});
const body = JSON.parse(check.text) as { items?: unknown[] };
if (check.status !== 200 || body.items?.length !== 200)
  throw new Error(`listing answered ${check.status} with ${body.items?.length} items`);
const bytes = check.text.length;

// Warm up (JIT, caches), then measure.
const headers = { host, ...(gzip ? { 'accept-encoding': 'gzip' } : {}) };
const workers = process.env.BENCH_WORKERS ? { workers: Number(process.env.BENCH_WORKERS) } : {};
await autocannon({ url: `${gatewayUrl}${path}`, headers, connections, duration: 2, ...workers });
const result = await autocannon({ url: `${gatewayUrl}${path}`, headers, connections, duration: seconds, ...workers });

await gateway.close();
await content.close();

const database = process.env.DATABASE_URL ? 'Postgres' : 'PGlite (in memory)';
process.stdout.write(
  `content listing through the gateway: 200 products (${(bytes / 1024).toFixed(0)} KiB of JSON per answer${gzip ? ', sent gzipped' : ''}), ${database}, ${connections} connections, ${seconds} s\n` +
    `  requests: ${result.requests.total} (${result.requests.average.toFixed(0)}/s), errors: ${result.errors}, non-2xx: ${result.non2xx}\n` +
    `  latency ms: p50 ${result.latency.p50}, p90 ${result.latency.p90}, p99 ${result.latency.p99}, max ${result.latency.max}\n` +
    `  target p99 < ${TARGET_P99_MS} ms: ${result.latency.p99 < TARGET_P99_MS ? 'met' : 'NOT met'}\n`,
);
if (result.latency.p99 >= TARGET_P99_MS || result.errors > 0 || result.non2xx > 0) process.exitCode = 1;
