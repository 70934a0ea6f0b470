// The cart suites' kit: the app on the configured database (real Postgres when DATABASE_URL is
// set), products fed in as content's events, and requests as the gateway sends them
// (X-Website-Id, X-Request-Id and, for owners and site users, the signed identity header). The
// app gets its own in-process bus: its durable consumers must not share deliveries with other
// processes' cart consumers on a shared NATS server.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { ProductType, Role, type ContentProductUpserted, type EventEnvelope } from '@sc/contracts';
import { MemoryBus, type BuildServiceOptions, type Cache, type EmbeddedPostgres, type ServiceContext } from '@sc/platform';
import { unique } from '@sc/platform/test-kit';
import { KIT_START_TIMEOUT_MS, serviceKit } from '@sc/platform/testing';
import { applyContentEvent, CART_COOKIE, createCartService, type CartModule, type CartOptions } from '../src/index.js';
import type { CartDB } from '../src/tables.js';

export const SIGNING_KEY = 'cart-tests-signing-key-0123456789abcdef';
/** How long a suite may take to build its app (the one kit's limit, @sc/platform/testing). */
export const APP_START_TIMEOUT_MS = KIT_START_TIMEOUT_MS;
export const CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' };
export const DECLINED_CARD = { ...CARD, number: '4000000000000002' };
export const FAILING_CARD = { ...CARD, number: '4000000000000119' };

export interface Caller {
  websiteId: string;
  /** The visitor's cart cookie. */
  cart?: string | undefined;
  siteUserId?: string;
  /** Owner roles (signed identity). */
  roles?: number[];
  headers?: Record<string, string>;
}

export interface VariantSpec {
  sku: string;
  price: number;
  sale?: number;
  qty?: number;
  unlimited?: boolean;
  attributes?: Record<string, string>;
}

export interface ProductSpec {
  id?: string;
  title?: string;
  productType?: number;
  variants?: VariantSpec[];
  optionOrdering?: string[];
  isSubscribable?: boolean;
  subscriptionPlan?: ContentProductUpserted['subscriptionPlan'];
  giftCardDenominations?: number[];
  visible?: boolean;
  version?: number;
  currency?: string;
}

/** The data of a content.product.upserted event as content sends it. */
export function productEvent(spec: ProductSpec): ContentProductUpserted {
  const id = spec.id ?? unique('product');
  const currency = spec.currency ?? 'USD';
  const money = (cents: number) => ({ value: String(cents), currency: currency as 'USD' });
  return {
    productId: id,
    collectionId: 'shop',
    version: spec.version ?? 1,
    title: spec.title ?? `Product ${id}`,
    urlId: id,
    fullUrl: `/shop/p/${id}`,
    productType: (spec.productType ?? ProductType.PHYSICAL) as ContentProductUpserted['productType'],
    currency,
    status: 'published',
    publishOn: null,
    visible: spec.visible ?? true,
    variantOptionOrdering: spec.optionOrdering ?? [],
    variants: (spec.variants ?? [{ sku: `${id}-SKU`, price: 1000, qty: 10 }]).map((v, i) => ({
      id: `${id}-v${i}`,
      sku: v.sku,
      attributes: v.attributes ?? {},
      optionValues: Object.entries(v.attributes ?? {}).map(([optionName, value]) => ({ optionName, value })),
      priceMoney: money(v.price),
      salePriceMoney: v.sale === undefined ? null : money(v.sale),
      onSale: v.sale !== undefined,
      qtyInStock: v.qty ?? 0,
      unlimited: v.unlimited ?? false,
    })),
    isSubscribable: spec.isSubscribable ?? false,
    subscriptionPlan: spec.subscriptionPlan ?? null,
    giftCardDenominations: (spec.giftCardDenominations ?? []).map(money),
    additionalFieldsFormId: null,
    useCustomAddButtonText: false,
    customAddButtonText: '',
    urls: [`/shop/p/${id}`],
  };
}

export const envelope = (type: string, websiteId: string, data: unknown): EventEnvelope => ({
  id: randomUUID(),
  type,
  websiteId,
  occurredAt: new Date().toISOString(),
  data,
});

export function cartCookieOf(response: LightMyRequestResponse): string | undefined {
  const header = response.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  return all
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith(`${CART_COOKIE}=`))
    ?.slice(CART_COOKIE.length + 1);
}

export interface Kit {
  app: FastifyInstance;
  ctx: ServiceContext<CartDB>;
  /** What the app's wiring step built (module.ts): its services, mail relay, store cache. */
  parts: CartModule;
  /** A new website id (unique per test). */
  newSite(): string;
  /** Feeds a product to the read model as content's event; answers the event data. */
  product(websiteId: string, spec?: ProductSpec): Promise<ContentProductUpserted>;
  call(method: InjectOptions['method'], url: string, caller: Caller, body?: unknown): Promise<LightMyRequestResponse>;
  /** A guest cart with these entries added; answers its cookie. */
  cartWith(websiteId: string, entries: Array<{ itemId: string; sku?: string; quantity?: number }>): Promise<string>;
  events(websiteId: string, type?: string): Promise<EventEnvelope[]>;
  close(): Promise<void>;
}

export async function setup(
  options: CartOptions & Omit<BuildServiceOptions, 'shared' | 'relay'> & { sharedEmbedded?: EmbeddedPostgres; sharedCache?: Cache } = {},
): Promise<Kit> {
  const { sharedEmbedded, sharedCache, ...rest } = options;
  const base = await serviceKit(
    createCartService({
      writeLimit: { max: 100_000, windowMs: 60_000 },
      // Suites run renewals and purges themselves, at the times they choose.
      jobs: { renewalsEveryMs: false, purgeEveryMs: false, holdsEveryMs: false, abandonedEveryMs: false },
      mail: { autoStart: false },
      ...rest,
    }),
    {
      signingKey: SIGNING_KEY,
      env: { PUBLIC_URL: 'https://shop.example.net' }, // mailed links: https, no port, the website's domain
      ownerId: (websiteId) => `owner-${websiteId}`,
      // A suite that plays two replicas on one embedded database (and one cache) gives them here.
      shared: {
        bus: new MemoryBus(),
        ...(sharedEmbedded ? { embedded: sharedEmbedded } : {}),
        ...(sharedCache ? { cache: sharedCache } : {}),
      },
      ...rest,
    },
  );
  const { app, ctx, parts } = base;
  const kit: Kit = {
    app,
    ctx,
    parts,
    newSite: () => unique('shop'),
    async product(websiteId, spec = {}) {
      const data = productEvent(spec);
      await applyContentEvent(ctx, envelope('content.product.upserted', websiteId, data), parts.storeCache);
      return data;
    },
    call: (method, url, caller, body) =>
      base.call(method, url, { ...caller, ...(caller.cart ? { cookies: { [CART_COOKIE]: caller.cart } } : {}) }, body),
    async cartWith(websiteId, entries) {
      let cart: string | undefined;
      for (const e of entries) {
        const response = await kit.call('POST', '/api/commerce/shopping-cart/entries', { websiteId, cart }, { quantity: 1, ...e });
        if (response.statusCode !== 200) throw new Error(`add failed: ${response.body}`);
        cart ??= cartCookieOf(response);
      }
      if (!cart) throw new Error('no cart cookie');
      return cart;
    },
    events: base.events,
    close: base.close,
  };
  return kit;
}

export const ADMIN = [Role.ADMIN];
export const STORE_MANAGER = [Role.STORE_MANAGER];
export const REPORTING = [Role.REPORTING];
