// The websites an owner account is a member of (GET /api/auth/websites) and moving the owner's
// sign-in to another of them. A request's website is its Host, and owner session cookies belong to
// one host, so switching goes to the other website's domain carrying a one-time hand-off token
// that the admin app there redeems for a session of its own.
import { z } from 'zod';
import { RoleSchema } from './enums.js';

/** One website of the signed-in owner: its title and domains (as content announced them) and the owner's roles on it. */
export const OwnerWebsite = z.object({
  id: z.string(),
  title: z.string(),
  domains: z.array(z.string()),
  roles: z.array(RoleSchema),
});
export type OwnerWebsite = z.infer<typeof OwnerWebsite>;

export const OwnerWebsiteList = z.object({ websites: z.array(OwnerWebsite) });
export type OwnerWebsiteList = z.infer<typeof OwnerWebsiteList>;

export const OwnerWebsiteParams = z.object({ websiteId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }).strict();
export type OwnerWebsiteParams = z.infer<typeof OwnerWebsiteParams>;

/** POST /api/auth/websites/:websiteId/handoff: a token the admin app of that website redeems once, soon. */
export const WebsiteHandoff = z.object({ websiteId: z.string(), domain: z.string(), token: z.string(), expiresAt: z.string() });
export type WebsiteHandoff = z.infer<typeof WebsiteHandoff>;

/** POST /api/auth/session/handoff on the other website's domain. */
export const RedeemHandoff = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, 'The hand-off token is not valid.') }).strict();
export type RedeemHandoff = z.infer<typeof RedeemHandoff>;

/** The query parameter that carries a hand-off token to /config. */
export const HANDOFF_QUERY = 'handoff';

/** Refusals of the website switcher (our wording: the SPEC shows none). */
export const OwnerWebsiteMessages = {
  notAMember: 'You are not a member of this website.',
  noDomain: 'This website has no domain yet, so its admin cannot be opened.',
  handoffInvalid: 'This sign-in link has expired or was used already. Please sign in.',
} as const;
