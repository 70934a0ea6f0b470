// Content's part of erasing a customer: their comments stay (a thread keeps its shape) but are
// anonymised: no author email, the author's name replaced (the platform's eraseEmail then scrubs
// the email wherever else it is, comment bodies included).
import { ERASED_NAME } from '@sc/contracts';
import { sql, type Transaction } from 'kysely';
import type { ContentDB } from '../tables.js';

export async function eraseContentCustomer(trx: Transaction<ContentDB>, websiteId: string, email: string): Promise<void> {
  await trx
    .updateTable('comments')
    .set({ author_email: null, author_name: ERASED_NAME })
    .where('website_id', '=', websiteId)
    .where(sql<string>`lower(author_email)`, '=', email.toLowerCase())
    .execute();
}
