// The store's customers, as the admin lists them, from the customers read model (migration 0008,
// fed by events: consumers/customers.consumer.ts): everyone who bought (paid orders, test-mode ones
// included: a store still in test mode has its test buyers) or made an account, by email: name,
// orders, total spent (less refunds, per currency), first and last order, account, newsletter
// consent and subscription status; searchable by email or name; one customer's orders (cart's own orders table); the same
// list as a streamed CSV; and erasure (a privacy request), logged, announced to every service.
import { CustomerListQuery, EraseCustomerRequest, Erasure, Permission, StoreCustomerList, type StoreCustomer } from '@sc/contracts';
import { AppError, decodeCursor, identityOf, ownerRoute, sendCsv, toPage, websiteIdOf, type CsvCell, type ZodApp } from '@sc/platform';
import { z } from 'zod';
import type { CartModule } from '../module.js';
import type { CustomerRow } from './customers.repository.js';
import { amount } from '../shared/money.js';

export const CUSTOMER_COLUMNS = [
  'Email',
  'Name',
  'Orders',
  'Currency',
  'Total spent',
  'First order',
  'Last order',
  'Account',
  'Newsletter',
  'Subscription',
];

const customerOf = (row: CustomerRow): StoreCustomer => ({
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

export function customerRoutes(app: ZodApp, parts: Pick<CartModule, 'customers'>): void {
  const { customers } = parts;
  app.get(
    '/api/commerce/store/customers',
    ownerRoute(Permission.STORE_READ, {
      schema: {
        summary: "The store's customers: account, newsletter and subscription of each, searchable",
        querystring: CustomerListQuery,
        response: { 200: StoreCustomerList },
      },
    }),
    async (request) => {
      const { q, limit, cursor, sort, dir } = request.query;
      // Pages by (column, email); the cursor names its sort, so one from another sort is a 400.
      const by = sort ?? 'email';
      const direction = dir ?? (by === 'orders' ? 'desc' : 'asc');
      const scope = `customers:${by}:${direction}`;
      const after = cursor ? decodeCursor(cursor, scope, by === 'orders' ? 'number' : 'string') : undefined;
      const rows = await customers.list(websiteIdOf(request), { q, sort: { by, dir: direction, after } }, limit + 1);
      const page = toPage(rows, limit, (row) => ({ key: by === 'orders' ? row.orders : row.email, id: row.email }), {
        scope,
        map: customerOf,
      });
      return { customers: page.items, hasNextPage: page.hasNextPage, nextPageCursor: page.nextPageCursor };
    },
  );

  app.get(
    '/api/commerce/store/customers/:email',
    ownerRoute(Permission.STORE_READ, {
      schema: { summary: 'One customer with their orders', params: z.object({ email: z.string().min(3).max(320) }).strict() },
    }),
    async (request) => {
      const found = await customers.withOrders(websiteIdOf(request), request.params.email);
      if (!found) throw new AppError('NOT_FOUND', 'No customer of this store has that email.');
      return { customer: customerOf(found.customer), orders: found.orders };
    },
  );

  // Erasure: cart's own data at once (the screen changes on the answer), then every service
  // (cart again, idempotently) through privacy.customer.erased. Logged without the email.
  app.post(
    '/api/commerce/store/customers/erase',
    ownerRoute(Permission.STORE_MANAGE, {
      schema: {
        summary: "Erase a customer's personal data from every service",
        body: EraseCustomerRequest,
        response: { 200: z.object({ erasure: Erasure }) },
      },
    }),
    async (request) => {
      const websiteId = websiteIdOf(request);
      const identity = identityOf(request);
      const email = request.body.email.trim().toLowerCase();
      const erasure = await customers.erase(websiteId, email, identity.ownerId ?? identity.apiKeyId ?? 'unknown');
      request.log.info({ erasureId: erasure.id, websiteId, requestedBy: erasure.requestedBy }, 'customer erasure requested');
      return { erasure };
    },
  );

  app.get(
    '/api/commerce/store/erasures',
    ownerRoute(Permission.STORE_READ, {
      schema: {
        summary: 'The customer erasures asked for, and where each stands',
        response: { 200: z.object({ erasures: z.array(Erasure) }) },
      },
    }),
    async (request) => ({ erasures: await customers.erasures(websiteIdOf(request)) }),
  );

  app.get(
    '/api/commerce/store/exports/customers.csv',
    ownerRoute(Permission.STORE_READ, { schema: { summary: "The store's customers as CSV" } }),
    async (request, reply) => {
      const websiteId = websiteIdOf(request);
      const PAGE = 1_000;
      const day = (iso: string | null) => iso ?? '';
      async function* rows(): AsyncGenerator<CsvCell[]> {
        yield CUSTOMER_COLUMNS;
        let after: string | undefined;
        for (;;) {
          const page = await customers.list(websiteId, after === undefined ? {} : { after }, PAGE);
          for (const r of page.map(customerOf)) {
            const extra = [r.account ? 'yes' : 'no', r.newsletter ?? '', r.subscription ?? ''];
            if (r.totals.length === 0) yield [r.email, r.name, r.orders, '', '', day(r.firstOrderAt), day(r.lastOrderAt), ...extra];
            for (const t of r.totals)
              yield [
                r.email,
                r.name,
                r.orders,
                t.currency,
                amount(t.spentCents, t.currency),
                day(r.firstOrderAt),
                day(r.lastOrderAt),
                ...extra,
              ];
          }
          if (page.length < PAGE) return;
          after = page.at(-1)?.email;
        }
      }
      return sendCsv(reply, `customers-${new Date().toISOString().slice(0, 10)}.csv`, rows());
    },
  );
}
