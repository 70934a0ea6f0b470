// What the gateway asks once per request (and caches briefly): which site user, owner and API
// key the request's credentials stand for on its website. Unknown, expired, revoked or
// other-website credentials resolve to null.
import type { ServiceContext } from '@sc/platform';
import { permissionsOfRoles, type Permission, type ResolveCredentials, type ResolvedCredentials, type Role } from '@sc/contracts';
import { findActiveApiKey, touchApiKey } from '../api-keys/api-key.repository.js';
import { sha256 } from '../domain/tokens.js';
import type { IdentityDB } from '../tables.js';
import { rolesOf } from '../owners/owner.repository.js';
import { findLiveSession } from '../sessions/session.repository.js';
import { liveSiteUserSession } from '../sessions/session.service.js';

export class ResolveService {
  readonly #ctx: ServiceContext<IdentityDB>;

  constructor(ctx: ServiceContext<IdentityDB>) {
    this.#ctx = ctx;
  }

  async resolve(credentials: ResolveCredentials): Promise<ResolvedCredentials> {
    const [siteUser, owner, apiKey] = await Promise.all([
      this.#siteUser(credentials.websiteId, credentials.siteUserSession),
      this.#owner(credentials.websiteId, credentials.ownerSession),
      this.#apiKey(credentials.websiteId, credentials.apiKey),
    ]);
    return { siteUser, owner, apiKey };
  }

  async #siteUser(websiteId: string, token: string | undefined): Promise<ResolvedCredentials['siteUser']> {
    if (!token) return null;
    const session = await liveSiteUserSession(this.#ctx.db, websiteId, token);
    if (!session?.xsrf_token) return null;
    return { id: session.subject_id, xsrfTokenHash: sha256(session.xsrf_token) };
  }

  async #owner(websiteId: string, token: string | undefined): Promise<ResolvedCredentials['owner']> {
    if (!token) return null;
    const session = await findLiveSession(this.#ctx.db, 'owner', sha256(token));
    if (!session) return null;
    return { id: session.subject_id, roles: (await rolesOf(this.#ctx.db, websiteId, session.subject_id)) as Role[] };
  }

  async #apiKey(websiteId: string, key: string | undefined): Promise<ResolvedCredentials['apiKey']> {
    if (!key) return null;
    const row = await findActiveApiKey(this.#ctx.db, websiteId, sha256(key));
    if (!row) return null;
    const held = permissionsOfRoles(await rolesOf(this.#ctx.db, websiteId, row.owner_id));
    await touchApiKey(this.#ctx.db, row.id);
    return { id: row.id, ownerId: row.owner_id, scopes: (row.scopes as Permission[]).filter((scope) => held.has(scope)) };
  }
}
