// What owners read of the submissions: the admin Home's counts, a form's submissions (searchable,
// paged) and their CSV export.
import type { FormSubmission } from '@sc/contracts';
import type { Page } from '@sc/platform';
import { csvHeader, csvRow } from '../domain/csv.js';
import type { FormService } from '../forms/forms.service.js';
import type { SubmissionsRepository } from './submissions.repository.js';

export interface SubmissionsExport {
  filename: string;
  /** The CSV text (with a byte-order mark, CRLF lines). */
  body: string;
}

export class SubmissionsService {
  readonly #forms: FormService;
  readonly #submissions: SubmissionsRepository;

  constructor(forms: FormService, submissions: SubmissionsRepository) {
    this.#forms = forms;
    this.#submissions = submissions;
  }

  /** Submissions of the last 24 hours and 7 days. */
  async summary(websiteId: string): Promise<{ last24Hours: number; last7Days: number }> {
    const counts = await this.#submissions.recentCounts(websiteId, Date.now());
    return { last24Hours: counts.day, last7Days: counts.week };
  }

  /** One page of a form's submissions (404 for a form that is not there). */
  async list(websiteId: string, formId: string, query: { q?: string; cursor?: string; limit: number }): Promise<Page<FormSubmission>> {
    await this.#forms.get(websiteId, formId);
    return this.#submissions.list(websiteId, formId, query);
  }

  /** Every submission of a form (those containing `q` when given) as CSV. */
  async exportCsv(websiteId: string, formId: string, q: string | undefined): Promise<SubmissionsExport> {
    const form = await this.#forms.get(websiteId, formId);
    const fields = form.settings.build.fields;
    const lines = [csvHeader(fields)];
    let cursor: string | undefined;
    do {
      const page = await this.#submissions.list(websiteId, form.id, { limit: 200, ...(cursor ? { cursor } : {}), ...(q ? { q } : {}) });
      for (const submission of page.items) lines.push(csvRow(fields, submission));
      cursor = page.nextPageCursor ?? undefined;
    } while (cursor);
    return { filename: `${form.id}-submissions.csv`, body: `\uFEFF${lines.join('\r\n')}\r\n` };
  }
}
