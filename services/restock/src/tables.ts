// The restock service's tables (schema `restock`): signups, the owner's settings per website, and
// a read model of products and websites (names, links) built from content's events.
import type { Generated, Kysely, Transaction } from 'kysely';
import type { RestockSettings } from '@sc/contracts';
import type { MailTables, OutboxTables, CaptchaTables } from '@sc/platform';

export interface RestockTables {
  signups: {
    id: string;
    website_id: string;
    product_id: string;
    variant_id: string;
    email: string;
    email_normalized: string;
    language: string | null;
    is_join_mailing_list: boolean;
    created_at: Generated<Date>;
    notified_at: Date | string | null;
  };
  settings: {
    website_id: string;
    settings: RestockSettings;
    updated_at: Generated<Date>;
  };
  products: {
    website_id: string;
    product_id: string;
    version: number;
    title: string;
    full_url: string;
    /** Variant id → { sku, label }. */
    variants: Record<string, { sku: string; label: string }>;
    deleted: boolean;
  };
  websites: {
    website_id: string;
    title: string;
    domain: string | null;
  };
}

export type RestockDB = RestockTables & CaptchaTables & MailTables & OutboxTables;

/** What repositories run on: the service's database or a transaction on it. */
export type Db = Kysely<RestockDB> | Transaction<RestockDB>;
