// Owner routes of the form definitions (content permissions: forms are part of the pages owners
// build). Submissions, subscribers and the mailbox have their own routes (form-submission
// permissions: they hold visitors' personal data).
import { z } from 'zod';
import { CreateFormBody, FormDefinition, FormParams, FormSettings, Permission } from '@sc/contracts';
import { ownerRoute, websiteIdOf, type ZodApp } from '@sc/platform';
import type { FormService } from './forms.service.js';

export const OWNER_BASE = '/api/rest/forms/definitions';

export function formsRoutes(app: ZodApp, forms: FormService): void {
  app.get(
    OWNER_BASE,
    ownerRoute(Permission.CONTENT_READ, {
      schema: { summary: "The site's forms", response: { 200: z.object({ forms: z.array(FormDefinition) }) } },
    }),
    async (request) => ({
      forms: await forms.list(websiteIdOf(request)),
    }),
  );

  app.post(
    OWNER_BASE,
    ownerRoute(Permission.CONTENT_EDIT, { schema: { summary: 'Create a form', body: CreateFormBody, response: { 201: FormDefinition } } }),
    async (request, reply) => reply.status(201).send(await forms.create(websiteIdOf(request), request.body)),
  );

  app.get(
    `${OWNER_BASE}/:formId`,
    ownerRoute(Permission.CONTENT_READ, {
      schema: { summary: 'One form with its fields and settings', params: FormParams, response: { 200: FormDefinition } },
    }),
    async (request) => forms.get(websiteIdOf(request), request.params.formId),
  );

  app.put(
    `${OWNER_BASE}/:formId`,
    ownerRoute(Permission.CONTENT_EDIT, {
      schema: { summary: "Change a form's fields and settings", params: FormParams, body: FormSettings, response: { 200: FormDefinition } },
    }),
    async (request) => forms.replace(websiteIdOf(request), request.params.formId, request.body),
  );

  app.delete(
    `${OWNER_BASE}/:formId`,
    ownerRoute(Permission.CONTENT_EDIT, { schema: { summary: 'Delete a form', params: FormParams } }),
    async (request, reply) => {
      await forms.remove(websiteIdOf(request), request.params.formId);
      return reply.status(204).send();
    },
  );
}
