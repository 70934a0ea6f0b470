import { sql, type Kysely, type Migration } from 'kysely';

export const m0001Content: Migration = {
  async up(db: Kysely<unknown>) {
    const now = sql`now()`;
    await db.schema
      .createTable('websites')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('template_id', 'text', (c) => c.notNull())
      .addColumn('settings', 'jsonb', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .execute();
    await db.schema
      .createTable('website_domains')
      .addColumn('domain', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .execute();
    await db.schema.createIndex('website_domains_website').on('website_domains').column('website_id').execute();

    await db.schema
      .createTable('collections')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('type', 'integer', (c) => c.notNull())
      .addColumn('type_name', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('navigation_title', 'text', (c) => c.notNull())
      .addColumn('url_id', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('enabled', 'boolean', (c) => c.notNull())
      .addColumn('ordering', 'text', (c) => c.notNull())
      .addColumn('layout', 'jsonb')
      .addColumn('gallery_settings', 'jsonb')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .addUniqueConstraint('collections_url', ['website_id', 'url_id'])
      .execute();
    await db.schema.createIndex('collections_list').on('collections').columns(['website_id', 'created_at', 'id']).execute();

    await db.schema
      .createTable('categories')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('collection_id', 'text', (c) => c.notNull().references('collections.id').onDelete('cascade'))
      .addColumn('parent_id', 'text', (c) => c.notNull())
      .addColumn('display_name', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('page_rendering', 'text', (c) => c.notNull())
      .addColumn('display_index', 'integer', (c) => c.notNull())
      .addColumn('url_slug', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .execute();
    await db.schema
      .createIndex('categories_list')
      .on('categories')
      .columns(['website_id', 'collection_id', 'display_index', 'id'])
      .execute();
    // Sibling names are unique whatever their case; a collection has one root.
    // (Index expressions, not raw statements: the builder qualifies the table with the service's schema.)
    await db.schema
      .createIndex('categories_sibling_name')
      .on('categories')
      .unique()
      .expression(sql`website_id, collection_id, parent_id, lower(display_name)`)
      .execute();
    await db.schema
      .createIndex('categories_one_root')
      .on('categories')
      .unique()
      .columns(['website_id', 'collection_id'])
      .where(sql.ref('type'), '=', 'ROOT')
      .execute();

    await db.schema
      .createTable('items')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('collection_id', 'text', (c) => c.notNull().references('collections.id').onDelete('cascade'))
      .addColumn('record_type', 'integer', (c) => c.notNull())
      .addColumn('url_id', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('publish_on', 'timestamptz')
      .addColumn('display_index', 'integer', (c) => c.notNull())
      .addColumn('sort_date', 'timestamptz', (c) => c.notNull())
      .addColumn('product_type', 'integer')
      .addColumn('data', 'jsonb', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .addUniqueConstraint('items_url', ['website_id', 'collection_id', 'url_id'])
      .execute();
    await db.schema.createIndex('items_by_hand').on('items').columns(['website_id', 'collection_id', 'display_index', 'id']).execute();
    await db.schema
      .createIndex('items_by_date')
      .on('items')
      .expression(sql`website_id, collection_id, sort_date desc, id desc`)
      .execute();

    await db.schema
      .createTable('navigations')
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('field_name', 'text', (c) => c.notNull())
      .addColumn('template_id', 'text', (c) => c.notNull())
      .addColumn('items', 'jsonb', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .addPrimaryKeyConstraint('navigations_pk', ['website_id', 'field_name'])
      .execute();
    await db.schema
      .createTable('site_documents')
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('document', 'jsonb', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .addPrimaryKeyConstraint('site_documents_pk', ['website_id', 'kind'])
      .execute();
    await db.schema
      .createTable('commerce_preferences')
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('namespace', 'text', (c) => c.notNull())
      .addColumn('preferences', 'jsonb', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .addPrimaryKeyConstraint('commerce_preferences_pk', ['website_id', 'namespace'])
      .execute();
  },
};
