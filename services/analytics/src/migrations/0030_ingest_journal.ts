// The ingestion journal: each accepted call's records, written before the call is answered 202
// (one row per call, inserted in groups). A row lives until the batch that writes its records
// deletes it in the same transaction; rows a crashed process never wrote are written by
// whichever process recovers them first (JournalRecovery), and the delete decides who does.
import { sql, type Kysely, type Migration } from 'kysely';

export const m0030IngestJournal: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('ingest_journal')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('records', 'jsonb', (c) => c.notNull())
      .addColumn('accepted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('ingest_journal_accepted_at').on('ingest_journal').column('accepted_at').execute();
  },
};
