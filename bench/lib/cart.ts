// The add-to-cart load of the benchmarks (bench/cart, bench/cpu): guest carts made through the
// gateway, a product announced to the cart the way content announces it (an event on NATS), and
// autocannon options that add one unit from the next cart on every request.
import { randomUUID } from 'node:crypto';
import type autocannon from 'autocannon';
import { createLogger, NatsBus, natsPrefix } from '@sc/platform';

export const CRUMB = 'bench-crumb-0123456789';

/** Guest carts made through the gateway; answers their cookie values. */
export async function makeCarts(gatewayUrl: string, count: number, headers: Record<string, string> = {}): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, count - i) }, async () => {
        const response = await fetch(`${gatewayUrl}/api/commerce/shopping-cart`, { headers: { ...headers, cookie: `crumb=${CRUMB}` } });
        const cookie = response.headers.getSetCookie().find((c) => c.startsWith('ss_cart='));
        if (!response.ok || !cookie) throw new Error(`cart creation failed: ${response.status}`);
        return cookie.split(';')[0]!.slice('ss_cart='.length);
      }),
    );
    tokens.push(...batch);
  }
  return tokens;
}

/** autocannon options for add-to-cart: every request from the next cart, crumb cookie and header. */
export function addToCart(gatewayUrl: string, carts: string[], itemId: string, sku: string): autocannon.Options {
  let next = 0;
  return {
    url: `${gatewayUrl}/api/commerce/shopping-cart/entries`,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': CRUMB },
    body: JSON.stringify({ itemId, sku, quantity: 1 }),
    requests: [
      {
        setupRequest: (request) => {
          const cart = carts[next++ % carts.length]!;
          return { ...request, headers: { ...request.headers, cookie: `crumb=${CRUMB}; ss_cart=${cart}` } };
        },
      },
    ],
  };
}

export interface BenchProductOptions {
  natsUrl: string;
  /** The deployment's NATS prefix (the services' NATS_PREFIX, or the one derived from DATABASE_URL). */
  prefix?: string;
  databaseUrl: string;
  websiteId: string;
  /** Where to ask whether the cart has it (the gateway). */
  gatewayUrl: string;
}

/**
 * Announces a mug of 1,000,000 in stock (content.product.upserted on NATS, consumed by the cart)
 * and waits until the cart's read model has it; answers its item id and SKU.
 */
export async function publishBenchProduct(options: BenchProductOptions): Promise<{ itemId: string; sku: string }> {
  const productId = `bench-product-${randomUUID()}`;
  const prefix = options.prefix ?? natsPrefix({ DATABASE_URL: options.databaseUrl, DATA_DIR: '.data' });
  const bus = new NatsBus({ url: options.natsUrl, name: 'bench-cart', logger: createLogger('bench', 'silent'), prefix });
  await bus.publish({
    id: randomUUID(),
    type: 'content.product.upserted',
    websiteId: options.websiteId,
    occurredAt: new Date().toISOString(),
    data: {
      productId,
      collectionId: 'shop',
      version: 1,
      title: 'Bench Mug',
      urlId: 'bench-mug',
      fullUrl: '/shop/p/bench-mug',
      productType: 1,
      currency: 'USD',
      status: 'published',
      publishOn: null,
      visible: true,
      variantOptionOrdering: [],
      variants: [
        {
          id: `${productId}-v`,
          sku: 'BENCH-MUG',
          attributes: {},
          optionValues: [],
          priceMoney: { value: '1250', currency: 'USD' },
          salePriceMoney: null,
          onSale: false,
          qtyInStock: 1_000_000,
          unlimited: false,
        },
      ],
      isSubscribable: false,
      subscriptionPlan: null,
      giftCardDenominations: [],
      additionalFieldsFormId: null,
      useCustomAddButtonText: false,
      customAddButtonText: '',
      urls: [],
    },
  });
  await bus.close();
  for (let i = 0; ; i++) {
    const stock = await fetch(`${options.gatewayUrl}/api/commerce/inventory/stock/?itemId=${productId}`);
    if (stock.ok) break;
    if (i > 300) throw new Error('the product never reached the cart read model');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { itemId: productId, sku: 'BENCH-MUG' };
}
