// Cart's part of erasing a customer (privacy request): orders keep their totals and lines for the
// books but lose the buyer (email, name, street, city, postcode; country and region stay for tax);
// subscriptions and gift cards lose the address; the customers read model forgets them. The
// platform's eraseEmail then deletes mail to them and replaces the email wherever else it is
// (carts, idempotency responses, outbox events).
import { createHash } from 'node:crypto';
import { ERASED_EMAIL, ERASED_NAME } from '@sc/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { CartDB } from '../tables.js';
import { deleteCustomer } from './customers.repository.js';

type Db = Kysely<CartDB> | Transaction<CartDB>;

/** How the erasure log names an erased email: a digest, never the address. */
export function erasedDigest(websiteId: string, email: string): string {
  return createHash('sha256').update(`${websiteId}:${email.trim().toLowerCase()}`).digest('hex');
}

/**
 * Was this email erased on this website after `occurredAt`? An event from before the erasure
 * delivered again (a read-model rebuild) must not list the customer again; a later order does.
 */
export async function erasedSince(db: Db, websiteId: string, email: string, occurredAt: string): Promise<boolean> {
  const row = await db
    .selectFrom('erasures')
    .select('id')
    .where('website_id', '=', websiteId)
    .where('email_sha256', '=', erasedDigest(websiteId, email))
    .where('requested_at', '>=', new Date(occurredAt))
    .executeTakeFirst();
  return row !== undefined;
}

/** Cart's erasure rules (run in the erasure's transaction, before the scrub). */
export async function eraseCartCustomer(trx: Db, websiteId: string, email: string): Promise<void> {
  const normalized = email.trim().toLowerCase();
  const byEmail = sql<string>`lower(email)`;
  await trx
    .updateTable('orders')
    .set({
      email: ERASED_EMAIL,
      shipping_address: sql`case when shipping_address is null then null else jsonb_strip_nulls(jsonb_build_object(
        'name', ${ERASED_NAME}::text, 'line1', '-'::text, 'city', '-'::text,
        'region', shipping_address->'region', 'country', shipping_address->'country')) end`,
    })
    .where('website_id', '=', websiteId)
    .where(byEmail, '=', normalized)
    .execute();
  await trx
    .updateTable('subscriptions')
    .set({ email: ERASED_EMAIL })
    .where('website_id', '=', websiteId)
    .where(byEmail, '=', normalized)
    .execute();
  await trx
    .updateTable('gift_cards')
    .set({ recipient_email: null, note: null })
    .where('website_id', '=', websiteId)
    .where(sql<string>`lower(recipient_email)`, '=', normalized)
    .execute();
  await deleteCustomer(trx, websiteId, normalized);
}
