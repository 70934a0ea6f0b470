import { captchaMigration, mailMigration, type Migrations } from '@sc/platform';
import { m0001Forms } from './0001_forms.js';

export const migrations: Migrations = {
  '0001_forms': m0001Forms,
  '0002_mail': mailMigration,
  '0003_captcha': captchaMigration,
};
