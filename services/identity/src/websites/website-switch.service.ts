// The website switcher: the websites an owner is a member of, and moving the owner's sign-in to
// one of them. Owner cookies belong to the host that set them and a request's website is its
// Host, so the switch hands the browser a one-time token (60 seconds, stored hashed, bound to the
// website) that the admin app on the other website's domain redeems for a session of its own.
import { AppError, type ServiceContext } from '@sc/platform';
import { OwnerWebsiteMessages, type OwnerWebsite, type WebsiteHandoff } from '@sc/contracts';
import { websitesOfMemberships } from '../domain/memberships.js';
import { newSessionToken, sha256 } from '../domain/tokens.js';
import type { IdentityDB } from '../tables.js';
import { rolesOf } from '../owners/owner.repository.js';
import { findLiveSession } from '../sessions/session.repository.js';
import { startOwnerSession, type NewSession } from '../sessions/session.service.js';
import type { IdentitySettings } from '../config.js';
import { deleteExpiredHandoffs, insertHandoff, membershipsOf, takeHandoff } from './website.repository.js';

/** How long a hand-off token may wait for its redemption: a redirect's time, not more. */
export const HANDOFF_TTL_MS = 60_000;

export class WebsiteSwitchService {
  readonly #ctx: ServiceContext<IdentityDB>;
  readonly #settings: IdentitySettings;

  constructor(ctx: ServiceContext<IdentityDB>, settings: IdentitySettings) {
    this.#ctx = ctx;
    this.#settings = settings;
  }

  /** The websites the owner holds any role on, with those roles. */
  async websitesOf(ownerId: string): Promise<OwnerWebsite[]> {
    const rows = await membershipsOf(this.#ctx.db, ownerId);
    return websitesOfMemberships(
      rows.map((row) => ({ websiteId: row.website_id, role: row.role, title: row.title, domains: row.domains })),
    );
  }

  /** A hand-off to another website of the owner; it keeps the "remember me" of the current session. */
  async handoff(ownerId: string, websiteId: string, sessionToken: string | undefined): Promise<WebsiteHandoff> {
    if ((await rolesOf(this.#ctx.db, websiteId, ownerId)).length === 0) throw new AppError('NOT_FOUND', OwnerWebsiteMessages.notAMember);
    const website = (await this.websitesOf(ownerId)).find((w) => w.id === websiteId);
    const domain = website?.domains[0];
    if (!domain) throw new AppError('CONFLICT', OwnerWebsiteMessages.noDomain);
    const current = sessionToken ? await findLiveSession(this.#ctx.db, 'owner', sha256(sessionToken)) : undefined;
    const token = newSessionToken();
    const expiresAt = new Date(Date.now() + HANDOFF_TTL_MS);
    await deleteExpiredHandoffs(this.#ctx.db);
    await insertHandoff(this.#ctx.db, { tokenHash: sha256(token), ownerId, websiteId, remember: current?.remember ?? false, expiresAt });
    return { websiteId, domain, token, expiresAt: expiresAt.toISOString() };
  }

  /** Redeems a hand-off on its website: a new owner session for this browser (the token is gone after). */
  async redeem(token: string, websiteId: string, previousToken: string | undefined): Promise<NewSession & { ownerId: string }> {
    return this.#ctx.transaction(async (trx) => {
      const handoff = await takeHandoff(trx, sha256(token), websiteId);
      if (!handoff) throw new AppError('UNAUTHORIZED', OwnerWebsiteMessages.handoffInvalid);
      const session = await startOwnerSession(trx, this.#settings, {
        ownerId: handoff.owner_id,
        remember: handoff.remember,
        previousToken,
      });
      return { ...session, ownerId: handoff.owner_id };
    });
  }
}
