// Restock's part of erasing a customer: their back-in-stock signups go (the platform's eraseEmail
// then deletes mail to them and scrubs what is left).
import type { Transaction } from 'kysely';
import type { RestockDB } from '../tables.js';

export async function eraseRestockCustomer(trx: Transaction<RestockDB>, websiteId: string, email: string): Promise<void> {
  await trx.deleteFrom('signups').where('website_id', '=', websiteId).where('email_normalized', '=', email.toLowerCase()).execute();
}
