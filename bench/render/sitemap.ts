// Benchmark (issue 37): the sitemap of a store with 50,000 products — how long it takes and how
// much memory it needs. Starts content (PGlite in memory, or the Postgres at DATABASE_URL), render
// and the gateway in this process; writes one product through the content service and copies its
// row to BENCH_PRODUCTS (default 50,000) rows of one store (the 200-per-store owner limit is the
// service's, not the table's); then reads /sitemap.xml and streams /sitemaps/products-1.xml through
// the gateway, sampling the process's heap and RSS every 5 ms while it does.
// Run: node --expose-gc --conditions=@sc/source --import tsx bench/render/sitemap.ts
// Options (env): BENCH_PRODUCTS (default 50000), BENCH_ROUNDS (default 3), BENCH_VALIDATE=1 (check
// the file with xmllint against the XSDs in services/render/test/fixtures/sitemaps).
// Target: the file is streamed, not built: the retained heap grows by less than half the file's size.
// Run with --expose-gc (the retained heap is sampled right after a collection every 100 ms).
import { execFileSync } from 'node:child_process';
import { get } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildGateway, GatewayEnv } from '@sc/gateway';
import { IN_MEMORY_DATA_DIR, loadConfig, serviceEnv, type ServiceContext } from '@sc/platform';
import { buildApp as buildContent } from '../../services/content/src/app.js';
import type { ContentDB } from '../../services/content/src/tables.js';
import { buildApp as buildRender } from '../../services/render/src/app.js';
import { seedMugStore } from '../lib/catalog.js';

const products = Number(process.env.BENCH_PRODUCTS ?? 50_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

const config = loadConfig(serviceEnv(0), { DATA_DIR: IN_MEMORY_DATA_DIR, ...process.env, PORT: '0', LOG_LEVEL: 'silent' });
const content = await buildContent({ config, relay: { autoStart: false } });
const contentUrl = await content.listen({ port: 0, host: '127.0.0.1' });
const ctx = content.serviceContext as ServiceContext<ContentDB>;

const websiteId = `bench_${Date.now().toString(36)}`;
const host = `${websiteId.replaceAll('_', '-')}.bench.example`;
const seedStart = performance.now();
const { storeId } = await seedMugStore(ctx, { websiteId, host, products: 1 });
const template = await ctx.db
  .selectFrom('items')
  .selectAll()
  .where('website_id', '=', websiteId)
  .where('collection_id', '=', storeId)
  .executeTakeFirstOrThrow();
for (let from = 1; from < products; from += 1_000) {
  const rows = Array.from({ length: Math.min(1_000, products - from) }, (_, k) => {
    const i = from + k;
    const data = {
      ...template.data,
      items: [{ ...((template.data as { items: object[] }).items[0] ?? {}), assetUrl: `https://img.example.com/mug-${i}.jpg` }],
    };
    return {
      id: `bench-${String(i).padStart(6, '0')}`,
      website_id: websiteId,
      collection_id: storeId,
      record_type: template.record_type,
      url_id: `stoneware-mug-no-${i}`,
      title: `Stoneware Mug No. ${i}`,
      status: template.status,
      publish_on: template.publish_on,
      display_index: i + 1,
      sort_date: template.sort_date,
      product_type: template.product_type,
      data: JSON.stringify(data),
    };
  });
  await ctx.db.insertInto('items').values(rows).execute();
}
const seedSeconds = (performance.now() - seedStart) / 1000;

const render = await buildRender({
  config: loadConfig(serviceEnv(0), { DATA_DIR: IN_MEMORY_DATA_DIR, ...process.env, PORT: '0', LOG_LEVEL: 'silent' }),
  settings: { contentUrl, webDist: '/nonexistent-web-dist' },
});
const renderUrl = await render.listen({ port: 0, host: '127.0.0.1' });
const gateway = await buildGateway({
  config: GatewayEnv.parse({
    ...process.env,
    CONTENT_URL: contentUrl,
    RENDER_URL: renderUrl,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000000',
    PORT: '0',
  }),
});
const gatewayUrl = await gateway.listen({ port: 0, host: '127.0.0.1' });

interface Fetched {
  status: number;
  bytes: number;
  firstByteMs: number;
  totalMs: number;
  urls: number;
  text?: string | undefined;
  peakHeapGrowth: number;
  /** The heap's peak right after a collection (sampled every 100 ms): what the stream keeps, not its garbage. */
  retainedGrowth: number;
  peakRssGrowth: number;
}

/** GETs a path through the gateway, counting bytes and URLs as they arrive, sampling memory meanwhile. */
function fetchPath(pathname: string, keep = false): Promise<Fetched> {
  global.gc?.();
  const base = process.memoryUsage();
  let peakHeap = base.heapUsed;
  let peakRss = base.rss;
  let retained = base.heapUsed;
  let ticks = 0;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakHeap = Math.max(peakHeap, now.heapUsed);
    peakRss = Math.max(peakRss, now.rss);
    if (global.gc && ++ticks % 20 === 0) {
      global.gc();
      retained = Math.max(retained, process.memoryUsage().heapUsed);
    }
  }, 5);
  const start = performance.now();
  return new Promise((resolve, reject) => {
    get(`${gatewayUrl}${pathname}`, { headers: { host } }, (response) => {
      const firstByteMs = performance.now() - start;
      let bytes = 0;
      let urls = 0;
      let tail = '';
      const parts: string[] = [];
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        bytes += Buffer.byteLength(chunk);
        // Count <url> across chunk boundaries without keeping the document.
        const text = tail + chunk;
        urls += text.split('<url>').length - 1;
        tail = text.slice(-4);
        if (tail.includes('<url>')) tail = '';
        if (keep) parts.push(chunk);
      });
      response.on('end', () => {
        clearInterval(sampler);
        resolve({
          status: response.statusCode ?? 0,
          bytes,
          firstByteMs,
          totalMs: performance.now() - start,
          urls,
          text: keep ? parts.join('') : undefined,
          peakHeapGrowth: peakHeap - base.heapUsed,
          retainedGrowth: retained - base.heapUsed,
          peakRssGrowth: peakRss - base.rss,
        });
      });
    }).on('error', reject);
  });
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
// Where the time goes: one of content's pages of URLs (what render reads 50 times), and its last one.
const contentPage = async (query: string) => (await fetchPath(`/api/content-service/public/1.0/sitemap/products?${query}`)).totalMs;
const contentFirst = await contentPage('limit=1000');
const contentLast = await contentPage(`limit=1000&after=bench-${String(products - 1_001).padStart(6, '0')}`);
const index = await fetchPath('/sitemap.xml', true);
if (index.status !== 200 || !index.text?.includes('/sitemaps/products-1.xml'))
  throw new Error(`the index answered ${index.status}: ${index.text?.slice(0, 300)}`);

const results: Fetched[] = [];
for (let round = 0; round < rounds; round++)
  results.push(await fetchPath('/sitemaps/products-1.xml', round === 0 && process.env.BENCH_VALIDATE === '1'));
const first = results[0]!;
if (first.status !== 200 || first.urls !== Math.min(products, 50_000))
  throw new Error(`products-1.xml answered ${first.status} with ${first.urls} URLs`);
if (first.text) {
  const dir = mkdtempSync(path.join(tmpdir(), 'sitemap-bench-'));
  try {
    writeFileSync(path.join(dir, 'products-1.xml'), first.text);
    const xsd = fileURLToPath(new URL('../../services/render/test/fixtures/sitemaps/sitemap-with-images.xsd', import.meta.url));
    execFileSync('xmllint', ['--noout', '--schema', xsd, path.join(dir, 'products-1.xml')], { stdio: 'pipe' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await gateway.close();
await render.close();
await content.close();

const sorted = [...results].sort((a, b) => a.totalMs - b.totalMs);
const median = sorted[Math.floor(sorted.length / 2)]!;
const heap = Math.max(...results.map((r) => r.retainedGrowth));
if (!global.gc) throw new Error('run with node --expose-gc: the retained heap is measured after collections');
const database = process.env.DATABASE_URL ? 'Postgres' : 'PGlite (in memory)';
process.stdout.write(
  `sitemap of ${products.toLocaleString('en-US')} products through the gateway (${database}; content, render and gateway in this process; ${rounds} rounds)\n` +
    `  seeding: ${seedSeconds.toFixed(1)} s\n` +
    `  /sitemap.xml: ${index.totalMs.toFixed(0)} ms; content's page of 1,000 URLs: first ${contentFirst.toFixed(0)} ms, last ${contentLast.toFixed(0)} ms\n` +
    `  /sitemaps/products-1.xml: ${first.urls.toLocaleString('en-US')} URLs, ${mib(first.bytes)}${first.text ? ', valid against the sitemaps.org XSD' : ''}\n` +
    `  time: median ${median.totalMs.toFixed(0)} ms (first byte ${median.firstByteMs.toFixed(0)} ms), all ${results.map((r) => r.totalMs.toFixed(0)).join(' / ')} ms\n` +
    `  memory while streaming: retained heap peak +${mib(heap)} (heap with garbage +${mib(Math.max(...results.map((r) => r.peakHeapGrowth)))}), RSS peak +${mib(Math.max(...results.map((r) => r.peakRssGrowth)))} (file ${mib(first.bytes)})\n` +
    `  target heap growth < half the file: ${heap < first.bytes / 2 ? 'met' : 'NOT met'}\n`,
);
if (heap >= first.bytes / 2) process.exitCode = 1;
