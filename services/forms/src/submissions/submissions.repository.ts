// Stored submissions: the sanitized values as JSON and a lower-cased text of them for search.
import { randomUUID } from 'node:crypto';
import { afterPosition, decodeCursor, toPage, type Page, jsonb } from '@sc/platform';
import type { FieldValue, FormSubmission, SaveSubmissionBody } from '@sc/contracts';
import { sql } from 'kysely';
import { iso } from '../domain/time.js';
import type { Db } from '../tables.js';

const SCOPE = 'submissions';

/** The searchable text of a submission's values. */
export function searchTextOf(values: Record<string, FieldValue>): string {
  const parts: string[] = [];
  for (const value of Object.values(values)) {
    if (typeof value === 'string') parts.push(value);
    else if (Array.isArray(value)) parts.push(...value);
    else parts.push(...Object.entries(value).flat());
  }
  return parts.join('\n').toLowerCase();
}

type Row = {
  id: string;
  form_id: string;
  values: unknown;
  page_title: string | null;
  page_id: string | null;
  content_source: 'i' | 'c' | null;
  page_path: string | null;
  page_permission_type_value: number | null;
  created_at: Date | string;
};

const toSubmission = (row: Row): FormSubmission => ({
  id: row.id,
  formId: row.form_id,
  values: (typeof row.values === 'string' ? JSON.parse(row.values) : row.values) as Record<string, FieldValue>,
  pageTitle: row.page_title,
  pageId: row.page_id,
  contentSource: row.content_source,
  pagePath: row.page_path,
  pagePermissionTypeValue: row.page_permission_type_value,
  createdAt: iso(row.created_at),
});

/** Escapes LIKE wildcards so a search for '50%' finds that text. */
const likePattern = (q: string): string => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export class SubmissionsRepository {
  constructor(private readonly db: Db) {}

  /** The same queries inside a transaction. */
  with(trx: Db): SubmissionsRepository {
    return new SubmissionsRepository(trx);
  }

  async insert(
    websiteId: string,
    formId: string,
    values: Record<string, FieldValue>,
    page: Omit<SaveSubmissionBody, 'formId' | 'key' | 'form' | 'captchaKey'>,
  ): Promise<string> {
    const id = randomUUID();
    await this.db
      .insertInto('submissions')
      .values({
        id,
        website_id: websiteId,
        form_id: formId,
        values: jsonb<Record<string, FieldValue>>(values),
        search_text: searchTextOf(values),
        page_title: page.pageTitle ?? null,
        page_id: page.pageId ?? null,
        content_source: page.contentSource ?? null,
        page_path: page.pagePath ?? null,
        page_permission_type_value: page.pagePermissionTypeValue ?? null,
      })
      .execute();
    return id;
  }

  /** One page of a form's submissions, newest first, optionally those containing `q`. */
  async list(websiteId: string, formId: string, options: { q?: string; cursor?: string; limit: number }): Promise<Page<FormSubmission>> {
    let query = this.db
      .selectFrom('submissions')
      .select([
        'id',
        'form_id',
        'values',
        'page_title',
        'page_id',
        'content_source',
        'page_path',
        'page_permission_type_value',
        'created_at',
      ])
      .where('website_id', '=', websiteId)
      .where('form_id', '=', formId);
    if (options.q && options.q.trim() !== '') query = query.where('search_text', 'like', likePattern(options.q.trim()));
    if (options.cursor) query = query.where(afterPosition('created_at', 'id', decodeCursor(options.cursor, SCOPE, 'timestamp'), 'desc'));
    const rows = await query
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(options.limit + 1)
      .execute();
    return toPage(rows, options.limit, (row) => ({ key: iso(row.created_at), id: row.id }), { scope: SCOPE, map: toSubmission });
  }

  async count(websiteId: string, formId: string): Promise<number> {
    const row = await this.db
      .selectFrom('submissions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('website_id', '=', websiteId)
      .where('form_id', '=', formId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Submissions of the website in the last 24 hours and the last 7 days. */
  async recentCounts(websiteId: string, now: number): Promise<{ day: number; week: number }> {
    const row = await this.db
      .selectFrom('submissions')
      .select([
        sql<string | number>`count(*) filter (where created_at >= ${new Date(now - 86_400_000)})`.as('day'),
        sql<string | number>`count(*)`.as('week'),
      ])
      .where('website_id', '=', websiteId)
      .where('created_at', '>=', new Date(now - 7 * 86_400_000))
      .executeTakeFirst();
    return { day: Number(row?.day ?? 0), week: Number(row?.week ?? 0) };
  }
}
