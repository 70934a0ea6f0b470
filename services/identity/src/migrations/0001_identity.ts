import { sql, type Kysely, type Migration } from 'kysely';

export const m0001Identity: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('site_users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('name', 'text')
      .addColumn('language', 'text')
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('site_users_website_email', ['website_id', 'email'])
      .execute();

    await db.schema
      .createTable('owners')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text')
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();

    await db.schema
      .createTable('website_roles')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('owner_id', 'text', (c) => c.notNull().references('owners.id').onDelete('cascade'))
      .addColumn('role', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('website_roles_pk', ['website_id', 'owner_id', 'role'])
      .execute();
    await db.schema.createIndex('website_roles_owner').on('website_roles').columns(['owner_id']).execute();

    await db.schema
      .createTable('sessions')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('site-user', 'owner')`))
      .addColumn('subject_id', 'text', (c) => c.notNull())
      .addColumn('website_id', 'text')
      .addColumn('xsrf_token', 'text')
      .addColumn('remember', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('sessions_subject').on('sessions').columns(['kind', 'subject_id']).execute();
    await db.schema.createIndex('sessions_expiry').on('sessions').columns(['expires_at']).execute();

    await db.schema
      .createTable('api_keys')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('owner_id', 'text', (c) => c.notNull().references('owners.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('prefix', 'text', (c) => c.notNull())
      .addColumn('key_hash', 'text', (c) => c.notNull().unique())
      .addColumn('scopes', 'jsonb', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('last_used_at', 'timestamptz')
      .addColumn('revoked_at', 'timestamptz')
      .execute();
    await db.schema.createIndex('api_keys_website').on('api_keys').columns(['website_id', 'created_at']).execute();
  },
};
