import { captchaMigration, type Migrations } from '@sc/platform';
import { m0001Identity } from './0001_identity.js';
import { m0002Websites } from './0002_websites.js';

/** Applied in name order at start (the platform's outbox tables come first on their own). */
export const migrations: Migrations = {
  '0001_identity': m0001Identity,
  '0002_websites': m0002Websites,
  /** The sign-in captcha's challenges (past the login limit; issue 19). */
  '0003_captcha': captchaMigration,
};
