// Back-in-stock waitlists (SPEC 3 "Restock signup", SPEC 4 "Restock form", SPEC 5 restock email
// rule, SPEC 7 /api/site-users/account/notifications/restock calls).
import { z } from 'zod';
import { RestockMessages } from './form-messages.js';
import { EmailPatterns } from './rules.js';

const Id = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/);

/** The SPEC 5 restock email message for `email`, or undefined when it is acceptable. */
export function restockEmailError(email: string): string | undefined {
  const trimmed = email.trim();
  if (trimmed === '') return RestockMessages.emailBlank;
  if (trimmed.length < 3 || trimmed.length > 256 || !EmailPatterns.restock.test(trimmed)) return RestockMessages.emailInvalid;
  return undefined;
}

/** SPEC 3 signup payload. The email is checked by the service so the SPEC messages come back. */
export const RestockSignupBody = z
  .object({
    isJoinMailingList: z.boolean().default(false),
    productId: Id,
    variantId: Id,
    siteVisitorEmail: z.string().max(1000),
    captchaToken: z.string().max(4096).optional(),
    recaptchaEnterpriseV3Token: z.string().max(4096).optional(),
    language: z.string().max(35).optional(),
  })
  .strict();
export type RestockSignupBody = z.infer<typeof RestockSignupBody>;
export const RestockSignupResponse = z.object({ success: z.literal(true), message: z.string() });

export const RestockGroup = z.object({
  productId: z.string(),
  variantId: z.string(),
  productName: z.string().nullable(),
  variantLabel: z.string().nullable(),
  sku: z.string().nullable(),
  signUpCount: z.number().int(),
  pendingCount: z.number().int(),
  lastSignUpAt: z.string(),
});
export const RestockGroupsQuery = z
  .object({ cursor: z.string().max(512).optional(), limit: z.coerce.number().int().min(1).max(200).default(50) })
  .strict();
/** SPEC 3 groups response. */
export const RestockGroupsResponse = z.object({
  signUpGroups: z.array(RestockGroup),
  hasNextPage: z.boolean(),
  nextPageCursor: z.string().nullable(),
});

export const RestockSignup = z.object({
  id: z.string(),
  productId: z.string(),
  variantId: z.string(),
  email: z.string(),
  language: z.string().nullable(),
  isJoinMailingList: z.boolean(),
  createdAt: z.string(),
  notifiedAt: z.string().nullable(),
});
export const RestockSignupsQuery = z
  .object({
    productId: Id,
    variantId: Id,
    cursor: z.string().max(512).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();
/** SPEC 3 signups response. */
export const RestockSignupsResponse = z.object({
  signUps: z.array(RestockSignup),
  hasNextPage: z.boolean(),
  nextPageCursor: z.string().nullable(),
});

/** SPEC 3 send-request item. */
export const RestockSendRequest = z.object({ productId: Id, variantId: Id }).strict();
export const RestockSendAllBody = z.object({ sendRequests: z.array(RestockSendRequest).min(1).max(200) }).strict();
/** How many notification emails this call queued (signups already notified are not counted again). */
export const RestockSendResponse = z.object({ queued: z.number().int() });

/** The owner's waitlist settings of a website. */
export const RestockSettings = z
  .object({
    /** Notify the waitlist by itself when a variant comes back in stock (commerce.stock.changed). */
    autoNotify: z.boolean().default(false),
    captchaEnabled: z.boolean().default(false),
    /** Show the mailing-list checkbox, and whether it starts checked. */
    mailingListEnabled: z.boolean().default(false),
    mailingListCheckedByDefault: z.boolean().default(false),
    /** The success text; null shows SPEC 4's 'Signed up!'. */
    successText: z.string().max(500).nullable().default(null),
  })
  .strict();
export type RestockSettings = z.infer<typeof RestockSettings>;
export const DEFAULT_RESTOCK_SETTINGS: RestockSettings = RestockSettings.parse({});

/** The success text a signup answers with. */
export const restockSuccessText = (settings: RestockSettings): string => settings.successText ?? RestockMessages.signedUp;

/** An origin links in mail may point at: http(s), a host name or address, an optional port; no path. */
export const SiteOrigin = z.string().regex(/^https?:\/\/[A-Za-z0-9.:[\]-]{1,255}$/);

export const RestockSignupCreated = z
  .object({
    signupId: z.string(),
    productId: z.string(),
    variantId: z.string(),
    email: z.string(),
    isJoinMailingList: z.boolean(),
    language: z.string().nullable(),
    /**
     * The public origin the visitor signed up on (as the gateway forwarded it), e.g.
     * https://shop.example.com: the forms service builds the newsletter confirmation link from it
     * when the visitor asked to join the mailing list. Absent in events written before it existed.
     */
    siteOrigin: SiteOrigin.optional(),
  })
  .strict();
export const RestockNotificationsQueued = z
  .object({ productId: z.string(), variantId: z.string(), count: z.number().int(), trigger: z.enum(['owner', 'back-in-stock']) })
  .strict();

export const RestockEventSchemas = {
  'restock.signup.created': RestockSignupCreated,
  'restock.notifications.queued': RestockNotificationsQueued,
} as const;
