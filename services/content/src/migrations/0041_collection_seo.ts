// A page's or collection's own SEO title, description and social image (issue 37); null when the
// owner set none (the storefront then uses the page's own text and pictures).
import type { Kysely, Migration } from 'kysely';

export const m0041CollectionSeo: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('collections').addColumn('seo', 'jsonb').execute();
  },
};
