// The forms service's tables (schema `forms`): form definitions, submission keys, submissions,
// newsletter subscribers; plus the captcha's, the mailer's and the outbox's.
import type { Generated, Kysely, Transaction } from 'kysely';
import type { FieldValue, FormSettings } from '@sc/contracts';
import type { MailTables, OutboxTables, CaptchaTables } from '@sc/platform';

export interface FormsTables {
  forms: {
    website_id: string;
    id: string;
    settings: FormSettings;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  submission_keys: {
    key_hash: string;
    website_id: string;
    expires_at: Date | string;
    used_at: Date | string | null;
    created_at: Generated<Date>;
  };
  submissions: {
    id: string;
    website_id: string;
    form_id: string;
    values: Record<string, FieldValue>;
    search_text: string;
    page_title: string | null;
    page_id: string | null;
    content_source: 'i' | 'c' | null;
    page_path: string | null;
    page_permission_type_value: number | null;
    created_at: Generated<Date>;
  };
  subscribers: {
    id: string;
    website_id: string;
    form_id: string;
    email: string;
    email_normalized: string;
    status: 'pending' | 'confirmed' | 'unsubscribed';
    language: string | null;
    confirm_token_hash: string | null;
    unsubscribe_token_hash: string;
    confirm_sent_at: Date | string | null;
    created_at: Generated<Date>;
    confirmed_at: Date | string | null;
    unsubscribed_at: Date | string | null;
  };
}

export type FormsDB = FormsTables & CaptchaTables & MailTables & OutboxTables;

/** What repositories run on: the service's database or a transaction on it. */
export type Db = Kysely<FormsDB> | Transaction<FormsDB>;
