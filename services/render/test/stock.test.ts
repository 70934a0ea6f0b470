// Live stock on storefront pages: render keeps the cart's commerce.stock.changed events as a read
// model and shows their stock (sold-out badge, restock form, the product form's figures) instead
// of the stock content started the product with; a late, older event changes nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { ProductFormData, type EventEnvelope, type StockChanged } from '@sc/contracts';
import { waitFor } from '@sc/platform/test-kit';
import { newStore, page, startContent, startRender, type ContentKit, type OwnStore, DEMO_START_TIMEOUT_MS } from './kit.js';

function islandData(html: string, id: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html);
  return match ? (JSON.parse(match[1] ?? 'null') as unknown) : undefined;
}

describe('live stock', () => {
  let content: ContentKit;
  let render: FastifyInstance;
  let store: OwnStore;

  beforeAll(async () => {
    content = await startContent();
    render = await startRender(content);
    store = await newStore(content, 'Stock Mug');
  }, DEMO_START_TIMEOUT_MS);

  afterAll(async () => {
    await render?.close();
    await content?.close();
  });

  /** Publishes the cart's stock event for one of the mug's variants. */
  async function stockChanged(variantIndex: number, qtyInStock: number, occurredAt: Date): Promise<void> {
    const variant = store.product.structuredContent?.variants[variantIndex];
    if (!variant) throw new Error('no such variant');
    const data: StockChanged = {
      itemId: store.product.id,
      variantId: variant.id,
      sku: variant.sku,
      previousQtyInStock: 3,
      qtyInStock,
      previousUnlimited: false,
      unlimited: false,
      backInStock: false,
      reason: 'order',
    };
    const event: EventEnvelope = {
      id: randomUUID(),
      type: 'commerce.stock.changed',
      websiteId: store.websiteId,
      occurredAt: occurredAt.toISOString(),
      data,
    };
    const bus = content.shared.bus;
    if (!bus) throw new Error('content has no bus');
    await bus.publish(event);
  }

  const productPage = () => page(render, '/shop/test-mug', store.websiteId);
  const stockOf = (html: string) => ProductFormData.parse(islandData(html, 'product-form-data')).variants.map((v) => v.qtyInStock);

  it('shows the cart’s stock on the product and collection pages, sold out once every variant is gone', async () => {
    const before = (await productPage()).body;
    expect(stockOf(before)).toEqual([3, 3]);
    expect(before).not.toContain('product-mark sold-out');
    expect(before).not.toContain('data-island="restock-form"');
    // Cached until the cart says something changed.
    await waitFor(async () => (await productPage()).headers['x-render-cache'] === 'hit', 10_000, 'the page to be cached');

    const now = Date.now();
    await stockChanged(0, 0, new Date(now));
    const partly = await waitFor(
      async () => {
        const body = (await productPage()).body;
        return stockOf(body)[0] === 0 ? body : undefined;
      },
      10_000,
      'the first variant’s stock to show',
    );
    expect(stockOf(partly)).toEqual([0, 3]);
    expect(partly).not.toContain('product-mark sold-out');
    // One size sold out: the restock form for it.
    expect(islandData(partly, 'restock-form-data')).toMatchObject({ variants: [{ soldOut: true }, { soldOut: false }] });

    await stockChanged(1, 0, new Date(now + 1));
    const soldOut = await waitFor(
      async () => {
        const body = (await productPage()).body;
        return body.includes('product-mark sold-out') ? body : undefined;
      },
      10_000,
      'the sold-out badge',
    );
    expect(soldOut).toContain('<p class="sold-out-note">This product is sold out.</p>');
    expect(soldOut).not.toContain('sqs-add-to-cart-button-inner');
    const list = (await page(render, '/shop', store.websiteId)).body;
    expect(list).toMatch(/<article class="product-card[^"]* sold-out/);
    expect(list).toContain('<div class="product-mark sold-out">sold out</div>');

    // An older event that arrives late changes nothing; a newer one does.
    await stockChanged(1, 5, new Date(now - 60_000));
    await stockChanged(0, 2, new Date(now + 2));
    const restocked = await waitFor(
      async () => {
        const body = (await productPage()).body;
        return stockOf(body)[0] === 2 ? body : undefined;
      },
      10_000,
      'the restock to show',
    );
    expect(stockOf(restocked)).toEqual([2, 0]);
    expect(restocked).not.toContain('product-mark sold-out');
  });
});
