import { captchaMigration, mailMigration, type Migrations } from '@sc/platform';
import { m0001Identity } from './0001_identity.js';
import { m0002Websites } from './0002_websites.js';
import { m0004AccountTokens } from './0004_account_tokens.js';
import { m0040SignUpTokens } from './0040_sign_up_tokens.js';
import { m0045SignUpPasswordTries } from './0045_sign_up_password_tries.js';
import { m0050OwnerPreferences } from './0050_owner_preferences.js';

/** Applied in name order at start (the platform's outbox tables come first on their own). */
export const migrations: Migrations = {
  '0001_identity': m0001Identity,
  '0002_websites': m0002Websites,
  /** The sign-in captcha's challenges (past the login limit; issue 19). */
  '0003_captcha': captchaMigration,
  '0003_mail': mailMigration,
  '0004_account_tokens': m0004AccountTokens,
  /** Sign-up by mailed link, the same answer for a new and a taken address (issue 40). */
  '0040_sign_up_tokens': m0040SignUpTokens,
  /** The sign-up link asks for the password chosen at sign-up; wrong tries spend it (issue 40b). */
  '0045_sign_up_password_tries': m0045SignUpPasswordTries,
  /** An owner's admin preferences: table columns and sort (issue 35). */
  '0050_owner_preferences': m0050OwnerPreferences,
};
