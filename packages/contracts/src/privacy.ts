// Privacy requests: an owner erases a customer (everything a website holds about one email). The
// cart service takes the request (the customers screen is its), erases its own rows and announces
// privacy.customer.erased; every service consumes it and removes or anonymises what it holds of
// that email on that website only. The event carries the email (services must find the rows); its
// outbox row is deleted as soon as it is published (packages/platform/src/outbox/relay.ts).
import { z } from 'zod';

/** The address put where an erased email was (a reserved domain: nobody receives mail there). */
export const ERASED_EMAIL = 'erased@erased.invalid';
/** The name put where an erased customer's name was. */
export const ERASED_NAME = 'Erased customer';

/** POST /api/commerce/store/customers/erase: the email to erase, confirmed by typing it again. */
export const EraseCustomerRequest = z
  .object({ email: z.email().max(320), confirm: z.string().max(320) })
  .strict()
  .refine((body) => body.email.trim().toLowerCase() === body.confirm.trim().toLowerCase(), {
    path: ['confirm'],
    message: 'Type the email again to confirm the erasure.',
  });
export type EraseCustomerRequest = z.infer<typeof EraseCustomerRequest>;

/** An erasure as the log keeps it: who asked, when, on which website (never the email). */
export const Erasure = z.object({ id: z.string(), websiteId: z.string(), requestedBy: z.string(), requestedAt: z.string() }).strict();
export type Erasure = z.infer<typeof Erasure>;

/** privacy.customer.erased: erase every trace of `email` on the envelope's website. */
export const CustomerErased = z.object({ erasureId: z.string(), email: z.string().min(3).max(320) }).strict();
export type CustomerErased = z.infer<typeof CustomerErased>;

/** identity.site-user.created: a visitor made an account (the customers read model lists it). */
export const SiteUserCreated = z.object({ siteUserId: z.string(), email: z.string(), name: z.string().nullable() }).strict();
export type SiteUserCreated = z.infer<typeof SiteUserCreated>;

export const PrivacyEventSchemas = {
  'privacy.customer.erased': CustomerErased,
  'identity.site-user.created': SiteUserCreated,
} as const;
