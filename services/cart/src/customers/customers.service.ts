// The store's customers as use cases: the list and one customer with their orders (the customers
// read model and cart's own orders), the CSV pages, and erasure: cart's own data at once, then
// every service (cart again, idempotently) through privacy.customer.erased.
import { randomUUID } from 'node:crypto';
import type { Erasure, Order } from '@sc/contracts';
import { enqueueEvent, eraseEmail, type ServiceContext, withTables } from '@sc/platform';
import type { CartDB } from '../tables.js';
import type { OrderService } from '../orders/orders.service.js';
import { insertErasure, listCustomers, listErasures, ordersByEmail, type CustomerRow } from './customers.repository.js';
import { eraseCartCustomer, erasedDigest } from './erase.js';

export class CustomerService {
  readonly #ctx: ServiceContext<CartDB>;
  readonly #orders: OrderService;

  constructor(ctx: ServiceContext<CartDB>, orders: OrderService) {
    this.#ctx = ctx;
    this.#orders = orders;
  }

  list(websiteId: string, filter: Parameters<typeof listCustomers>[2], limit: number): Promise<CustomerRow[]> {
    return listCustomers(this.#ctx.db, websiteId, filter, limit);
  }

  /** One customer and their latest 200 orders; undefined when no customer has the email. */
  async withOrders(websiteId: string, email: string): Promise<{ customer: CustomerRow; orders: Order[] } | undefined> {
    const [row] = await listCustomers(this.#ctx.db, websiteId, { email }, 1);
    if (!row) return undefined;
    const rows = await ordersByEmail(this.#ctx.db, websiteId, row.email, 200);
    return { customer: row, orders: await Promise.all(rows.map((order) => this.#orders.toOrder(order))) };
  }

  async erase(websiteId: string, email: string, requestedBy: string): Promise<Erasure> {
    const erasure = { id: randomUUID(), websiteId, requestedBy, requestedAt: new Date().toISOString() };
    await this.#ctx.transaction(async (trx) => {
      await insertErasure(trx, { ...erasure, emailSha256: erasedDigest(websiteId, email) });
      await eraseCartCustomer(trx, websiteId, email);
      await eraseEmail(withTables<unknown>(trx), this.#ctx.name, websiteId, email);
      await enqueueEvent(trx, 'privacy.customer.erased', websiteId, { erasureId: erasure.id, email });
    });
    return erasure;
  }

  async erasures(websiteId: string): Promise<Erasure[]> {
    const rows = await listErasures(this.#ctx.db, websiteId, 200);
    return rows.map((r) => ({
      id: r.id,
      websiteId: r.website_id,
      requestedBy: r.requested_by,
      requestedAt: new Date(r.requested_at).toISOString(),
    }));
  }
}
