// The services behind the page benchmark, in a process of their own: content (PGlite in memory,
// the demo website seeded, plus a website whose store holds 50 products) and render reading it.
// Prints one line of JSON with their URLs and the bench website's host, then serves until killed.
import { buildApp as buildContent } from '@sc/content';
import { IN_MEMORY_DATA_DIR, loadConfig, MemoryBus, serviceEnv, type ServiceContext } from '@sc/platform';
import type { ContentDB } from '../../services/content/src/tables.js';
import { buildApp as buildRender } from '../../services/render/src/app.js';
import { seedMugStore } from '../lib/catalog.js';

export const BENCH_WEBSITE = 'bench-pages';
export const BENCH_HOST = 'bench-pages.bench.example';

const config = loadConfig(serviceEnv(0), { DATA_DIR: IN_MEMORY_DATA_DIR, ...process.env, PORT: '0', LOG_LEVEL: 'warn' });
const shared = { bus: new MemoryBus({}) };
const content = await buildContent({ config, shared, seedDemo: true });
const contentUrl = await content.listen({ port: 0, host: '127.0.0.1' });
const ctx = content.serviceContext as ServiceContext<ContentDB>;

await seedMugStore(ctx, { websiteId: BENCH_WEBSITE, host: BENCH_HOST, products: 50, saleEvery: 5, soldOutEvery: 7 });

const render = await buildRender({ config, shared, settings: { contentUrl } });
const renderUrl = await render.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ contentUrl, renderUrl, host: BENCH_HOST, websiteId: BENCH_WEBSITE })}\n`);
process.on('SIGTERM', () => void Promise.all([render.close(), content.close()]).then(() => process.exit(0)));
