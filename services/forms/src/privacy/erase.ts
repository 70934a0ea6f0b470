// Forms' part of erasing a customer: their newsletter subscriptions and every submission that
// names their email go (the platform's eraseEmail then scrubs what is left).
import { emailPattern } from '@sc/platform';
import { sql, type Transaction } from 'kysely';
import type { FormsDB } from '../tables.js';

export async function eraseFormsCustomer(trx: Transaction<FormsDB>, websiteId: string, email: string): Promise<void> {
  const normalized = email.toLowerCase();
  await trx.deleteFrom('subscribers').where('website_id', '=', websiteId).where('email_normalized', '=', normalized).execute();
  const pattern = emailPattern(normalized);
  await trx
    .deleteFrom('submissions')
    .where('website_id', '=', websiteId)
    .where((eb) => eb.or([eb(sql<string>`"values"::text`, '~*', pattern), eb('search_text', '~*', pattern)]))
    .execute();
}
