// Tables every service has in its own schema: the transactional outbox and the ids of events its
// consumers have handled (JetStream delivers at least once; these make handlers idempotent).
import { sql, type Kysely, type Migration } from 'kysely';

export const platformMigrations: Record<string, Migration> = {
  '0000_platform_outbox': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('outbox')
        .addColumn('seq', 'bigserial', (c) => c.primaryKey())
        .addColumn('id', 'uuid', (c) => c.notNull().unique())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('website_id', 'text', (c) => c.notNull())
        .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
        .addColumn('data', 'jsonb', (c) => c.notNull())
        .addColumn('headers', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('claimed_until', 'timestamptz')
        .addColumn('published_at', 'timestamptz')
        .execute();
      await db.schema.createIndex('outbox_unpublished').on('outbox').column('seq').where(sql.ref('published_at'), 'is', null).execute();
      await db.schema
        .createTable('handled_events')
        .addColumn('consumer', 'text', (c) => c.notNull())
        .addColumn('event_id', 'uuid', (c) => c.notNull())
        .addColumn('handled_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('handled_events_pk', ['consumer', 'event_id'])
        .execute();
    },
  },
};
