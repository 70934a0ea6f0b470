import type { Kysely, Transaction } from 'kysely';
import type { FormsDB } from '../forms.table.js';

/** What repositories take: the service's database or a transaction on it. */
export type Db = Kysely<FormsDB> | Transaction<FormsDB>;

export const iso = (value: Date | string): string => new Date(value).toISOString();
export const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : iso(value));
