// The visitor's calls (SPEC 7): the template schema, the public form, validate, the submission
// key, save, and the built-in captcha's challenge.
import type { FastifyInstance } from 'fastify';
import {
  CaptchaChallenge,
  FormParams,
  PublicForm,
  SaveSubmissionBody,
  SaveSubmissionResponse,
  SubmissionKeyResponse,
  TemplateSchema,
  TemplateSchemaQuery,
  ValidateFormBody,
  ValidateFormResponse,
  publicFormOf,
} from '@sc/contracts';
import { websiteIdOf, type ZodApp, clientAddressOf } from '@sc/platform';
import { templateSchema } from '../forms/template.js';
import type { SubmitService } from './submit.service.js';

/** These calls are sent with an empty body (SPEC 7): an empty JSON body is read as no body. */
function acceptEmptyJson(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    // The body is never read by these routes; only its emptiness matters.
    done(null, typeof body === 'string' && body.trim() !== '' ? { ignored: true } : undefined);
  });
}

export function visitorRoutes(app: ZodApp, submit: SubmitService): void {
  app.get(
    '/api/template/GetTemplateSchema',
    {
      schema: {
        summary: 'The fields, field types and defaults of a form type',
        querystring: TemplateSchemaQuery,
        response: { 200: TemplateSchema },
      },
    },
    async (request) => templateSchema(request.query.type),
  );

  app.get(
    '/api/rest/forms/:formId',
    { schema: { summary: "A form as a visitor's page renders it", params: FormParams, response: { 200: PublicForm } } },
    async (request) => {
      const form = await submit.configuredForm(websiteIdOf(request), request.params.formId);
      return publicFormOf(form.id, form.settings);
    },
  );

  app.post(
    '/api/rest/forms/validate/:formId',
    {
      schema: {
        summary: "Check a form's answers without saving them",
        params: FormParams,
        body: ValidateFormBody,
        response: { 200: ValidateFormResponse },
      },
    },
    async (request) => ({ errors: await submit.validate(websiteIdOf(request), request.params.formId, request.body) }),
  );

  app.register(async (scope) => {
    acceptEmptyJson(scope);
    const zod = scope;
    zod.post(
      '/api/form/FormSubmissionKey',
      { schema: { summary: 'A one-time key that a form submission must carry', response: { 200: SubmissionKeyResponse } } },
      async (request) => submit.issueKey(websiteIdOf(request)),
    );
    zod.post(
      '/api/form/captcha/challenge',
      { schema: { summary: 'A captcha challenge for a form (solved in the browser)', response: { 200: CaptchaChallenge } } },
      async (request) => submit.challenge(websiteIdOf(request)),
    );
  });

  app.post(
    '/api/form/SaveFormSubmission',
    {
      schema: {
        summary: 'Submit a form (errors map field ids to messages)',
        body: SaveSubmissionBody,
        response: { 200: SaveSubmissionResponse },
      },
    },
    async (request) => submit.save({ websiteId: websiteIdOf(request), ip: clientAddressOf(request) }, request.body),
  );
}
