import type { Kysely, Transaction } from 'kysely';
import type { RestockDB } from '../restock.table.js';

/** What repositories take: the service's database or a transaction on it. */
export type Db = Kysely<RestockDB> | Transaction<RestockDB>;

export const iso = (value: Date | string): string => new Date(value).toISOString();
