// Cart's part of erasing a customer (privacy request): orders keep their totals and lines for the
// books but lose the buyer (email, name, street, city, postcode; country and region stay for tax);
// subscriptions and gift cards lose the address; the customers read model forgets them. The
// platform's eraseEmail then deletes mail to them and replaces the email wherever else it is
// (carts, idempotency responses, outbox events).
import { ERASED_EMAIL, ERASED_NAME } from '@sc/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { CartDB } from '../cart.table.js';
import { deleteCustomer } from './customers.repository.js';

type Db = Kysely<CartDB> | Transaction<CartDB>;

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
  await trx.updateTable('subscriptions').set({ email: ERASED_EMAIL }).where('website_id', '=', websiteId).where(byEmail, '=', normalized).execute();
  await trx
    .updateTable('gift_cards')
    .set({ recipient_email: null, note: null })
    .where('website_id', '=', websiteId)
    .where(sql<string>`lower(recipient_email)`, '=', normalized)
    .execute();
  await deleteCustomer(trx, websiteId, normalized);
}
