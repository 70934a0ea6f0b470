// Starting and ending sessions. A site user's session change and its event
// (identity.session.started / .ended, consumed by cart) commit in one transaction.
import type { Kysely, Transaction } from 'kysely';
import { enqueueEvent } from '@sc/platform';
import { newCartToken, newSessionToken, newXsrfToken, sha256 } from '../domain/tokens.js';
import type { IdentityDB } from '../tables.js';
import { deleteSession, findLiveSession, insertSession, type SessionRow } from './session.repository.js';
import type { IdentitySettings } from '../config.js';

type Trx = Transaction<IdentityDB>;

export interface NewSession {
  token: string;
  xsrfToken: string | null;
  remember: boolean;
  /** The cookie's lifetime: undefined for a browser-session cookie. */
  cookieMaxAgeMs: number | undefined;
}

function lifetime(settings: IdentitySettings, remember: boolean): { expiresAt: Date; cookieMaxAgeMs: number | undefined } {
  return remember
    ? { expiresAt: new Date(Date.now() + settings.rememberMs), cookieMaxAgeMs: settings.rememberMs }
    : { expiresAt: new Date(Date.now() + settings.sessionMs), cookieMaxAgeMs: undefined };
}

/**
 * Signs a site user in: ends the browser's previous site-user session (if any), stores the new
 * one and announces it with the guest cart's token so cart can merge that cart into the user's.
 */
export async function startSiteUserSession(
  trx: Trx,
  settings: IdentitySettings,
  input: { websiteId: string; siteUserId: string; remember: boolean; previousToken: string | undefined; cartToken: string | null },
): Promise<NewSession> {
  if (input.previousToken) await endSiteUserSession(trx, input.websiteId, input.previousToken, false);
  const token = newSessionToken();
  const xsrfToken = newXsrfToken();
  const { expiresAt, cookieMaxAgeMs } = lifetime(settings, input.remember);
  await insertSession(trx, {
    tokenHash: sha256(token),
    kind: 'site-user',
    subjectId: input.siteUserId,
    websiteId: input.websiteId,
    xsrfToken,
    remember: input.remember,
    expiresAt,
  });
  await enqueueEvent(trx, 'identity.session.started', input.websiteId, { siteUserId: input.siteUserId, cartToken: input.cartToken });
  return { token, xsrfToken, remember: input.remember, cookieMaxAgeMs };
}

export interface EndedSession {
  siteUserId: string;
  /** The visitor's new guest cart token when the cart is cloned. */
  guestCartToken: string | null;
}

/** Signs a site user out; undefined when the token had no session on this website. */
export async function endSiteUserSession(
  trx: Trx,
  websiteId: string,
  token: string,
  cloneCart: boolean,
): Promise<EndedSession | undefined> {
  const session = await deleteSession(trx, 'site-user', sha256(token));
  if (!session || session.website_id !== websiteId || new Date(session.expires_at) <= new Date()) return undefined;
  const guestCartToken = cloneCart ? newCartToken() : null;
  await enqueueEvent(trx, 'identity.session.ended', websiteId, { siteUserId: session.subject_id, cloneCart, guestCartToken });
  return { siteUserId: session.subject_id, guestCartToken };
}

/** The live site-user session of this token on this website. */
export async function liveSiteUserSession(db: Kysely<IdentityDB> | Trx, websiteId: string, token: string): Promise<SessionRow | undefined> {
  const session = await findLiveSession(db, 'site-user', sha256(token));
  return session && session.website_id === websiteId ? session : undefined;
}

/** Signs an owner in (owner sessions belong to no website: roles are looked up per request). */
export async function startOwnerSession(
  trx: Trx,
  settings: IdentitySettings,
  input: { ownerId: string; remember: boolean; previousToken: string | undefined },
): Promise<NewSession> {
  if (input.previousToken) await deleteSession(trx, 'owner', sha256(input.previousToken));
  const token = newSessionToken();
  const { expiresAt, cookieMaxAgeMs } = lifetime(settings, input.remember);
  await insertSession(trx, {
    tokenHash: sha256(token),
    kind: 'owner',
    subjectId: input.ownerId,
    websiteId: null,
    xsrfToken: null,
    remember: input.remember,
    expiresAt,
  });
  return { token, xsrfToken: null, remember: input.remember, cookieMaxAgeMs };
}
