// The media library (issue 22): one row per image a website's owners uploaded, by its content
// hash, with the owner's file name, its pixel size and bytes, the alt text and focal point the
// library writes into every usage, and the upload that replaced it, if any. Files themselves stay
// in the asset storage; serving an image never reads this table.
import { sql, type Kysely, type Migration } from 'kysely';

export const m0007MediaLibrary: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('media_assets')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('file', 'text', (c) => c.notNull())
      .addColumn('filename', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('bytes', 'integer', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('alt_text', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('focal_x', 'double precision', (c) => c.notNull().defaultTo(0.5))
      .addColumn('focal_y', 'double precision', (c) => c.notNull().defaultTo(0.5))
      .addColumn('replaced_by', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('media_assets_pk', ['website_id', 'id'])
      .execute();
    await db.schema.createIndex('media_assets_newest').on('media_assets').columns(['website_id', 'created_at']).execute();
  },
};
