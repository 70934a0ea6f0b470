// Identity: who a request comes from. The gateway resolves the site-user session, the owner
// session or the API key once per request and forwards the result to services in a signed header
// (x-sc-identity + x-sc-identity-signature); this file holds that header's shape, the cookie and
// header names, the HTTP bodies of the identity service (SPEC 3 "Other entities", SPEC 7
// /api/site-users/account/session and /locale, owner sign-in at /api/auth) and its messages.
import { z } from 'zod';
import { RoleSchema } from './enums.js';
import { OwnerMessages } from './messages.js';
import { PermissionSchema } from './permissions.js';

// ---------------------------------------------------------------------------------------------
// Names

/** The identity the gateway forwards: base64url JSON of an Identity. Only the gateway sets it. */
export const IDENTITY_HEADER = 'x-sc-identity';
/** HMAC-SHA256 (base64url) of the IDENTITY_HEADER value with IDENTITY_SIGNING_KEY. */
export const IDENTITY_SIGNATURE_HEADER = 'x-sc-identity-signature';
/** SPEC 9: the header every unsafe request of a signed-in site user carries. */
export const SITE_USER_XSRF_HEADER = 'x-siteuser-xsrf-token';

/** The site user's session (HttpOnly). Under HTTPS the name gets the `__Host-` prefix. */
export const SITE_USER_SESSION_COOKIE = 'SiteUserSession';
/** SPEC 3/9: readable by the page: URL-encoded JSON { authenticated, siteUserId }. */
export const SITE_USER_INFO_COOKIE = 'SiteUserInfo';
/** The owner's session (HttpOnly), separate from site users'. `__Host-` prefixed under HTTPS. */
export const OWNER_SESSION_COOKIE = 'OwnerSession';
/** The guest cart cookie of the cart service (its CART_COOKIE); identity replaces it on sign-out. */
export const GUEST_CART_COOKIE = 'ss_cart';

/** The name a session cookie has on the wire: `__Host-` prefixed when it is sent only over HTTPS. */
export const sessionCookieName = (name: string, secure: boolean): string => (secure ? `__Host-${name}` : name);

// ---------------------------------------------------------------------------------------------
// The forwarded identity

export const IdentityKind = z.enum(['visitor', 'site-user', 'owner', 'api-key']);
export type IdentityKind = z.infer<typeof IdentityKind>;

const id = z.string().min(1).max(128);

/**
 * What the gateway tells a service about a request. `kind` is the strongest principal: an API
 * key, else an owner session, else a site-user session, else an anonymous visitor. An owner who
 * is also signed in as a site user carries siteUserId too. `roles` are the owner's roles on
 * `websiteId`; `scopes` are an API key's permissions. `requestId` and `issuedAt` bind the header to
 * one request so a copy cannot be replayed later.
 */
export const Identity = z
  .object({
    v: z.literal(1),
    kind: IdentityKind,
    websiteId: z.string().min(1).max(64),
    requestId: id,
    issuedAt: z.number().int().nonnegative(),
    siteUserId: id.optional(),
    ownerId: id.optional(),
    apiKeyId: id.optional(),
    roles: z.array(RoleSchema),
    scopes: z.array(PermissionSchema).optional(),
    /** The client's address as the gateway saw it: what every per-address limit counts by. */
    clientAddress: z.string().min(1).max(64).optional(),
    /**
     * The website's public origin (scheme, host, port) as the gateway decided it from its
     * configuration and a domain of the website, never from the request's Host: where links in
     * mail point.
     */
    origin: z
      .string()
      .max(300)
      .refine((v) => /^https?:\/\/[^/?#@\s]+$/.test(v), 'must be an http(s) origin')
      .optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    const need = (field: 'siteUserId' | 'ownerId' | 'apiKeyId' | 'scopes') => {
      if (value[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: `${value.kind} needs ${field}` });
    };
    switch (value.kind) {
      case 'visitor':
        break;
      case 'site-user':
        need('siteUserId');
        break;
      case 'owner':
        need('ownerId');
        break;
      case 'api-key':
        need('ownerId');
        need('apiKeyId');
        need('scopes');
        break;
    }
  });
export type Identity = z.infer<typeof Identity>;

// ---------------------------------------------------------------------------------------------
// Messages (our wording: the SPEC shows none for these, except the email one)

export const IdentityMessages = {
  signInRequired: 'Please sign in to continue.',
  forbidden: 'Your role on this website does not allow this.',
  otherWebsite: 'This request is for another website.',
  wrongCredentials: 'The email or password is incorrect.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  captchaRequired: 'Too many sign-in attempts. Complete CAPTCHA before submitting.',
  signInBusy: 'Too many sign-ins at once. Please try again in a moment.',
  xsrfFailed: 'The X-SiteUser-XSRF-Token header is missing or does not match your session. Please reload the page and try again.',
  identityUnavailable: 'Your sign-in could not be checked right now. Please try again in a few seconds.',
  /** SPEC 5 owner-side email message, used for every email field. */
  invalidEmail: OwnerMessages.invalidEmail,
  /**
   * The one answer to a sign-up, whether or not the address has an account (issue 40: no account
   * probing). A new address gets a link that finishes the sign-up; a taken one a mail that says
   * someone tried to sign up with it.
   */
  signUpCheckEmail:
    'Check your email: we have sent you a link to finish signing up. If you already have an account, the email tells you how to sign in.',
  signUpTokenInvalid: 'This sign-up link is invalid, has expired or was used already. Please sign in, or sign up again.',
  /**
   * The sign-up link makes the account only with the password chosen at sign-up (issue 40b: no
   * account pre-hijacking). A wrong one changes nothing and leaves the link as it was...
   */
  signUpPasswordWrong: 'That password does not match the one chosen at sign-up. Enter the password you chose when you signed up.',
  /** ...until the last try allowed, which spends the link. */
  signUpPasswordSpent: 'That password does not match the one chosen at sign-up, and this link no longer works. Please sign up again.',
  passwordTooShort: 'Password must be at least 8 characters.',
  passwordTooLong: 'Password must be at most 256 characters.',
  passwordRequired: 'Please enter your password.',
  invalidLanguage: 'Language must be a language code such as en or en-US.',
  ownerNotFound: 'No owner account has this email.',
  memberNotFound: 'This person is not a member of this website.',
  lastAdmin: 'A website needs at least one admin.',
  apiKeyNotFound: 'No API key with this id on this website.',
  scopeNotHeld: 'You cannot give an API key the {permission} permission: your role does not have it.',
  scopeNotGrantable: 'API keys cannot have the {permission} permission.',
  /** The one answer to a reset request, whether or not the address has an account. */
  resetRequested: 'If an account uses this email, we have sent it a link to choose a new password. The link works for one hour.',
  resetTokenInvalid: 'This password reset link is invalid or has expired. Please ask for a new one.',
  passwordChanged: 'Your password has been changed. Please sign in with your new password.',
  verifyTokenInvalid: 'This verification link is invalid or has expired.',
  emailVerified: 'Thank you: your email address is verified.',
} as const;

// ---------------------------------------------------------------------------------------------
// HTTP bodies

const Email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, { error: IdentityMessages.invalidEmail })
  .pipe(z.email({ error: IdentityMessages.invalidEmail }));
const LoginPassword = z
  .string({ error: IdentityMessages.passwordRequired })
  .min(1, { error: IdentityMessages.passwordRequired })
  .max(256, { error: IdentityMessages.passwordTooLong });
const NewPassword = z
  .string({ error: IdentityMessages.passwordRequired })
  .min(8, { error: IdentityMessages.passwordTooShort })
  .max(256, { error: IdentityMessages.passwordTooLong });
const Name = z.string().trim().min(1).max(100);

/** SPEC 3 login payload: POST /api/site-users/account/session. */
export const SiteUserLogin = z
  .object({
    email: Email,
    password: LoginPassword,
    rememberMe: z.boolean().default(false),
    /** A solved captcha (POST /api/auth/captcha/challenge): needed after too many attempts for the account. */
    captchaToken: z.string().max(4096).optional(),
  })
  .strict();
export type SiteUserLogin = z.infer<typeof SiteUserLogin>;

/** Sign-up of a site user: POST /api/auth/site-users (answers IdentityNotice; the mailed link finishes it). */
export const SiteUserSignUp = z
  .object({ email: Email, password: NewPassword, name: Name.optional(), rememberMe: z.boolean().default(false) })
  .strict();
export type SiteUserSignUp = z.infer<typeof SiteUserSignUp>;

/** SPEC 3 login response. */
export const XsrfTokenResponse = z.object({ xsrfToken: z.string() });
export type XsrfTokenResponse = z.infer<typeof XsrfTokenResponse>;

/** The finished sign-up (POST /api/auth/site-users/confirm): the SPEC login answer plus the new id. */
export const SiteUserSignedUp = z.object({ xsrfToken: z.string(), siteUserId: z.string() });
export type SiteUserSignedUp = z.infer<typeof SiteUserSignedUp>;

/** GET /api/site-users/account/session: lets a page that lost its token get it again. */
export const SiteUserSessionInfo = z.object({
  authenticated: z.boolean(),
  siteUserId: z.string().optional(),
  email: z.string().optional(),
  name: z.string().nullable().optional(),
  language: z.string().nullable().optional(),
  xsrfToken: z.string().optional(),
});
export type SiteUserSessionInfo = z.infer<typeof SiteUserSessionInfo>;

/** SPEC 7: DELETE /api/site-users/account/session?cloneCart=true|false. */
export const SiteUserLogoutQuery = z.object({ cloneCart: z.enum(['true', 'false']).optional() }).strict();
export type SiteUserLogoutQuery = z.infer<typeof SiteUserLogoutQuery>;

export const SignedOut = z.object({ success: z.literal(true) });
export type SignedOut = z.infer<typeof SignedOut>;

/** SPEC 7: POST /api/site-users/account/locale. Accepts en, en-US, en_US, zh-Hant-TW. */
export const SiteUserLocale = z
  .object({
    language: z
      .string()
      .max(35, { error: IdentityMessages.invalidLanguage })
      .regex(/^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/, { error: IdentityMessages.invalidLanguage }),
  })
  .strict();
export type SiteUserLocale = z.infer<typeof SiteUserLocale>;

/** Owner sign-in: POST /api/auth/session. */
export const OwnerLogin = z
  .object({
    email: Email,
    password: LoginPassword,
    rememberMe: z.boolean().default(false),
    /** A solved captcha (POST /api/auth/captcha/challenge): needed after too many attempts for the account. */
    captchaToken: z.string().max(4096).optional(),
  })
  .strict();
export type OwnerLogin = z.infer<typeof OwnerLogin>;

/** Owner sign-up: POST /api/auth/owners. The account has no website until an admin adds it. */
export const OwnerSignUp = z.object({ email: Email, password: NewPassword, name: Name.optional() }).strict();
export type OwnerSignUp = z.infer<typeof OwnerSignUp>;

/** GET /api/auth/session and the sign-in answers: the owner and what they may do on this website. */
export const OwnerSessionInfo = z.object({
  authenticated: z.boolean(),
  ownerId: z.string().optional(),
  email: z.string().optional(),
  name: z.string().nullable().optional(),
  websiteId: z.string(),
  roles: z.array(RoleSchema),
  permissions: z.array(PermissionSchema),
});
export type OwnerSessionInfo = z.infer<typeof OwnerSessionInfo>;

const Roles = z
  .array(RoleSchema)
  .min(1)
  .max(14)
  .refine((roles) => new Set(roles).size === roles.length, 'roles must not repeat');

export const Member = z.object({ ownerId: z.string(), email: z.string(), name: z.string().nullable(), roles: z.array(RoleSchema) });
export type Member = z.infer<typeof Member>;
export const MemberList = z.object({ members: z.array(Member) });
export type MemberList = z.infer<typeof MemberList>;

/** POST /api/auth/members: give an existing owner account roles on this website. */
export const AddMember = z.object({ email: Email, roles: Roles }).strict();
export type AddMember = z.infer<typeof AddMember>;

/** PUT /api/auth/members/:ownerId. */
export const SetMemberRoles = z.object({ roles: Roles }).strict();
export type SetMemberRoles = z.infer<typeof SetMemberRoles>;

export const MemberParams = z.object({ ownerId: id }).strict();
export type MemberParams = z.infer<typeof MemberParams>;

/** POST /api/auth/api-keys. */
export const CreateApiKey = z
  .object({
    name: Name,
    scopes: z
      .array(PermissionSchema)
      .min(1)
      .refine((scopes) => new Set(scopes).size === scopes.length, 'scopes must not repeat'),
  })
  .strict();
export type CreateApiKey = z.infer<typeof CreateApiKey>;

/** An API key as listed: never the key itself, only its first characters. */
export const ApiKey = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(PermissionSchema),
  ownerId: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;

/** The answer to creating a key: the only time the key is shown. */
export const ApiKeyCreated = ApiKey.extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof ApiKeyCreated>;

export const ApiKeyList = z.object({ apiKeys: z.array(ApiKey) });
export type ApiKeyList = z.infer<typeof ApiKeyList>;

export const ApiKeyParams = z.object({ apiKeyId: id }).strict();
export type ApiKeyParams = z.infer<typeof ApiKeyParams>;

/**
 * An owner's admin preferences (issue 35: which columns a table shows, how it sorts), one JSON
 * value per key, per owner and website. Small by design: a value over OWNER_PREFERENCE_MAX_BYTES
 * of JSON is refused with a 400, so the table stays a settings store, not a file store.
 */
export const OWNER_PREFERENCE_MAX_BYTES = 4096;
export const OwnerPreferenceMessages = {
  tooLarge: `A preference may be at most ${OWNER_PREFERENCE_MAX_BYTES} bytes of JSON.`,
  badKey: 'A preference key is 1 to 64 letters, digits, dots, dashes, underscores or colons.',
} as const;
export const OwnerPreferenceParams = z
  .object({ key: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/, OwnerPreferenceMessages.badKey) })
  .strict();
export type OwnerPreferenceParams = z.infer<typeof OwnerPreferenceParams>;

/** A preference's value: a JSON object (a request body is JSON, so its members are too). */
const PreferenceValue = z.record(z.string().max(128), z.unknown());

/** PUT /api/auth/owner/preferences/:key: the value to keep (a small JSON object). */
export const OwnerPreferenceBody = z
  .object({
    value: PreferenceValue.refine(
      (value) => new TextEncoder().encode(JSON.stringify(value)).length <= OWNER_PREFERENCE_MAX_BYTES,
      OwnerPreferenceMessages.tooLarge,
    ),
  })
  .strict();
export type OwnerPreferenceBody = z.infer<typeof OwnerPreferenceBody>;

/** A preference as kept: null value and updatedAt until the owner sets it. */
export const OwnerPreference = z.object({ key: z.string(), value: PreferenceValue.nullable(), updatedAt: z.string().nullable() });
export type OwnerPreference = z.infer<typeof OwnerPreference>;

/** Where the gateway asks the identity service about credentials (outside /api: never routed from outside). */
export const IDENTITY_RESOLVE_PATH = '/internal/identity/resolve';

/** Gateway → identity (internal, never routed from outside): what do these credentials mean here? */
export const ResolveCredentials = z
  .object({
    websiteId: z.string().min(1).max(64),
    siteUserSession: z.string().min(1).max(256).optional(),
    ownerSession: z.string().min(1).max(256).optional(),
    apiKey: z.string().min(1).max(256).optional(),
  })
  .strict();
export type ResolveCredentials = z.infer<typeof ResolveCredentials>;

export const ResolvedCredentials = z.object({
  /** xsrfTokenHash: SHA-256 (hex) of the session's XSRF token, for the gateway's check. */
  siteUser: z.object({ id: z.string(), xsrfTokenHash: z.string() }).nullable(),
  owner: z.object({ id: z.string(), roles: z.array(RoleSchema) }).nullable(),
  /** scopes: the key's scopes that its creator still holds. */
  apiKey: z.object({ id: z.string(), ownerId: z.string(), scopes: z.array(PermissionSchema) }).nullable(),
});
export type ResolvedCredentials = z.infer<typeof ResolvedCredentials>;

// ---------------------------------------------------------------------------------------------
// Events (consumed by cart)

/** identity.session.started: a site user signed in; cart merges the guest cart (cartToken) into theirs. */
export const SiteUserSessionStarted = z.object({ siteUserId: z.string(), cartToken: z.string().nullable() }).strict();
export type SiteUserSessionStarted = z.infer<typeof SiteUserSessionStarted>;

/**
 * identity.session.ended: a site user signed out. With cloneCart, identity has set the visitor's
 * cart cookie to guestCartToken, and cart gives that token a guest copy of the user's cart.
 */
export const SiteUserSessionEnded = z
  .object({ siteUserId: z.string(), cloneCart: z.boolean(), guestCartToken: z.string().nullable() })
  .strict();
export type SiteUserSessionEnded = z.infer<typeof SiteUserSessionEnded>;

// ---------------------------------------------------------------------------------------------
// Password reset (site users and owners) and email verification (site users)

const ResetToken = z
  .string()
  .min(20, { error: IdentityMessages.resetTokenInvalid })
  .max(128, { error: IdentityMessages.resetTokenInvalid })
  .regex(/^[A-Za-z0-9_-]+$/, { error: IdentityMessages.resetTokenInvalid });

/** POST /api/auth/site-users/password-reset and /api/auth/owners/password-reset. */
export const PasswordResetRequest = z.object({ email: Email }).strict();
export type PasswordResetRequest = z.infer<typeof PasswordResetRequest>;
/** POST .../password-reset/confirm: the emailed token and the new password. */
export const PasswordResetConfirm = z.object({ token: ResetToken, password: NewPassword }).strict();
export type PasswordResetConfirm = z.infer<typeof PasswordResetConfirm>;
export const IdentityNotice = z.object({ message: z.string() });
/**
 * POST /api/auth/site-users/confirm and /api/auth/owners/confirm: the token of the sign-up mail and
 * the password chosen at sign-up (checked like a sign-in, throttled the same way: past the limit
 * it needs a solved captcha).
 */
export const SignUpConfirm = z
  .object({
    token: z
      .string()
      .min(20, { error: IdentityMessages.signUpTokenInvalid })
      .max(128, { error: IdentityMessages.signUpTokenInvalid })
      .regex(/^[A-Za-z0-9_-]+$/, { error: IdentityMessages.signUpTokenInvalid }),
    password: LoginPassword,
    captchaToken: z.string().max(4096).optional(),
    rememberMe: z.boolean().default(false),
  })
  .strict();
export type SignUpConfirm = z.infer<typeof SignUpConfirm>;
/** GET /api/auth/site-users/verify-email?token=... (the link in older sign-up mails). */
export const VerifyEmailQuery = z
  .object({
    token: z
      .string()
      .min(20, { error: IdentityMessages.verifyTokenInvalid })
      .max(128, { error: IdentityMessages.verifyTokenInvalid })
      .regex(/^[A-Za-z0-9_-]+$/, { error: IdentityMessages.verifyTokenInvalid }),
  })
  .strict();
