// Form definitions: one row per (website, form id), the settings as one JSON document.
import { sql } from 'kysely';
import { FormSettings, FormType, type FormDefinition } from '@sc/contracts';
import { iso } from '../domain/time.js';
import type { Db } from '../tables.js';
import { jsonb } from '@sc/platform';

type Row = { id: string; website_id: string; settings: unknown; created_at: Date | string; updated_at: Date | string };

const toDefinition = (row: Row): FormDefinition => ({
  id: row.id,
  websiteId: row.website_id,
  // Stored settings were validated on write; parsing again fills defaults added since.
  settings: FormSettings.parse(typeof row.settings === 'string' ? JSON.parse(row.settings) : row.settings),
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

export class FormsRepository {
  constructor(private readonly db: Db) {}

  /** The same queries inside a transaction. */
  with(trx: Db): FormsRepository {
    return new FormsRepository(trx);
  }

  async find(websiteId: string, id: string): Promise<FormDefinition | undefined> {
    const row = await this.db.selectFrom('forms').selectAll().where('website_id', '=', websiteId).where('id', '=', id).executeTakeFirst();
    return row ? toDefinition(row) : undefined;
  }

  /** The website's oldest newsletter-block form: its mailing list, which other ways of joining add to. */
  async findMailingList(websiteId: string): Promise<FormDefinition | undefined> {
    const row = await this.db
      .selectFrom('forms')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where(sql<string>`settings->>'formType'`, '=', String(FormType.NEWSLETTER_BLOCK))
      .orderBy('created_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return row ? toDefinition(row) : undefined;
  }

  async list(websiteId: string): Promise<FormDefinition[]> {
    const rows = await this.db
      .selectFrom('forms')
      .selectAll()
      .where('website_id', '=', websiteId)
      .orderBy('created_at')
      .orderBy('id')
      .limit(1000)
      .execute();
    return rows.map(toDefinition);
  }

  /** Inserts a form; returns false when the id is taken on this website. */
  async insert(websiteId: string, id: string, settings: FormSettings): Promise<boolean> {
    const row = await this.db
      .insertInto('forms')
      .values({ website_id: websiteId, id, settings: jsonb<FormSettings>(settings) })
      .onConflict((oc) => oc.columns(['website_id', 'id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async update(websiteId: string, id: string, settings: FormSettings): Promise<FormDefinition | undefined> {
    const row = await this.db
      .updateTable('forms')
      .set({ settings: jsonb<FormSettings>(settings), updated_at: sql<Date>`now()` })
      .where('website_id', '=', websiteId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row ? toDefinition(row) : undefined;
  }

  async delete(websiteId: string, id: string): Promise<boolean> {
    // RETURNING rather than the affected-row count, which the embedded driver does not report.
    const row = await this.db
      .deleteFrom('forms')
      .where('website_id', '=', websiteId)
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }
}
