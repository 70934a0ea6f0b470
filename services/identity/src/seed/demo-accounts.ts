// The demo accounts (embedded mode's first start, `pnpm seed`): DEMO_OWNER, admin of the demo
// website, and DEMO_SITE_USER, a site user of it. Idempotent and safe when two processes seed at
// once: every insert gives way to an existing row, and passwords are hashed only when missing.
import { DEMO_OWNER, DEMO_SITE_USER, DEMO_WEBSITE_ID, Role } from '@sc/contracts';
import { enqueueEvent, type ServiceContext } from '@sc/platform';
import type { PasswordHasher } from '../passwords/password.js';
import { newId } from '../domain/tokens.js';
import type { IdentityDB } from '../tables.js';
import { findOwnerByEmail, grantRole, insertOwner } from '../owners/owner.repository.js';
import { findSiteUserByEmail, insertSiteUser } from '../site-users/site-user.repository.js';

/** Creates the demo owner (admin of the demo website) and demo site user unless they exist. */
export async function seedDemoAccounts(ctx: ServiceContext<IdentityDB>, hasher: PasswordHasher): Promise<void> {
  let owner = await findOwnerByEmail(ctx.db, DEMO_OWNER.email);
  if (!owner) {
    await insertOwner(ctx.db, {
      id: newId(),
      email: DEMO_OWNER.email,
      name: 'Demo Owner',
      passwordHash: await hasher.hash(DEMO_OWNER.password),
    });
    owner = await findOwnerByEmail(ctx.db, DEMO_OWNER.email);
  }
  if (owner) await grantRole(ctx.db, DEMO_WEBSITE_ID, owner.id, Role.ADMIN);

  if (!(await findSiteUserByEmail(ctx.db, DEMO_WEBSITE_ID, DEMO_SITE_USER.email))) {
    const passwordHash = await hasher.hash(DEMO_SITE_USER.password);
    // Announced like a sign-up: cart's customers read model lists the demo visitor's account.
    await ctx.transaction(async (trx) => {
      const user = await insertSiteUser(trx, {
        id: newId(),
        websiteId: DEMO_WEBSITE_ID,
        email: DEMO_SITE_USER.email,
        name: 'Demo Visitor',
        passwordHash,
      });
      if (user)
        await enqueueEvent(trx, 'identity.site-user.created', DEMO_WEBSITE_ID, { siteUserId: user.id, email: user.email, name: user.name });
    });
  }
  ctx.logger.info({ websiteId: DEMO_WEBSITE_ID }, 'demo accounts ready');
}
