// The store's customers, as the admin lists them, from the customers read model (migration 0008,
// fed by events: consumers/customers.consumer.ts): everyone who bought (paid orders, test-mode ones
// included: a store still in test mode has its test buyers) or made an account, by email: name,
// orders, total spent (less refunds, per currency), first and last order, account, newsletter
// consent and subscription status; searchable by email or name; one customer's orders (cart's own orders table); the same
// list as a streamed CSV; and erasure (a privacy request), logged, announced to every service.
import { randomUUID } from 'node:crypto';
import { EraseCustomerRequest, Erasure, Permission } from '@sc/contracts';
import { AppError, enqueueEvent, identityOf, ownerRoute, eraseEmail, sendCsv, websiteIdOf, type CsvCell, type ServiceContext, type ZodApp } from '@sc/platform';
import { sql, type Transaction } from 'kysely';
import { z } from 'zod';
import type { CartDB } from '../tables.js';
import type { CheckoutService } from '../checkout/checkout.service.js';
import { listCustomers } from './customers.repository.js';
import { eraseCartCustomer, erasedDigest } from './erase.js';
import { amount } from '../admin/exports.routes.js';

export const CustomerListQuery = z.object({ q: z.string().trim().max(200).optional(), limit: z.coerce.number().int().min(1).max(200).default(50) }).strict();
export const Customer = z.object({
  email: z.string(),
  name: z.string().nullable(),
  account: z.boolean(),
  newsletter: z.enum(['confirmed', 'unsubscribed']).nullable(),
  subscription: z.enum(['active', 'ended']).nullable(),
  orders: z.number().int(),
  totals: z.array(z.object({ currency: z.string(), spentCents: z.number().int() })),
  firstOrderAt: z.string().nullable(),
  lastOrderAt: z.string().nullable(),
});
export type Customer = z.infer<typeof Customer>;
export const CUSTOMER_COLUMNS = ['Email', 'Name', 'Orders', 'Currency', 'Total spent', 'First order', 'Last order', 'Account', 'Newsletter', 'Subscription'];

const customerOf = (row: Awaited<ReturnType<typeof listCustomers>>[number]): Customer => ({
  email: row.email,
  name: row.name,
  account: row.siteUserId !== null,
  newsletter: row.newsletter === 'confirmed' || row.newsletter === 'unsubscribed' ? row.newsletter : null,
  subscription: row.subscription === 'active' || row.subscription === 'ended' ? row.subscription : null,
  orders: row.orders,
  totals: row.totals,
  firstOrderAt: row.firstOrderAt,
  lastOrderAt: row.lastOrderAt,
});

export function customerRoutes(app: ZodApp, ctx: ServiceContext<CartDB>, checkout: CheckoutService): void {
  app.get(
    '/api/commerce/store/customers',
    ownerRoute(Permission.STORE_READ, { schema: { summary: "The store's customers: account, newsletter and subscription of each, searchable", querystring: CustomerListQuery, response: { 200: z.object({ customers: z.array(Customer) }) } } }),
    async (request) => {
      const { q, limit } = request.query;
      return { customers: (await listCustomers(ctx.db, websiteIdOf(request), { q }, limit)).map(customerOf) };
    },
  );

  app.get(
    '/api/commerce/store/customers/:email',
    ownerRoute(Permission.STORE_READ, { schema: { summary: 'One customer with their orders', params: z.object({ email: z.string().min(3).max(320) }).strict() } }),
    async (request) => {
      const websiteId = websiteIdOf(request);
      const [row] = await listCustomers(ctx.db, websiteId, { email: request.params.email }, 1);
      if (!row) throw new AppError('NOT_FOUND', 'No customer of this store has that email.');
      const rows = await ctx.db.selectFrom('orders').selectAll().where('website_id', '=', websiteId).where(sql<string>`lower(email)`, '=', row.email).orderBy('order_number', 'desc').limit(200).execute();
      return { customer: customerOf(row), orders: await Promise.all(rows.map((order) => checkout.toOrder(order))) };
    },
  );

  // Erasure: cart's own data at once (the screen changes on the answer), then every service
  // (cart again, idempotently) through privacy.customer.erased. Logged without the email.
  app.post(
    '/api/commerce/store/customers/erase',
    ownerRoute(Permission.STORE_MANAGE, { schema: { summary: "Erase a customer's personal data from every service", body: EraseCustomerRequest, response: { 200: z.object({ erasure: Erasure }) } } }),
    async (request) => {
      const websiteId = websiteIdOf(request);
      const identity = identityOf(request);
      const email = request.body.email.trim().toLowerCase();
      const erasure = { id: randomUUID(), websiteId, requestedBy: identity.ownerId ?? identity.apiKeyId ?? 'unknown', requestedAt: new Date().toISOString() };
      await ctx.transaction(async (trx) => {
        await trx.insertInto('erasures').values({ id: erasure.id, website_id: websiteId, requested_by: erasure.requestedBy, requested_at: erasure.requestedAt, email_sha256: erasedDigest(websiteId, email) }).execute();
        await eraseCartCustomer(trx, websiteId, email);
        await eraseEmail(trx as unknown as Transaction<unknown>, ctx.name, websiteId, email);
        await enqueueEvent(trx, 'privacy.customer.erased', websiteId, { erasureId: erasure.id, email });
      });
      request.log.info({ erasureId: erasure.id, websiteId, requestedBy: erasure.requestedBy }, 'customer erasure requested');
      return { erasure };
    },
  );

  app.get(
    '/api/commerce/store/erasures',
    ownerRoute(Permission.STORE_READ, { schema: { summary: 'The customer erasures asked for, and where each stands', response: { 200: z.object({ erasures: z.array(Erasure) }) } } }),
    async (request) => {
      const rows = await ctx.db.selectFrom('erasures').selectAll().where('website_id', '=', websiteIdOf(request)).orderBy('requested_at', 'desc').limit(200).execute();
      return { erasures: rows.map((r) => ({ id: r.id, websiteId: r.website_id, requestedBy: r.requested_by, requestedAt: new Date(r.requested_at).toISOString() })) };
    },
  );

  app.get('/api/commerce/store/exports/customers.csv', ownerRoute(Permission.STORE_READ, { schema: { summary: "The store's customers as CSV" } }), async (request, reply) => {
    const websiteId = websiteIdOf(request);
    const PAGE = 1_000;
    const day = (iso: string | null) => iso ?? '';
    async function* rows(): AsyncGenerator<CsvCell[]> {
      yield CUSTOMER_COLUMNS;
      let after: string | undefined;
      for (;;) {
        const page = await listCustomers(ctx.db, websiteId, after === undefined ? {} : { after }, PAGE);
        for (const r of page.map(customerOf)) {
          const extra = [r.account ? 'yes' : 'no', r.newsletter ?? '', r.subscription ?? ''];
          if (r.totals.length === 0) yield [r.email, r.name, r.orders, '', '', day(r.firstOrderAt), day(r.lastOrderAt), ...extra];
          for (const t of r.totals) yield [r.email, r.name, r.orders, t.currency, amount(t.spentCents, t.currency), day(r.firstOrderAt), day(r.lastOrderAt), ...extra];
        }
        if (page.length < PAGE) return;
        after = page.at(-1)?.email;
      }
    }
    return sendCsv(reply, `customers-${new Date().toISOString().slice(0, 10)}.csv`, rows());
  });
}
