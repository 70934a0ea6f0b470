// Owner routes of the submissions (form-submission permissions: they hold visitors' personal
// data): the admin Home's counts, a form's submissions with search, and their CSV export.
import { z } from 'zod';
import { FormParams, FormSubmission, FormsSummary, Permission, SubmissionListQuery } from '@sc/contracts';
import { ownerRoute, pageSchema, websiteIdOf, type ZodApp } from '@sc/platform';
import { OWNER_BASE } from '../forms/forms.routes.js';
import type { SubmissionsService } from './submissions.service.js';

export function submissionsRoutes(app: ZodApp, submissions: SubmissionsService): void {
  app.get(
    '/api/rest/forms/summary',
    ownerRoute(Permission.FORM_SUBMISSIONS_READ, {
      schema: { summary: 'Form submissions of the last 24 hours and 7 days, for the admin Home', response: { 200: FormsSummary } },
    }),
    async (request) => submissions.summary(websiteIdOf(request)),
  );

  app.get(
    `${OWNER_BASE}/:formId/submissions`,
    ownerRoute(Permission.FORM_SUBMISSIONS_READ, {
      schema: {
        summary: "A form's submissions, newest first, searchable, paged",
        params: FormParams,
        querystring: SubmissionListQuery,
        response: { 200: pageSchema(FormSubmission) },
      },
    }),
    async (request) => submissions.list(websiteIdOf(request), request.params.formId, request.query),
  );

  app.get(
    `${OWNER_BASE}/:formId/submissions/export`,
    ownerRoute(Permission.FORM_SUBMISSIONS_READ, {
      schema: {
        summary: "A form's submissions as CSV",
        params: FormParams,
        querystring: z.object({ q: z.string().max(200).optional() }).strict(),
      },
    }),
    async (request, reply) => {
      const csv = await submissions.exportCsv(websiteIdOf(request), request.params.formId, request.query.q);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${csv.filename}"`).send(csv.body);
    },
  );
}
