// Owner routes: form definitions (content permissions: forms are part of the pages owners build),
// submissions with search and CSV export, newsletter subscribers and the local mailbox
// (form-submission permissions: they hold visitors' personal data).
import { z } from 'zod';
import {
  FormsSummary,
  CreateFormBody,
  FormDefinition,
  FormParams,
  FormSettings,
  FormSubmission,
  MailboxMessage,
  MailboxQuery,
  NewsletterSubscriber,
  Permission,
  SubmissionListQuery,
} from '@sc/contracts';
import { listMailbox, ownerRoute, pageSchema, websiteIdOf, type MailTables, type ServiceContext, type ZodApp } from '@sc/platform';
import { sql, type Kysely } from 'kysely';
import { csvHeader, csvRow } from '../domain/csv.js';
import type { FormService } from '../forms.service.js';
import type { FormsDB } from '../forms.table.js';
import { listSubmissions } from '../store/submissions.repository.js';
import { listSubscribers } from '../store/subscribers.repository.js';

export const OWNER_BASE = '/api/rest/forms/definitions';
const PageQuery = z.object({ cursor: z.string().max(512).optional(), limit: z.coerce.number().int().min(1).max(200).default(50) }).strict();

export function ownerRoutes(app: ZodApp, ctx: ServiceContext<FormsDB>, forms: FormService): void {
  app.get(OWNER_BASE, ownerRoute(Permission.CONTENT_READ, { schema: { summary: "The site's forms", response: { 200: z.object({ forms: z.array(FormDefinition) }) } } }), async (request) => ({
    forms: await forms.list(websiteIdOf(request)),
  }));

  app.post(OWNER_BASE, ownerRoute(Permission.CONTENT_EDIT, { schema: { summary: 'Create a form', body: CreateFormBody, response: { 201: FormDefinition } } }), async (request, reply) =>
    reply.status(201).send(await forms.create(websiteIdOf(request), request.body)),
  );

  app.get(`${OWNER_BASE}/:formId`, ownerRoute(Permission.CONTENT_READ, { schema: { summary: 'One form with its fields and settings', params: FormParams, response: { 200: FormDefinition } } }), async (request) =>
    forms.get(websiteIdOf(request), request.params.formId),
  );

  app.put(
    `${OWNER_BASE}/:formId`,
    ownerRoute(Permission.CONTENT_EDIT, { schema: { summary: "Change a form's fields and settings", params: FormParams, body: FormSettings, response: { 200: FormDefinition } } }),
    async (request) => forms.replace(websiteIdOf(request), request.params.formId, request.body),
  );

  app.delete(`${OWNER_BASE}/:formId`, ownerRoute(Permission.CONTENT_EDIT, { schema: { summary: 'Delete a form', params: FormParams } }), async (request, reply) => {
    await forms.remove(websiteIdOf(request), request.params.formId);
    return reply.status(204).send();
  });

  app.get('/api/rest/forms/summary', ownerRoute(Permission.FORM_SUBMISSIONS_READ, { schema: { summary: 'Form submissions of the last 24 hours and 7 days, for the admin Home', response: { 200: FormsSummary } } }), async (request) => {
    const now = Date.now();
    const row = await ctx.db
      .selectFrom('submissions')
      .select([
        sql<string | number>`count(*) filter (where created_at >= ${new Date(now - 86_400_000)})`.as('day'),
        sql<string | number>`count(*)`.as('week'),
      ])
      .where('website_id', '=', websiteIdOf(request))
      .where('created_at', '>=', new Date(now - 7 * 86_400_000))
      .executeTakeFirst();
    return { last24Hours: Number(row?.day ?? 0), last7Days: Number(row?.week ?? 0) };
  });

  app.get(
    `${OWNER_BASE}/:formId/submissions`,
    ownerRoute(Permission.FORM_SUBMISSIONS_READ, { schema: { summary: "A form's submissions, newest first, searchable, paged", params: FormParams, querystring: SubmissionListQuery, response: { 200: pageSchema(FormSubmission) } } }),
    async (request) => {
      const websiteId = websiteIdOf(request);
      await forms.get(websiteId, request.params.formId);
      return listSubmissions(ctx.db, websiteId, request.params.formId, request.query);
    },
  );

  app.get(
    `${OWNER_BASE}/:formId/submissions/export`,
    ownerRoute(Permission.FORM_SUBMISSIONS_READ, { schema: { summary: "A form's submissions as CSV", params: FormParams, querystring: z.object({ q: z.string().max(200).optional() }).strict() } }),
    async (request, reply) => {
      const websiteId = websiteIdOf(request);
      const form = await forms.get(websiteId, request.params.formId);
      const fields = form.settings.build.fields;
      const lines = [csvHeader(fields)];
      let cursor: string | undefined;
      do {
        const page = await listSubmissions(ctx.db, websiteId, form.id, { limit: 200, ...(cursor ? { cursor } : {}), ...(request.query.q ? { q: request.query.q } : {}) });
        for (const submission of page.items) lines.push(csvRow(fields, submission));
        cursor = page.nextPageCursor ?? undefined;
      } while (cursor);
      const filename = `${form.id}-submissions.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(`\uFEFF${lines.join('\r\n')}\r\n`);
    },
  );

  app.get(
    `${OWNER_BASE}/:formId/subscribers`,
    ownerRoute(Permission.FORM_SUBMISSIONS_READ, { schema: { summary: "A newsletter form's subscribers, paged", params: FormParams, querystring: PageQuery, response: { 200: pageSchema(NewsletterSubscriber) } } }),
    async (request) => {
      const websiteId = websiteIdOf(request);
      await forms.get(websiteId, request.params.formId);
      return listSubscribers(ctx.db, websiteId, request.params.formId, request.query);
    },
  );

  app.get(
    '/api/form/mailbox',
    ownerRoute(Permission.FORM_SUBMISSIONS_READ, { schema: { summary: 'The mail the forms sent (notifications, confirmations), paged', querystring: MailboxQuery, response: { 200: pageSchema(MailboxMessage) } } }),
    async (request) => listMailbox(ctx.db as unknown as Kysely<MailTables>, websiteIdOf(request), request.query),
  );
}
