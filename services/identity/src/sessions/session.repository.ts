// Kysely queries on sessions. Tokens never reach this layer: only their SHA-256.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { IdentityDB, SessionKind, SessionsTable } from '../tables.js';

type Db = Kysely<IdentityDB> | Transaction<IdentityDB>;
export type SessionRow = Selectable<SessionsTable>;

/** Stores a session under its token's hash. */
export async function insertSession(
  db: Db,
  session: {
    tokenHash: string;
    kind: SessionKind;
    subjectId: string;
    websiteId: string | null;
    xsrfToken: string | null;
    remember: boolean;
    expiresAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      token_hash: session.tokenHash,
      kind: session.kind,
      subject_id: session.subjectId,
      website_id: session.websiteId,
      xsrf_token: session.xsrfToken,
      remember: session.remember,
      expires_at: session.expiresAt,
    })
    .execute();
}

/** The live (unexpired) session of this kind with this token hash. */
export async function findLiveSession(db: Db, kind: SessionKind, tokenHash: string): Promise<SessionRow | undefined> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('kind', '=', kind)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/** Deletes the session and answers it (undefined when there was none). */
export async function deleteSession(db: Db, kind: SessionKind, tokenHash: string): Promise<SessionRow | undefined> {
  return db.deleteFrom('sessions').where('token_hash', '=', tokenHash).where('kind', '=', kind).returningAll().executeTakeFirst();
}

/** Drops sessions past their expiry (run on each sign-in). */
export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('expires_at', '<=', sql<Date>`now()`)
    .execute();
}
