// Erasing a customer across services (issue 28): every service is built in this process on the
// configured database and bus (PGlite + the in-process bus, or Postgres + NATS under a private
// NATS_PREFIX), one email is given data in each service on two websites, the owner of website A
// erases it, and afterwards no text or jsonb cell of any table of any service's schema holds the
// email on website A, while website B's data of the same email is untouched. Before the erasure the
// same scan must find the email in every service that was given it, so the test can fail.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { buildApp as analytics } from '@sc/analytics';
import { buildApp as cart, applyContentEvent, CART_COOKIE } from '@sc/cart';
import { buildApp as content } from '@sc/content';
import { ERASED_EMAIL, RecordType, Role, type Order } from '@sc/contracts';
import { buildApp as forms } from '@sc/forms';
import { buildApp as identity } from '@sc/identity';
import { buildApp as render } from '@sc/render';
import { buildApp as restock } from '@sc/restock';
import { MemoryBus, openEmbeddedPostgres, signIdentity, type EmbeddedPostgres, type ServiceContext, type SharedInfra } from '@sc/platform';
import { asFromGateway, mode, testConfig, unique, waitFor } from '@sc/platform/test-kit';
import { cartCookieOf, CARD, productEvent } from '../services/cart/test/kit.js';
import { FAST_SCRYPT } from '../services/identity/test/kit.js';
import { WebsiteService } from '../services/content/src/websites/websites.service.js';
import type { ContentDB } from '../services/content/src/tables.js';
import type { CartDB } from '../services/cart/src/tables.js';

const KEY = 'privacy-tests-signing-key-0123456789abcdef';
const NAMES = ['cart', 'forms', 'restock', 'identity', 'analytics', 'content', 'render'] as const;
type Name = (typeof NAMES)[number];

describe(`erasing a customer in every service (${mode.database} / ${mode.bus})`, () => {
  const apps = new Map<Name, FastifyInstance>();
  let embedded: EmbeddedPostgres | undefined;
  let bus: MemoryBus | undefined;
  const db = (name: Name) => apps.get(name)!.serviceContext!.db as Kysely<unknown>;

  beforeAll(async () => {
    embedded = mode.database === 'pglite' ? await openEmbeddedPostgres(':memory:') : undefined;
    bus = mode.bus === 'memory' ? new MemoryBus() : undefined;
    const shared: SharedInfra = { ...(embedded ? { embedded } : {}), ...(bus ? { bus } : {}) };
    // A private prefix: this run's durables never share deliveries with other runs on the server.
    const config = testConfig(0, { IDENTITY_SIGNING_KEY: KEY, NATS_PREFIX: unique('priv') });
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

  /** Gives `email` data on `site` in every service that keeps personal data. */
  async function customerOn(site: string, email: string): Promise<{ orderId: string; totalCents: number }> {
    await new WebsiteService(apps.get('content')!.serviceContext as unknown as ServiceContext<ContentDB>).create({
      id: site,
      title: `Site ${site}`,
      templateId: 'harbour',
      domains: [`${site.replaceAll('_', '-')}.example.com`],
    });
    // identity: a site-user account (its sign-up mail, the link that makes it, its outbox event).
    expect(
      (
        await call('identity', 'POST', '/api/auth/site-users', site, {
          body: { email, password: 'a long password 1', name: 'Erin Example' },
        })
      ).statusCode,
    ).toBe(202);
    const mails = await sql<{
      text_body: string;
    }>`select text_body from identity.mail_outbox where to_address = ${email.toLowerCase()} and website_id = ${site} order by created_at desc`.execute(
      db('identity'),
    );
    const token = /confirm-sign-up=([A-Za-z0-9_-]+)/.exec(mails.rows[0]?.text_body ?? '')?.[1];
    const signUp = await call('identity', 'POST', '/api/auth/site-users/confirm', site, { body: { token, password: 'a long password 1' } });
    expect(signUp.statusCode).toBe(201);
    // cart: an order (receipt mail, idempotency record, outbox events, customers read model).
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
    const order = paid.json<{ order: Order }>().order;
    // forms: a newsletter subscriber and a submission naming the email.
    await sql`insert into forms.subscribers (id, website_id, form_id, email, email_normalized, status, unsubscribe_token_hash)
              values (${randomUUID()}, ${site}, 'newsletter', ${email}, ${email.toLowerCase()}, 'confirmed', ${randomUUID()})`.execute(
      db('forms'),
    );
    await sql`insert into forms.submissions (id, website_id, form_id, values, search_text)
              values (${randomUUID()}, ${site}, 'contact', ${JSON.stringify({ name: 'Erin Example', email })}::jsonb, ${`erin example ${email}`})`.execute(
      db('forms'),
    );
    // restock: a back-in-stock signup.
    await sql`insert into restock.signups (id, website_id, product_id, variant_id, email, email_normalized)
              values (${randomUUID()}, ${site}, 'p1', 'v1', ${email}, ${email.toLowerCase()})`.execute(db('restock'));
    // content: a comment on a blog post, the email as author and in the body.
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
              values (${randomUUID()}, ${site}, ${post.json<{ id: string }>().id}, 'approved', 'Erin Example', ${email}, ${`write to me at ${email}`})`.execute(
      db('content'),
    );
    return { orderId: order.id, totalCents: Number(order.grandTotal.value) };
  }

  /** Every text/varchar/json/jsonb cell of every table of `name`'s schema holding `email`, as `table.column` (rows of `site` where the table has website_id; every row otherwise). */
  async function traces(name: Name, site: string, email: string): Promise<string[]> {
    const columns = (
      await sql<{ table_name: string; column_name: string; scoped: boolean }>`
        select c.table_name, c.column_name,
               exists (select 1 from information_schema.columns w where w.table_schema = c.table_schema and w.table_name = c.table_name and w.column_name = 'website_id') as scoped
          from information_schema.columns c
          join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
         where c.table_schema = ${name} and c.data_type in ('text', 'character varying', 'json', 'jsonb')`.execute(db(name))
    ).rows;
    const found: string[] = [];
    for (const column of columns) {
      const where = column.scoped ? sql`and website_id = ${site}` : sql``;
      const hit = await sql<{
        n: number;
      }>`select count(*)::int as n from ${sql.id(name, column.table_name)} where ${sql.ref(column.column_name)}::text ilike ${`%${email}%`} ${where}`.execute(
        db(name),
      );
      if (Number(hit.rows[0]?.n ?? 0) > 0) found.push(`${column.table_name}.${column.column_name}`);
    }
    return found;
  }

  async function allTraces(site: string, email: string): Promise<Record<string, string[]>> {
    const out: Record<string, string[]> = {};
    for (const name of NAMES) {
      const found = await traces(name, site, email);
      if (found.length > 0) out[name] = found;
    }
    return out;
  }

  it('leaves no trace of the email on the website it was erased on, and the other website untouched', async () => {
    const siteA = unique('erasea');
    const siteB = unique('eraseb');
    const email = `${unique('erin')}@Example.com`.toLowerCase();
    const a = await customerOn(siteA, email);
    await customerOn(siteB, email);

    // The customers read model has them (fed by events), and the scan finds the email everywhere.
    await waitFor(
      async () =>
        (await call('cart', 'GET', `/api/commerce/store/customers/${encodeURIComponent(email)}`, siteA, { owner: true })).statusCode ===
        200,
      20_000,
      'customer listed',
    );
    const before = await allTraces(siteA, email);
    expect(Object.keys(before).sort()).toEqual(expect.arrayContaining(['cart', 'content', 'forms', 'identity', 'restock']));
    expect(before.cart).toEqual(expect.arrayContaining(['orders.email', 'mail_outbox.to_address', 'customers.email']));
    const beforeB = await allTraces(siteB, email);

    const erased = await call('cart', 'POST', '/api/commerce/store/customers/erase', siteA, {
      owner: true,
      body: { email: email.toUpperCase(), confirm: email },
    });
    expect(erased.statusCode).toBe(200);
    // Website B's owner cannot erase website A's customer by naming website A's id.
    const otherTenant = await call('cart', 'POST', '/api/commerce/store/customers/erase', siteA, {
      body: { email, confirm: email },
      headers: signIdentity(
        { v: 1, kind: 'owner', websiteId: siteB, requestId: 'x', issuedAt: Date.now(), ownerId: 'b', roles: [Role.ADMIN] },
        KEY,
      ),
    });
    expect(otherTenant.statusCode).toBeGreaterThanOrEqual(400);
    expect(otherTenant.statusCode).toBeLessThan(500);

    const left = await waitFor(
      async () => {
        const found = await allTraces(siteA, email);
        return Object.keys(found).length === 0 ? found : undefined;
      },
      30_000,
      'every service to erase the email',
    ).catch(async () => allTraces(siteA, email));
    expect(left).toEqual({});

    // The books keep the order's total; the account is gone; website B still has everything.
    const order = await sql<{
      email: string;
      grand_total_cents: number;
    }>`select email, grand_total_cents from cart.orders where id = ${a.orderId}`.execute(db('cart'));
    expect(order.rows[0]).toEqual({ email: ERASED_EMAIL, grand_total_cents: a.totalCents });
    const account = await sql`select 1 from identity.site_users where website_id = ${siteA}`.execute(db('identity'));
    expect(account.rows).toEqual([]);
    expect(await allTraces(siteB, email)).toEqual(beforeB);
    expect(
      (await call('cart', 'GET', `/api/commerce/store/customers/${encodeURIComponent(email)}`, siteB, { owner: true })).statusCode,
    ).toBe(200);
    const log = await call('cart', 'GET', '/api/commerce/store/erasures', siteA, { owner: true });
    expect(log.json<{ erasures: Array<{ requestedBy: string }> }>().erasures).toEqual([
      expect.objectContaining({ requestedBy: `owner-${siteA}`, websiteId: siteA }),
    ]);
  }, 180_000);
});
