// Subscriptions and their renewals. A renewal row per (subscription, cycle) is how replicas agree
// on who bills a cycle: its INSERT succeeds once.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { CartDB, SubscriptionRenewalsTable } from '../tables.js';
import type { SubscriptionRow } from '../orders/index.js';

type Db = Kysely<CartDB> | Transaction<CartDB>;
export type RenewalRow = Selectable<SubscriptionRenewalsTable>;

/** Active subscriptions whose next billing date has come, oldest due first. */
export async function dueSubscriptionIds(db: Db, now: Date, limit: number, websiteId?: string): Promise<string[]> {
  let query = db.selectFrom('subscriptions').select('id').where('status', '=', 'active').where('next_billing_at', '<=', now);
  if (websiteId) query = query.where('website_id', '=', websiteId);
  const rows = await query.orderBy('next_billing_at').orderBy('id').limit(limit).execute();
  return rows.map((r) => r.id);
}

/** The subscription under its row lock, or undefined when another replica holds it. */
export async function lockSubscription(trx: Transaction<CartDB>, id: string): Promise<SubscriptionRow | undefined> {
  return trx.selectFrom('subscriptions').selectAll().where('id', '=', id).forUpdate().skipLocked().executeTakeFirst();
}

/**
 * Claims a cycle: a new renewal row, or a failed one tried again (after the owner resumed the
 * subscription). Undefined when the cycle is someone else's or already billed.
 */
export async function claimCycle(
  trx: Transaction<CartDB>,
  row: { id: string; websiteId: string; subscriptionId: string; cycle: number; now: Date },
): Promise<RenewalRow | undefined> {
  return trx
    .insertInto('subscription_renewals')
    .values({
      id: row.id,
      website_id: row.websiteId,
      subscription_id: row.subscriptionId,
      cycle: row.cycle,
      status: 'charging',
      order_id: null,
      claimed_at: row.now,
    })
    .onConflict((oc) =>
      oc
        .columns(['subscription_id', 'cycle'])
        .doUpdateSet({ status: 'charging', order_id: null, claimed_at: row.now, attempts: sql<number>`subscription_renewals.attempts + 1` })
        .where('subscription_renewals.status', '=', 'failed'),
    )
    .returningAll()
    .executeTakeFirst();
}

/** Renewals left charging by a replica that stopped, claimed before `before`. */
export async function staleRenewals(db: Db, before: Date, limit: number, websiteId?: string): Promise<RenewalRow[]> {
  let query = db.selectFrom('subscription_renewals').selectAll().where('status', '=', 'charging').where('claimed_at', '<', before);
  if (websiteId) query = query.where('website_id', '=', websiteId);
  return query.orderBy('claimed_at').limit(limit).execute();
}

/** Takes a stale renewal over; only one replica's UPDATE matches. */
export async function reclaimRenewal(db: Db, id: string, before: Date, now: Date): Promise<RenewalRow | undefined> {
  return db
    .updateTable('subscription_renewals')
    .set({ claimed_at: now })
    .where('id', '=', id)
    .where('status', '=', 'charging')
    .where('claimed_at', '<', before)
    .returningAll()
    .executeTakeFirst();
}

export async function setRenewal(
  db: Db,
  id: string,
  patch: { status?: 'charging' | 'paid' | 'failed'; order_id?: string | null },
): Promise<void> {
  await db.updateTable('subscription_renewals').set(patch).where('id', '=', id).execute();
}

/** Records a billed cycle: only from the cycle before, so a repeat never bills twice. */
export async function advanceSubscription(trx: Transaction<CartDB>, id: string, cycle: number, next: Date | null): Promise<boolean> {
  const row = await trx
    .updateTable('subscriptions')
    .set({ cycles_billed: cycle, next_billing_at: next, status: next ? 'active' : 'completed' })
    .where('id', '=', id)
    .where('cycles_billed', '=', cycle - 1)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function setSubscriptionStatus(db: Db, id: string, status: string, from: string[]): Promise<boolean> {
  const row = await db
    .updateTable('subscriptions')
    .set({ status })
    .where('id', '=', id)
    .where('status', 'in', from)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function findSubscription(db: Db, websiteId: string, id: string): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('subscriptions').selectAll().where('website_id', '=', websiteId).where('id', '=', id).executeTakeFirst();
}

export interface SubscriptionFilter {
  status?: string | undefined;
  /** Part of the subscriber's email. */
  email?: string | undefined;
  beforeSeq?: number | undefined;
}

/** A website's subscriptions, newest first. */
export async function findSubscriptions(db: Db, websiteId: string, filter: SubscriptionFilter, limit: number): Promise<SubscriptionRow[]> {
  let query = db.selectFrom('subscriptions').selectAll().where('website_id', '=', websiteId);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.email) {
    const literal = filter.email.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
    query = query.where(sql<string>`lower(email)`, 'like', `%${literal}%`);
  }
  if (filter.beforeSeq !== undefined) query = query.where('seq', '<', filter.beforeSeq);
  return query.orderBy('seq', 'desc').limit(limit).execute();
}
