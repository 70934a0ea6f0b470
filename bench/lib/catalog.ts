// The benchmarks' catalogue: a website with a store of stoneware mugs (two options, four variants
// each), written through the content service's own services so it is exactly what owners make.
import { ItemBody, ProductType } from '@sc/contracts';
import type { ServiceContext } from '@sc/platform';
import { CollectionService } from '../../services/content/src/collections/collections.service.js';
import type { ContentDB } from '../../services/content/src/tables.js';
import { ItemService } from '../../services/content/src/items/items.service.js';
import { WebsiteService } from '../../services/content/src/websites/websites.service.js';

export interface MugStoreOptions {
  websiteId: string;
  host: string;
  products: number;
  /** Every n-th product is on sale (none when unset). */
  saleEvery?: number;
  /** Every n-th product is sold out (none when unset). */
  soldOutEvery?: number;
}

/** Creates the website and its store of `products` mugs; answers the store collection's id. */
export async function seedMugStore(ctx: ServiceContext<ContentDB>, options: MugStoreOptions): Promise<{ storeId: string }> {
  const { websiteId, host, products, saleEvery, soldOutEvery } = options;
  await new WebsiteService(ctx).create({ id: websiteId, title: 'Bench Goods', templateId: 'harbour', domains: [host] });
  const store = await new CollectionService(ctx).createStore(websiteId, {
    navigationTitle: 'Shop',
    title: 'Shop',
    urlId: 'shop',
    enabled: true,
  });
  const items = new ItemService(ctx);
  for (let i = 0; i < products; i++) {
    const onSale = saleEvery !== undefined && i % saleEvery === 0;
    const soldOut = soldOutEvery !== undefined && i % soldOutEvery === 0;
    const body = ItemBody.parse({
      recordType: 11,
      title: `Stoneware Mug No. ${i}`,
      excerpt: '<p>A hand-thrown mug in a speckled glaze, 350 ml, dishwasher safe.</p>',
      tags: ['ceramics', 'kitchen'],
      images: [
        { assetUrl: `https://img.example.com/mug-${i}.jpg`, originalSize: '1600x1200', filename: `mug-${i}.jpg`, altText: `Mug ${i}` },
      ],
      structuredContent: {
        productType: ProductType.PHYSICAL,
        variantOptionOrdering: ['Colour', 'Size'],
        variants: ['Oat', 'Slate'].flatMap((colour) =>
          ['Small', 'Large'].map((size) => ({
            sku: `MUG-${i}-${colour}-${size}`,
            attributes: { Colour: colour, Size: size },
            priceMoney: { value: String(2400 + i), currency: 'USD' },
            ...(onSale ? { salePriceMoney: { value: String(1900 + i), currency: 'USD' }, onSale: true } : {}),
            qtyInStock: soldOut ? 0 : 5,
          })),
        ),
      },
    });
    await items.create(websiteId, store.id, body, 'store');
  }
  return { storeId: store.id };
}
