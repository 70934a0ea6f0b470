// One site title: the header shows the website's title (Settings › General) unless the owner set
// a different header text. Sites seeded before this kept a header text equal to the title, which
// made the title in General look like it changed nothing; such a copy is cleared (nothing visible
// changes: an empty header text shows the same title).
import { withTables } from '@sc/platform';
import { sql, type Kysely, type Migration } from 'kysely';

export const m0006HeaderTitleFollowsSite: Migration = {
  async up(db: Kysely<unknown>) {
    // The builder (not raw SQL) so the service's schema qualifies both tables.
    const d = withTables<{
      site_documents: { website_id: string; kind: string; document: unknown };
      websites: { id: string; title: string };
    }>(db);
    await d
      .updateTable('site_documents')
      .from('websites')
      .set({ document: sql`jsonb_set(site_documents.document, '{header,siteTitle}', '""'::jsonb)` })
      .whereRef('websites.id', '=', 'site_documents.website_id')
      .where('site_documents.kind', '=', 'header-footer')
      .where((eb) => eb(sql<string>`site_documents.document->'header'->>'siteTitle'`, '=', eb.ref('websites.title')))
      .execute();
  },
};
