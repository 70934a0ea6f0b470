// The handle every repository function takes: the service's database or the caller's transaction.
import type { Kysely, Transaction } from 'kysely';
import type { ContentDB } from '../tables.js';

export type Db = Kysely<ContentDB> | Transaction<ContentDB>;

/** jsonb parameter: node-postgres and PGlite both take JSON text for a jsonb column. */
export const json = (value: unknown): string => JSON.stringify(value);
