// Purging a deleted website in every service (issue 34): every service is built in this process on
// the configured database and bus (PGlite + the in-process bus, or Postgres + NATS under a private
// NATS_PREFIX). Two websites get data in each service (an order, a cart, a coupon, a form's
// submission and subscriber, a restock sign-up, a site user and an API key, analytics hits and
// rollups, a comment, an uploaded file); website A is deleted through content's API and, 31 days
// on, purged: content deletes its rows and files and announces content.website.purged, and every
// service's consumer deletes its rows of A. Afterwards no table of any service's schema that has a
// website_id holds a row of A, while B's rows are all still there. Before, each service must hold
// rows of A, so the test can fail; a repeated delivery, and a second purge event, change nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { buildApp as analytics } from '@sc/analytics';
import { buildApp as cart, applyContentEvent, CART_COOKIE } from '@sc/cart';
import { buildApp as content } from '@sc/content';
import { RecordType, Role, type EventEnvelope } from '@sc/contracts';
import { buildApp as forms } from '@sc/forms';
import { buildApp as identity } from '@sc/identity';
import { buildApp as render } from '@sc/render';
import { buildApp as restock } from '@sc/restock';
import { MemoryBus, openEmbeddedPostgres, signIdentity, type EmbeddedPostgres, type ServiceContext, type SharedInfra } from '@sc/platform';
import { asFromGateway, mode, testConfig, unique, waitFor } from '@sc/platform/test-kit';
import { cartCookieOf, CARD, productEvent } from '../services/cart/test/kit.js';
import { FAST_SCRYPT } from '../services/identity/test/kit.js';
import type { ContentParts } from '../services/content/src/module.js';
import type { CartDB } from '../services/cart/src/tables.js';

const KEY = 'purge-tests-signing-key-0123456789abcdef';
const NAMES = ['cart', 'forms', 'restock', 'identity', 'analytics', 'content', 'render'] as const;
type Name = (typeof NAMES)[number];
const DAY = 86_400_000;

describe(`purging a deleted website in every service (${mode.database} / ${mode.bus})`, () => {
  const apps = new Map<Name, FastifyInstance>();
  let embedded: EmbeddedPostgres | undefined;
  let bus: MemoryBus | undefined;
  const db = (name: Name) => apps.get(name)!.serviceContext!.db as Kysely<unknown>;
  const contentParts = () => (apps.get('content') as unknown as { serviceParts: ContentParts }).serviceParts;

  beforeAll(async () => {
    embedded = mode.database === 'pglite' ? await openEmbeddedPostgres(':memory:') : undefined;
    bus = mode.bus === 'memory' ? new MemoryBus() : undefined;
    const shared: SharedInfra = { ...(embedded ? { embedded } : {}), ...(bus ? { bus } : {}) };
    const config = testConfig(0, { IDENTITY_SIGNING_KEY: KEY, NATS_PREFIX: unique('purge') });
    const options = { config, shared, relay: { autoStart: true, pollMs: 50 } };
    const builders: Record<Name, () => Promise<FastifyInstance>> = {
      cart: () => cart(options),
      forms: () => forms(options),
      restock: () => restock(options),
      identity: () => identity({ ...options, settings: { scrypt: FAST_SCRYPT } }),
      analytics: () => analytics(options),
      content: () => content(options),
      render: () => render(options),
    };
    for (const name of NAMES) {
      const app = await builders[name]();
      await app.ready();
      apps.set(name, app);
    }
  }, 240_000);

  afterAll(async () => {
    for (const app of apps.values()) await app.close();
    await bus?.close();
    await embedded?.close();
  });

  function call(
    name: Name,
    method: InjectOptions['method'],
    url: string,
    websiteId: string,
    options: { owner?: boolean; cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) {
    const requestId = randomUUID();
    const headers: Record<string, string> = { 'x-website-id': websiteId, 'x-request-id': requestId, ...options.headers };
    if (options.cookie) headers.cookie = options.cookie;
    if (options.owner)
      Object.assign(
        headers,
        signIdentity(
          { v: 1, kind: 'owner', websiteId, requestId, issuedAt: Date.now(), ownerId: `owner-${websiteId}`, roles: [Role.ADMIN] },
          KEY,
        ),
      );
    return apps.get(name)!.inject({
      method,
      url,
      headers: asFromGateway(headers, KEY),
      ...(options.body === undefined ? {} : { payload: options.body as InjectOptions['payload'] }),
    });
  }

  /** A website with data in every service. */
  async function websiteWithData(site: string): Promise<void> {
    await contentParts().websites.create({
      id: site,
      title: `Site ${site}`,
      templateId: 'harbour',
      domains: [`${site.replaceAll('_', '-')}.example.com`],
    });
    const email = `${unique('buyer')}@example.com`;
    // identity: a site user and an API key.
    expect(
      (
        await call('identity', 'POST', '/api/auth/site-users', site, {
          body: { email, password: 'a long password 1', name: 'Erin Example' },
        })
      ).statusCode,
    ).toBe(202);
    // The account is made by the mailed link (issue 40).
    const mails = await sql<{
      text_body: string;
    }>`select text_body from identity.mail_outbox where to_address = ${email.toLowerCase()} and website_id = ${site} order by created_at desc`.execute(
      db('identity'),
    );
    const token = /confirm-sign-up=([A-Za-z0-9_-]+)/.exec(mails.rows[0]?.text_body ?? '')?.[1];
    expect(
      (await call('identity', 'POST', '/api/auth/site-users/confirm', site, { body: { token, password: 'a long password 1' } })).statusCode,
    ).toBe(201);
    const ownerId = `owner-${site}`;
    await sql`insert into identity.owners (id, email, password_hash) values (${ownerId}, ${`${ownerId}@example.com`}, 'x')`.execute(
      db('identity'),
    );
    await sql`insert into identity.website_roles (website_id, owner_id, role) values (${site}, ${ownerId}, ${Role.ADMIN})`.execute(
      db('identity'),
    );
    await sql`insert into identity.api_keys (id, owner_id, website_id, name, prefix, key_hash, scopes)
              values (${randomUUID()}, ${ownerId}, ${site}, 'reporting', 'sk_', ${randomUUID()}, '[]'::jsonb)`.execute(db('identity'));
    // cart: an order, a cart, a coupon.
    const product = productEvent({ productType: 2, variants: [{ sku: 'PDF', price: 1200, unlimited: true }] });
    await applyContentEvent(apps.get('cart')!.serviceContext as unknown as ServiceContext<CartDB>, {
      id: randomUUID(),
      type: 'content.product.upserted',
      websiteId: site,
      occurredAt: new Date().toISOString(),
      data: product,
    });
    const added = await call('cart', 'POST', '/api/commerce/shopping-cart/entries', site, {
      body: { itemId: product.productId, quantity: 1 },
    });
    expect(added.statusCode).toBe(200);
    const paid = await call('cart', 'POST', '/api/commerce/checkout', site, {
      cookie: `${CART_COOKIE}=${cartCookieOf(added)}`,
      body: { email, card: CARD },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(paid.statusCode).toBe(201);
    expect(
      (await call('cart', 'POST', '/api/commerce/shopping-cart/entries', site, { body: { itemId: product.productId, quantity: 2 } }))
        .statusCode,
    ).toBe(200);
    await sql`insert into cart.coupons (website_id, code, kind, value, minimum_subtotal_cents) values (${site}, 'SPRING', 'percent', 10, 0)`.execute(
      db('cart'),
    );
    // forms: a subscriber and a submission.
    await sql`insert into forms.subscribers (id, website_id, form_id, email, email_normalized, status, unsubscribe_token_hash)
              values (${randomUUID()}, ${site}, 'newsletter', ${email}, ${email}, 'confirmed', ${randomUUID()})`.execute(db('forms'));
    await sql`insert into forms.submissions (id, website_id, form_id, values, search_text)
              values (${randomUUID()}, ${site}, 'contact', ${JSON.stringify({ email })}::jsonb, ${email})`.execute(db('forms'));
    // restock: a back-in-stock sign-up.
    await sql`insert into restock.signups (id, website_id, product_id, variant_id, email, email_normalized)
              values (${randomUUID()}, ${site}, 'p1', 'v1', ${email}, ${email})`.execute(db('restock'));
    // analytics: a page view (its rollups come from the order's events).
    await sql`insert into analytics.hits (website_id, received_at, event_type, path, device, visitor_hash) values (${site}, now(), 1, '/', 'desktop', 'v')`.execute(
      db('analytics'),
    );
    // content: a blog post with a comment, and an uploaded file.
    const blog = await call('content', 'POST', `/api/content-service/1.0/websites/${site}/collections`, site, {
      owner: true,
      body: { type: 1, kind: 'blog', title: unique('Journal') },
    });
    expect(blog.statusCode).toBe(201);
    const post = await call(
      'content',
      'POST',
      `/api/content-service/1.0/websites/${site}/collections/${blog.json<{ id: string }>().id}/items`,
      site,
      { owner: true, body: { recordType: RecordType.TEXT, title: unique('Post'), body: '<p>Body</p>' } },
    );
    expect(post.statusCode).toBe(201);
    await sql`insert into content.comments (id, website_id, item_id, status, author_name, author_email, body)
              values (${randomUUID()}, ${site}, ${post.json<{ id: string }>().id}, 'approved', 'Erin', ${email}, 'Lovely')`.execute(
      db('content'),
    );
    await contentParts().assets.storage.put(`${site}/picture.jpg`, new Uint8Array([1, 2, 3]), 'image/jpeg');
  }

  /** Rows of `site` per table with a website_id, in `name`'s schema (the outbox aside). */
  async function rowsOf(name: Name, site: string): Promise<Record<string, number>> {
    const tables = (
      await sql<{ table_name: string }>`
        select c.table_name from information_schema.columns c
          join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
         where c.table_schema = ${name} and c.column_name = 'website_id' and c.table_name not like 'outbox%'`.execute(db(name))
    ).rows;
    const out: Record<string, number> = {};
    for (const { table_name } of tables) {
      const n = Number(
        (await sql<{ n: number }>`select count(*)::int as n from ${sql.id(name, table_name)} where website_id = ${site}`.execute(db(name)))
          .rows[0]?.n ?? 0,
      );
      if (n > 0) out[table_name] = n;
    }
    // identity's websites read model is keyed by id.
    if (name === 'identity') {
      const n = Number(
        (await sql<{ n: number }>`select count(*)::int as n from identity.websites where id = ${site}`.execute(db(name))).rows[0]?.n ?? 0,
      );
      if (n > 0) out.websites = n;
    }
    return out;
  }

  async function allRows(site: string): Promise<Record<string, Record<string, number>>> {
    const out: Record<string, Record<string, number>> = {};
    for (const name of NAMES) {
      const rows = await rowsOf(name, site);
      if (Object.keys(rows).length > 0) out[name] = rows;
    }
    return out;
  }

  it("deletes every row and file of the purged website in every service, and nothing of the other's", async () => {
    const siteA = unique('purgea');
    const siteB = unique('purgeb');
    await websiteWithData(siteA);
    await websiteWithData(siteB);
    // Events have reached the read models (identity's websites, analytics' rollups, cart's customers).
    await waitFor(
      async () =>
        (await rowsOf('analytics', siteB)).product_daily !== undefined &&
        (await rowsOf('identity', siteB)).websites !== undefined &&
        (await rowsOf('cart', siteB)).customers !== undefined,
      30_000,
      'the read models to follow',
    );
    const before = await allRows(siteA);
    expect(before.cart).toEqual(expect.objectContaining({ orders: 1, carts: 2, coupons: 1, customers: 1, websites: 1 }));
    expect(before.forms).toEqual(expect.objectContaining({ submissions: 1, subscribers: 1 }));
    expect(before.restock).toEqual(expect.objectContaining({ signups: 1, websites: 1 }));
    expect(before.identity).toEqual(expect.objectContaining({ site_users: 1, websites: 1, api_keys: 1, website_roles: 1 }));
    expect(before.analytics).toEqual(expect.objectContaining({ hits: 1, product_daily: expect.any(Number) }));
    expect(before.content).toEqual(expect.objectContaining({ comments: 1, collections: 1, items: 1, website_domains: 1 }));
    const beforeB = await allRows(siteB);

    // Deleted: hidden at once, nothing purged yet (it can be restored).
    const deleted = await call('content', 'DELETE', `/api/content-service/1.0/websites/${siteA}`, siteA, {
      owner: true,
      body: { confirm: `Site ${siteA}` },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await contentParts().deletion.purgeDue(Date.now())).toBe(0);
    expect((await allRows(siteA)).cart).toEqual(before.cart);

    // 31 days on: purged everywhere.
    expect(await contentParts().deletion.purgeDue(Date.now() + 31 * DAY)).toBe(1);
    const left = await waitFor(
      async () => {
        const found = await allRows(siteA);
        return Object.keys(found).length === 0 ? found : undefined;
      },
      30_000,
      'every service to purge the website',
    ).catch(async () => allRows(siteA));
    expect(left).toEqual({});
    expect(await contentParts().assets.storage.get(`${siteA}/picture.jpg`)).toBeUndefined();
    expect(await contentParts().assets.storage.get(`${siteB}/picture.jpg`)).toBeDefined();
    const afterB = await allRows(siteB);
    // B lost nothing (its analytics may only have grown meanwhile).
    for (const [name, tables] of Object.entries(beforeB))
      for (const [table, n] of Object.entries(tables))
        expect({ name, table, kept: (afterB[name]?.[table] ?? 0) >= n }).toEqual({ name, table, kept: true });

    // Idempotent: the event again (as a redelivery) and a second purge event of the website break nothing.
    const event = await sql<{
      id: string;
      type: string;
      website_id: string;
      occurred_at: Date;
    }>`select id, type, website_id, occurred_at from content.outbox where type = 'content.website.purged' and website_id = ${siteA}`.execute(
      db('content'),
    );
    expect(event.rows).toHaveLength(1);
    const again: EventEnvelope = {
      id: event.rows[0]!.id,
      type: 'content.website.purged',
      websiteId: siteA,
      occurredAt: new Date().toISOString(),
      data: {},
    };
    const bus = apps.get('content')!.serviceContext!.bus;
    await bus.publish(again);
    await bus.publish({ ...again, id: randomUUID() });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await allRows(siteA)).toEqual({});
    expect(Object.keys(await allRows(siteB)).sort()).toEqual(Object.keys(afterB).sort());
    // Each service recorded the purge once per event.
    for (const name of NAMES) {
      const handled = await sql<{
        n: number;
      }>`select count(*)::int as n from ${sql.id(name, 'handled_events')} where consumer = ${`${name}-website-purge`}`.execute(db(name));
      expect({ name, n: Number(handled.rows[0]?.n) }).toEqual({ name, n: 2 });
    }
  }, 180_000);
});
