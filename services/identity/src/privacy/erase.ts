// Identity's part of erasing a customer: the site-user account of that email on that website goes,
// with its sessions and account tokens, and any sign-up of that email still waiting for its link
// (the token keeps the address and name; the platform's eraseEmail then scrubs what is left).
import type { Transaction } from 'kysely';
import type { IdentityDB } from '../tables.js';

export async function eraseSiteUser(trx: Transaction<IdentityDB>, websiteId: string, email: string): Promise<void> {
  const users = await trx
    .selectFrom('site_users')
    .select('id')
    .where('website_id', '=', websiteId)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .execute();
  await trx
    .deleteFrom('account_tokens')
    .where('purpose', '=', 'sign-up')
    .where('kind', '=', 'site-user')
    .where('website_id', '=', websiteId)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .execute();
  const ids = users.map((u) => u.id);
  if (ids.length === 0) return;
  await trx.deleteFrom('sessions').where('kind', '=', 'site-user').where('subject_id', 'in', ids).execute();
  await trx.deleteFrom('account_tokens').where('subject_id', 'in', ids).execute();
  await trx.deleteFrom('site_users').where('website_id', '=', websiteId).where('id', 'in', ids).execute();
}
