// The render suites' kit, on the one kit (serviceKit, @sc/platform/testing): the content service
// (demo website seeded) listening on a port, render built against it, owner calls to content with
// a signed identity header (so content's own storefront cache is refreshed as after a real owner
// change), and a website of the test's own (unique id) for changes, since the demo website is
// shared by every suite of a run. Content is used through its package (@sc/content) and its
// wired parts, never through its source files.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createContentService, type ContentParts } from '@sc/content';
import { ItemBody, ProductType, Role, type ContentItem } from '@sc/contracts';
import { MemoryBus, MemoryCache, signIdentity, type EventBus, type SharedInfra } from '@sc/platform';
import { asFromGateway, unique } from '@sc/platform/test-kit';
import { closeAfterAll, fileInfra, serviceKit, type ServiceKit } from '@sc/platform/testing';
import { createRenderService, type RenderOptions } from '../src/index.js';

/**
 * How long a hook that starts content (migrated, the demo website seeded) and render beside it may
 * take: the demo seed is not made fast by the kit, and on a machine shared by several runs it
 * took more than 90 s, so these suites keep a generous limit.
 */
export const DEMO_START_TIMEOUT_MS = 120_000;

export const SIGNING_KEY = 'render-tests-signing-key-0123456789abcdef';

export interface ContentKit {
  app: FastifyInstance;
  url: string;
  /** What content's wiring step built: its website, collection and item services (no import of content's source). */
  parts: ContentParts;
  /** The bus content publishes on (in memory unless NATS_URL is set); render must share it to see events. */
  shared: SharedInfra;
  /** A request to content as the gateway forwards it. */
  call: ServiceKit<unknown, ContentParts>['call'];
  close(): Promise<void>;
}

/** Content with the demo website, listening on a free port. */
export async function startContent(): Promise<ContentKit> {
  // Content and render of one suite share a bus and a page cache of their own, even when the run
  // has real servers: every suite seeds and changes the same demo website, and on a shared NATS
  // and Redis one suite's content events would (rightly) drop another suite's cached pages,
  // making cache hits in these tests depend on what runs beside them. The database stays the
  // configured one; the Redis cache and the NATS bus have their own contract tests in platform.
  const bus: EventBus = new MemoryBus({});
  const closeBus = closeAfterAll(() => bus.close());
  const shared: SharedInfra = { ...(await fileInfra()), bus, cache: new MemoryCache() };
  const kit = await serviceKit(createContentService(), { signingKey: SIGNING_KEY, shared, seedDemo: true, relay: { pollMs: 50 } });
  const url = await kit.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app: kit.app,
    url,
    parts: kit.parts,
    shared,
    call: kit.call,
    close: async () => {
      await kit.close();
      await closeBus();
    },
  };
}

/**
 * Render reading that content (sharing its bus), with a durable of its own that starts at new
 * events; without content, render reads the URL in `options.settings` (an unreachable one).
 */
export async function startRender(content: ContentKit | undefined, options: RenderOptions = {}): Promise<FastifyInstance> {
  const kit = await serviceKit(
    createRenderService({
      settings: { ...(content ? { contentUrl: content.url } : {}), webDist: '/nonexistent-web-dist', ...options.settings },
      consumer: { durable: unique('render_test'), newOnly: true, forgetAfterIdleMs: 60_000 },
      ...(options.content ? { content: options.content } : {}),
    }),
    {
      // Render verifies the gateway's identity header with the key content uses too (member areas).
      signingKey: SIGNING_KEY,
      shared: content?.shared ?? {},
      relay: {},
      erasureDurable: unique('render_privacy_test'),
      purgeDurable: unique('render_purge_test'),
    },
  );
  return kit.app;
}

/** A request to content as the website's admin would make it through the gateway. */
export function ownerCall(
  content: ContentKit,
  method: 'PUT' | 'POST' | 'DELETE' | 'PATCH',
  url: string,
  websiteId: string,
  body?: unknown,
) {
  return content.call(method, url, { websiteId, roles: [Role.ADMIN] }, body);
}

export interface OwnStore {
  websiteId: string;
  storeId: string;
  product: ContentItem;
}

/** A website of the test's own with a store holding one physical product with two sizes. */
export async function newStore(content: ContentKit, title = 'Test Mug'): Promise<OwnStore> {
  const websiteId = unique('rsite');
  await content.parts.websites.create({
    id: websiteId,
    title: `Shop ${websiteId}`,
    templateId: 'harbour',
    domains: [`${websiteId.replaceAll('_', '-')}.render.example`],
  });
  const store = await content.parts.collections.createStore(websiteId, {
    navigationTitle: 'Shop',
    title: 'Shop',
    urlId: 'shop',
    enabled: true,
  });
  const product = await content.parts.items.create(websiteId, store.id, ItemBody.parse(productBody(title, 2400)), 'store');
  return { websiteId, storeId: store.id, product };
}

/** The body of a two-size physical product (for create and replace). */
export function productBody(title: string, cents: number) {
  return {
    recordType: 11,
    title,
    urlId: 'test-mug',
    structuredContent: {
      productType: ProductType.PHYSICAL,
      variantOptionOrdering: ['Size'],
      variants: ['Small', 'Large'].map((size) => ({
        sku: `MUG-${size}`,
        attributes: { Size: size },
        priceMoney: { value: String(cents), currency: 'USD' },
        qtyInStock: 3,
      })),
    },
  };
}

/** GET a page from render as the gateway sends it. */
export function page(render: FastifyInstance, url: string, websiteId = 'demo', headers: Record<string, string> = {}) {
  return render.inject({ method: 'GET', url, headers: asFromGateway({ 'x-website-id': websiteId, ...headers }, SIGNING_KEY) });
}

/** Headers of a page request as the gateway sends them for a signed-in site user (or an owner with roles). */
export function signedIn(websiteId: string, who: { siteUserId?: string; roles?: number[] }): Record<string, string> {
  const requestId = randomUUID();
  const identity = who.roles
    ? {
        v: 1 as const,
        kind: 'owner' as const,
        websiteId,
        requestId,
        issuedAt: Date.now(),
        ownerId: `owner-of-${websiteId}`,
        roles: who.roles as never,
        ...(who.siteUserId ? { siteUserId: who.siteUserId } : {}),
      }
    : {
        v: 1 as const,
        kind: 'site-user' as const,
        websiteId,
        requestId,
        issuedAt: Date.now(),
        siteUserId: who.siteUserId ?? 'someone',
        roles: [],
      };
  return { 'x-request-id': requestId, ...signIdentity(identity, SIGNING_KEY) };
}
