// The services behind the page benchmark, in a process of their own: content (PGlite in memory,
// the demo website seeded, plus a website whose store holds 50 products) and render reading it.
// Prints one line of JSON with their URLs and the bench website's host, then serves until killed.
import { buildApp as buildContent } from '@sc/content';
import { ItemBody, ProductType } from '@sc/contracts';
import { IN_MEMORY_DATA_DIR, loadConfig, MemoryBus, serviceEnv, type ServiceContext } from '@sc/platform';
import { CollectionService } from '../../services/content/src/collections.service.js';
import type { ContentDB } from '../../services/content/src/content.table.js';
import { ItemService } from '../../services/content/src/items.service.js';
import { WebsiteService } from '../../services/content/src/websites.service.js';
import { buildApp as buildRender } from '../../services/render/src/app.js';

export const BENCH_WEBSITE = 'bench-pages';
export const BENCH_HOST = 'bench-pages.bench.example';

const config = loadConfig(serviceEnv(0), { DATA_DIR: IN_MEMORY_DATA_DIR, ...process.env, PORT: '0', LOG_LEVEL: 'warn' });
const shared = { bus: new MemoryBus({}) };
const content = await buildContent({ config, shared, seedDemo: true });
const contentUrl = await content.listen({ port: 0, host: '127.0.0.1' });
const ctx = content.serviceContext as ServiceContext<ContentDB>;

await new WebsiteService(ctx).create({ id: BENCH_WEBSITE, title: 'Bench Goods', templateId: 'harbour', domains: [BENCH_HOST] });
const store = await new CollectionService(ctx).createStore(BENCH_WEBSITE, { navigationTitle: 'Shop', title: 'Shop', urlId: 'shop', enabled: true });
const items = new ItemService(ctx);
for (let i = 0; i < 50; i++) {
  const body = ItemBody.parse({
    recordType: 11,
    title: `Stoneware Mug No. ${i}`,
    excerpt: '<p>A hand-thrown mug in a speckled glaze, 350 ml, dishwasher safe.</p>',
    tags: ['ceramics', 'kitchen'],
    images: [{ assetUrl: `https://img.example.com/mug-${i}.jpg`, originalSize: '1600x1200', filename: `mug-${i}.jpg`, altText: `Mug ${i}` }],
    structuredContent: {
      productType: ProductType.PHYSICAL,
      variantOptionOrdering: ['Colour', 'Size'],
      variants: ['Oat', 'Slate'].flatMap((colour) =>
        ['Small', 'Large'].map((size) => ({
          sku: `MUG-${i}-${colour}-${size}`,
          attributes: { Colour: colour, Size: size },
          priceMoney: { value: String(2400 + i), currency: 'USD' },
          ...(i % 5 === 0 ? { salePriceMoney: { value: String(1900 + i), currency: 'USD' }, onSale: true } : {}),
          qtyInStock: i % 7 === 0 ? 0 : 5,
        })),
      ),
    },
  });
  await items.create(BENCH_WEBSITE, store.id, body, 'store');
}

const render = await buildRender({ config, shared, settings: { contentUrl } });
const renderUrl = await render.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ contentUrl, renderUrl, host: BENCH_HOST, websiteId: BENCH_WEBSITE })}\n`);
process.on('SIGTERM', () => void Promise.all([render.close(), content.close()]).then(() => process.exit(0)));
