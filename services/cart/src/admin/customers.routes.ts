// The store's customers, as the admin lists them: everyone who bought (paid orders, test-mode
// ones included: a store still in test mode has its test buyers), by email: name (from their
// latest shipping address), orders, total spent (less refunds, per currency), first and last order; searchable by email or name; one customer's
// orders; and the same list as a streamed CSV. Built from the cart's own orders table (no other
// service's data): site-user accounts, newsletter consent and erasure are not part of it yet.
import { Permission } from '@sc/contracts';
import { AppError, ownerRoute, sendCsv, websiteIdOf, type CsvCell, type ServiceContext, type ZodApp } from '@sc/platform';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { CartDB } from '../cart.table.js';
import type { CheckoutService } from '../checkout/checkout.service.js';
import { amount } from './exports.routes.js';
import { SOLD_STATUSES } from './summary.routes.js';

export const CustomerListQuery = z.object({ q: z.string().trim().max(200).optional(), limit: z.coerce.number().int().min(1).max(200).default(50) }).strict();
export const Customer = z.object({
  email: z.string(),
  name: z.string().nullable(),
  orders: z.number().int(),
  totals: z.array(z.object({ currency: z.string(), spentCents: z.number().int() })),
  firstOrderAt: z.string(),
  lastOrderAt: z.string(),
});
export type Customer = z.infer<typeof Customer>;
export const CUSTOMER_COLUMNS = ['Email', 'Name', 'Orders', 'Currency', 'Total spent', 'First order', 'Last order'];

interface Row {
  email: string;
  currency: string;
  name: string | null;
  orders: string | number;
  spent: string | number;
  first: Date | string;
  last: Date | string;
}

/** Per customer and currency, ordered by email; `after` pages by the lower-cased email. */
function customerRows(db: Kysely<CartDB>, websiteId: string, filter: { q?: string | undefined; email?: string; after?: string }, limit: number) {
  let query = db
    .selectFrom('orders')
    .select([
      sql<string>`lower(email)`.as('email'),
      'currency',
      sql<string | null>`(array_agg(shipping_address->>'name' order by created_at desc) filter (where shipping_address is not null))[1]`.as('name'),
      sql<string | number>`count(*)`.as('orders'),
      sql<string | number>`sum(grand_total_cents - refunded_cents)`.as('spent'),
      sql<Date>`min(created_at)`.as('first'),
      sql<Date>`max(created_at)`.as('last'),
    ])
    .where('website_id', '=', websiteId)
    .where('status', 'in', [...SOLD_STATUSES, 'refunded'])
    .groupBy([sql`lower(email)`, 'currency']);
  if (filter.email) query = query.where(sql<string>`lower(email)`, '=', filter.email.toLowerCase());
  if (filter.after !== undefined) query = query.where(sql<string>`lower(email)`, '>', filter.after);
  if (filter.q) {
    const literal = `%${filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb(sql<string>`lower(email)`, 'like', literal), eb(sql<string>`lower(coalesce(shipping_address->>'name', ''))`, 'like', literal)]));
  }
  return query.orderBy(sql`lower(email)`).orderBy('currency').limit(limit).execute() as Promise<Row[]>;
}

/** Rows of one email (one per currency) folded into one customer each. */
function fold(rows: Row[]): Customer[] {
  const byEmail = new Map<string, Customer>();
  for (const row of rows) {
    const first = new Date(row.first).toISOString();
    const last = new Date(row.last).toISOString();
    const known = byEmail.get(row.email);
    if (!known) {
      byEmail.set(row.email, { email: row.email, name: row.name, orders: Number(row.orders), totals: [{ currency: row.currency, spentCents: Number(row.spent) }], firstOrderAt: first, lastOrderAt: last });
      continue;
    }
    known.orders += Number(row.orders);
    known.totals.push({ currency: row.currency, spentCents: Number(row.spent) });
    if (first < known.firstOrderAt) known.firstOrderAt = first;
    if (last > known.lastOrderAt) known.lastOrderAt = last;
    known.name ??= row.name;
  }
  return [...byEmail.values()];
}

export function customerRoutes(app: ZodApp, ctx: ServiceContext<CartDB>, checkout: CheckoutService): void {
  app.get(
    '/api/commerce/store/customers',
    ownerRoute(Permission.STORE_READ, { schema: { querystring: CustomerListQuery, response: { 200: z.object({ customers: z.array(Customer) }) } } }),
    async (request) => {
      const { q, limit } = request.query;
      // Most customers buy in one currency: a page of rows is about a page of customers.
      const customers = fold(await customerRows(ctx.db, websiteIdOf(request), { q }, limit * 2)).slice(0, limit);
      return { customers };
    },
  );

  app.get(
    '/api/commerce/store/customers/:email',
    ownerRoute(Permission.STORE_READ, { schema: { params: z.object({ email: z.string().min(3).max(320) }).strict() } }),
    async (request) => {
      const websiteId = websiteIdOf(request);
      const [customer] = fold(await customerRows(ctx.db, websiteId, { email: request.params.email }, 100));
      if (!customer) throw new AppError('NOT_FOUND', 'No customer of this store has that email.');
      const rows = await ctx.db.selectFrom('orders').selectAll().where('website_id', '=', websiteId).where(sql<string>`lower(email)`, '=', customer.email).orderBy('order_number', 'desc').limit(200).execute();
      return { customer, orders: await Promise.all(rows.map((row) => checkout.toOrder(row))) };
    },
  );

  app.get('/api/commerce/store/exports/customers.csv', ownerRoute(Permission.STORE_READ, {}), async (request, reply) => {
    const websiteId = websiteIdOf(request);
    const PAGE = 1_000;
    // Pages end on a whole email, so a customer's currencies are never split across two pages.
    async function* rows(): AsyncGenerator<CsvCell[]> {
      yield CUSTOMER_COLUMNS;
      let after: string | undefined;
      for (;;) {
        const page = await customerRows(ctx.db, websiteId, after === undefined ? {} : { after }, PAGE);
        const full = page.length === PAGE;
        const lastEmail = page.at(-1)?.email;
        const whole = full ? page.filter((r) => r.email !== lastEmail) : page;
        const shown = whole.length > 0 ? whole : page;
        for (const r of shown) yield [r.email, r.name, Number(r.orders), r.currency, amount(r.spent, r.currency), new Date(r.first).toISOString(), new Date(r.last).toISOString()];
        if (!full) return;
        after = shown.at(-1)?.email;
      }
    }
    return sendCsv(reply, `customers-${new Date().toISOString().slice(0, 10)}.csv`, rows());
  });
}
