import { captchaMigration, mailMigration, type Migrations } from '@sc/platform';
import { m0001Restock } from './0001_restock.js';

export const migrations: Migrations = {
  '0001_restock': m0001Restock,
  '0002_mail': mailMigration,
  '0003_captcha': captchaMigration,
};
