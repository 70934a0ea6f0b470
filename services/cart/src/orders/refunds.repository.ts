// The refunds of orders: each reserves its amount on the order's refunded total first, so two
// refunds at once can never give back more than was paid (payments/refunds.service.ts).
import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { CartDB } from '../tables.js';

type Db = Kysely<CartDB> | Transaction<CartDB>;

export type RefundRow = Selectable<CartDB['refunds']>;

export async function insertRefund(trx: Transaction<CartDB>, row: Insertable<CartDB['refunds']>): Promise<RefundRow> {
  return trx.insertInto('refunds').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The refunds of an order that count: done or under way. */
export async function liveRefundsOfOrder(db: Db, orderId: string): Promise<RefundRow[]> {
  return db
    .selectFrom('refunds')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', '<>', 'failed')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function setRefundStatus(
  db: Db,
  refundId: string,
  status: 'succeeded' | 'failed',
  providerReference: string | null,
): Promise<void> {
  await db.updateTable('refunds').set({ status, provider_reference: providerReference }).where('id', '=', refundId).execute();
}

/** Moves an order's refunded total (a refund reserving its amount, or a failed one giving it back). */
export async function addRefunded(db: Db, orderId: string, cents: number, status?: string): Promise<void> {
  await db
    .updateTable('orders')
    .set({ refunded_cents: sql<number>`refunded_cents + ${cents}`, ...(status ? { status } : {}) })
    .where('id', '=', orderId)
    .execute();
}
