// The identity service's tables (schema "identity").
import type { ColumnType } from 'kysely';
import type { MailTables, OutboxTables } from '@sc/platform';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

/** A visitor account of one website (SPEC "site user"); the same email may sign up on other websites. */
export interface SiteUsersTable {
  id: string;
  website_id: string;
  /** Trimmed and lower-cased. */
  email: string;
  name: string | null;
  language: string | null;
  /** PHC string: $scrypt$ln=..,r=..,p=..$salt$hash. */
  password_hash: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** When the address was proven by the emailed link (migration 0004). */
  email_verified_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** A person who builds sites. One account, memberships on many websites. */
export interface OwnersTable {
  id: string;
  email: string;
  name: string | null;
  password_hash: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** One SPEC role of one owner on one website (a member has one row per role). */
export interface WebsiteRolesTable {
  website_id: string;
  owner_id: string;
  role: number;
  created_at: CreatedAt;
}

export type SessionKind = 'site-user' | 'owner';

/** Site-user and owner sessions. The cookie holds the token; only its SHA-256 is stored. */
export interface SessionsTable {
  token_hash: string;
  kind: SessionKind;
  /** The site user's or the owner's id. */
  subject_id: string;
  /** Site-user sessions belong to one website; owner sessions to none. */
  website_id: string | null;
  /** The X-SiteUser-XSRF-Token of a site-user session. */
  xsrf_token: string | null;
  remember: boolean;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  created_at: CreatedAt;
}

export interface ApiKeysTable {
  id: string;
  website_id: string;
  owner_id: string;
  name: string;
  /** The first characters of the key, to tell keys apart in the panel. */
  prefix: string;
  /** SHA-256 (hex) of the key: keys are 256 random bits, so a fast hash is enough. */
  key_hash: string;
  scopes: ColumnType<string[], string, string>;
  created_at: CreatedAt;
  last_used_at: ColumnType<Date | null, never, Date | string>;
  revoked_at: ColumnType<Date | null, never, Date | string>;
}

/** What content announced about a website (content.website.created/updated): the switcher's titles and domains. */
export interface WebsitesTable {
  id: string;
  title: string;
  domains: ColumnType<string[], string, string>;
  /** occurredAt of the event this row shows. */
  changed_at: ColumnType<Date, Date | string, Date | string>;
}

/** A one-time token that moves an owner's sign-in to another website's domain (the website switcher). */
export interface OwnerHandoffsTable {
  /** SHA-256 (hex) of the token; the token itself only travels in the switch's URL. */
  token_hash: string;
  owner_id: string;
  website_id: string;
  remember: boolean;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  created_at: CreatedAt;
}

/** Single-use tokens mailed to an account (password reset, email verification), by SHA-256 (migration 0004). */
export interface AccountTokensTable {
  token_hash: string;
  purpose: 'password-reset' | 'verify-email' | 'sign-up';
  kind: SessionKind;
  subject_id: string;
  website_id: string | null;
  /** A sign-up's account, made when its link is used (0040). */
  email: ColumnType<string | null, string | null | undefined, string | null>;
  name: ColumnType<string | null, string | null | undefined, string | null>;
  password_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** Wrong passwords given with a sign-up link (0045); past the limit the link is spent. */
  failed_tries: ColumnType<number, number | undefined, number>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
}

/** An owner's admin preference on one website (migration 0050): a small JSON value per key. */
export interface OwnerPreferencesTable {
  owner_id: string;
  website_id: string;
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: UpdatedAt;
}

export interface IdentityTables {
  account_tokens: AccountTokensTable;
  site_users: SiteUsersTable;
  owners: OwnersTable;
  website_roles: WebsiteRolesTable;
  sessions: SessionsTable;
  api_keys: ApiKeysTable;
  websites: WebsitesTable;
  owner_handoffs: OwnerHandoffsTable;
  owner_preferences: OwnerPreferencesTable;
}

/** Everything in the identity schema, the platform's outbox tables included. */
export type IdentityDB = IdentityTables & OutboxTables & MailTables;
