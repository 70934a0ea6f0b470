// What the mailed links need: the account an address names, the tokens (stored as SHA-256, used
// once by one conditional UPDATE), the password and verification they change, and the website
// the mail speaks for.
import { sql, type Kysely, type Transaction } from 'kysely';
import { withTables, type MailTables } from '@sc/platform';
import { newSessionToken, sha256 } from '../domain/tokens.js';
import type { AccountTokensTable, IdentityDB } from '../tables.js';

type Db = Kysely<IdentityDB> | Transaction<IdentityDB>;
export type AccountKind = AccountTokensTable['kind'];
export type TokenPurpose = AccountTokensTable['purpose'];

export class AccountMailRepository {
  constructor(private readonly db: Db) {}

  /** The same queries inside a transaction. */
  with(trx: Db): AccountMailRepository {
    return new AccountMailRepository(trx);
  }

  /** The account of this kind with this email (site users: on this website). */
  async accountOf(kind: AccountKind, websiteId: string, email: string): Promise<{ id: string; email: string } | undefined> {
    return kind === 'site-user'
      ? this.db
          .selectFrom('site_users')
          .select(['id', 'email'])
          .where('website_id', '=', websiteId)
          .where('email', '=', email)
          .executeTakeFirst()
      : this.db.selectFrom('owners').select(['id', 'email']).where('email', '=', email).executeTakeFirst();
  }

  /** Reset links issued to the account in the last hour. */
  async resetsInLastHour(kind: AccountKind, subjectId: string): Promise<number> {
    const recent = await this.db
      .selectFrom('account_tokens')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', kind)
      .where('subject_id', '=', subjectId)
      .where('purpose', '=', 'password-reset')
      .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
      .executeTakeFirstOrThrow();
    return Number(recent.n);
  }

  /** A new token (its hash stored with the expiry); answers the token itself. */
  async issue(purpose: TokenPurpose, kind: AccountKind, subjectId: string, websiteId: string | null, ttlMs: number): Promise<string> {
    const token = newSessionToken();
    await this.db
      .insertInto('account_tokens')
      .values({
        token_hash: sha256(token),
        purpose,
        kind,
        subject_id: subjectId,
        website_id: websiteId,
        expires_at: new Date(Date.now() + ttlMs),
      })
      .execute();
    return token;
  }

  /** Sign-up links issued for this address in the last hour (the mail flood limit). */
  async signUpsInLastHour(kind: AccountKind, email: string): Promise<number> {
    const recent = await this.db
      .selectFrom('account_tokens')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('purpose', '=', 'sign-up')
      .where('kind', '=', kind)
      .where('email', '=', email)
      .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
      .executeTakeFirstOrThrow();
    return Number(recent.n);
  }

  /** Mails of this kind queued to the address in the last hour (the outbox keeps every mail). */
  async mailsInLastHour(mailKind: string, to: string): Promise<number> {
    const recent = await withTables<MailTables>(this.db)
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('to_address', '=', to)
      .where('kind', '=', mailKind)
      .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
      .executeTakeFirstOrThrow();
    return Number(recent.n);
  }

  /** A waiting sign-up: its token carries the account to make (subject_id is the account's id). */
  async issueSignUp(
    kind: AccountKind,
    websiteId: string | null,
    account: { id: string; email: string; name: string | null; passwordHash: string },
    ttlMs: number,
  ): Promise<string> {
    // Expired sign-ups of the address go first: their password hashes are kept no longer than needed.
    await this.db
      .deleteFrom('account_tokens')
      .where('purpose', '=', 'sign-up')
      .where('kind', '=', kind)
      .where('email', '=', account.email)
      .where('expires_at', '<=', sql<Date>`now()`)
      .execute();
    const token = newSessionToken();
    await this.db
      .insertInto('account_tokens')
      .values({
        token_hash: sha256(token),
        purpose: 'sign-up',
        kind,
        subject_id: account.id,
        website_id: websiteId,
        email: account.email,
        name: account.name,
        password_hash: account.passwordHash,
        expires_at: new Date(Date.now() + ttlMs),
      })
      .execute();
    return token;
  }

  /**
   * Uses a sign-up token once: the account it makes, when the token is known and unexpired. One
   * DELETE takes the token and every other sign-up waiting for that address (so no password hash
   * or name outlives the sign-up): two links used at once lock the same rows in the same order,
   * and the second finds its token gone.
   */
  async useSignUp(kind: AccountKind, token: string, websiteId: string | null) {
    const hash = sha256(token);
    let address = this.db
      .selectFrom('account_tokens')
      .select('email')
      .where('token_hash', '=', hash)
      .where('purpose', '=', 'sign-up')
      .where('kind', '=', kind)
      .where('expires_at', '>', sql<Date>`now()`);
    address = websiteId === null ? address.where('website_id', 'is', null) : address.where('website_id', '=', websiteId);
    let query = this.db.deleteFrom('account_tokens').where('purpose', '=', 'sign-up').where('kind', '=', kind).where('email', '=', address);
    query = websiteId === null ? query.where('website_id', 'is', null) : query.where('website_id', '=', websiteId);
    const taken = await query.returning(['token_hash', 'subject_id', 'email', 'name', 'password_hash']).execute();
    return taken.find((row) => row.token_hash === hash);
  }

  /** A waiting sign-up by its token, without using it: the address and the password hash to check. */
  async pendingSignUp(kind: AccountKind, token: string, websiteId: string | null) {
    const query = this.db
      .selectFrom('account_tokens')
      .select(['email', 'password_hash'])
      .where('token_hash', '=', sha256(token))
      .where('purpose', '=', 'sign-up')
      .where('kind', '=', kind)
      .where('expires_at', '>', sql<Date>`now()`);
    return (websiteId === null ? query.where('website_id', 'is', null) : query.where('website_id', '=', websiteId)).executeTakeFirst();
  }

  /**
   * Counts a wrong password given with a sign-up link (one atomic increment); at `maxTries` the
   * row is deleted, so the link is spent. Answers whether it was.
   */
  async failSignUp(kind: AccountKind, token: string, websiteId: string | null, maxTries: number): Promise<boolean> {
    const hash = sha256(token);
    const query = this.db
      .updateTable('account_tokens')
      .set((eb) => ({ failed_tries: eb('failed_tries', '+', 1) }))
      .where('token_hash', '=', hash)
      .where('purpose', '=', 'sign-up')
      .where('kind', '=', kind);
    const counted = await (websiteId === null ? query.where('website_id', 'is', null) : query.where('website_id', '=', websiteId))
      .returning('failed_tries')
      .executeTakeFirst();
    if (!counted) return true;
    if (counted.failed_tries < maxTries) return false;
    await this.db.deleteFrom('account_tokens').where('token_hash', '=', hash).where('purpose', '=', 'sign-up').execute();
    return true;
  }

  /** Uses a token once: the row when it was unused, unexpired and of this purpose, kind and website. */
  async use(purpose: TokenPurpose, kind: AccountKind, token: string, websiteId: string | null) {
    return this.#useOnce(purpose, kind, token, websiteId).returning(['subject_id']).executeTakeFirst();
  }

  /** The one conditional UPDATE that uses a token: two uses at once cannot both succeed. */
  #useOnce(purpose: TokenPurpose, kind: AccountKind, token: string, websiteId: string | null) {
    const query = this.db
      .updateTable('account_tokens')
      .set({ used_at: sql<Date>`now()` })
      .where('token_hash', '=', sha256(token))
      .where('purpose', '=', purpose)
      .where('kind', '=', kind)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`);
    return websiteId === null ? query.where('website_id', 'is', null) : query.where('website_id', '=', websiteId);
  }

  /** The new password of the account; every session of it ends, and every reset link still out. */
  async replacePassword(kind: AccountKind, subjectId: string, passwordHash: string): Promise<void> {
    if (kind === 'site-user') {
      await this.db
        .updateTable('site_users')
        .set({ password_hash: passwordHash, updated_at: sql<Date>`now()` })
        .where('id', '=', subjectId)
        .execute();
    } else {
      await this.db
        .updateTable('owners')
        .set({ password_hash: passwordHash, updated_at: sql<Date>`now()` })
        .where('id', '=', subjectId)
        .execute();
    }
    await this.db.deleteFrom('sessions').where('kind', '=', kind).where('subject_id', '=', subjectId).execute();
    await this.db
      .updateTable('account_tokens')
      .set({ used_at: sql<Date>`now()` })
      .where('kind', '=', kind)
      .where('subject_id', '=', subjectId)
      .where('purpose', '=', 'password-reset')
      .where('used_at', 'is', null)
      .execute();
  }

  async markEmailVerified(websiteId: string, siteUserId: string): Promise<void> {
    await this.db
      .updateTable('site_users')
      .set({ email_verified_at: sql<Date>`now()` })
      .where('id', '=', siteUserId)
      .where('website_id', '=', websiteId)
      .execute();
  }

  /** The website's title and domains (the read model content's events keep). */
  async websiteOf(websiteId: string): Promise<{ title: string; domains: string[] } | undefined> {
    return this.db.selectFrom('websites').select(['title', 'domains']).where('id', '=', websiteId).executeTakeFirst();
  }
}
