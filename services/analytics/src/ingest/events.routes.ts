// SPEC 7 events calls: RecordEvent (form-encoded: crumb, event, data), RecordJavascriptErrors
// (a JSON array), and the provider events endpoint (eventSchemaName, eventContent as JSON text)
// with its validate mode, which checks a payload and records nothing.
import {
  ErrorBody,
  IngestAccepted,
  ProviderEventBody,
  ProviderValidateBody,
  ProviderValidateParams,
  ProviderValidateResponse,
  RecordEventForm,
  RecordJavascriptErrorsBody,
} from '@sc/contracts';
import type { ZodApp } from '@sc/platform';
import type { IngestService } from './ingest.service.js';
import { answer, factsOf, type Intake } from './facts.js';

const response = { 202: IngestAccepted, 400: ErrorBody, 503: ErrorBody };
export const PROVIDER_EVENTS_PATH = '/api/events/provider';

export function eventsRoutes(app: ZodApp, ingest: IngestService, intake: Intake): void {
  app.post(
    '/api/events/RecordEvent',
    { schema: { summary: 'Record a named visitor event (form-encoded: crumb, event, data)', body: RecordEventForm, response } },
    async (request, reply) => answer(reply, intake, await ingest.event(factsOf(request), request.body)),
  );
  app.post(
    '/api/events/RecordJavascriptErrors',
    { schema: { summary: 'Record client errors (at most 20 per call)', body: RecordJavascriptErrorsBody, response } },
    async (request, reply) => answer(reply, intake, await ingest.errors(factsOf(request), request.body)),
  );
  app.post(
    PROVIDER_EVENTS_PATH,
    {
      schema: {
        summary: 'Record a provider event (eventSchemaName, eventContent as JSON text); beacon or XHR',
        body: ProviderEventBody,
        response,
      },
    },
    async (request, reply) => answer(reply, intake, await ingest.providerEvent(factsOf(request), request.body)),
  );
  app.post(
    `${PROVIDER_EVENTS_PATH}/validate-event-content/:schemaName`,
    {
      schema: {
        summary: 'Validate a provider event payload without recording it',
        params: ProviderValidateParams,
        body: ProviderValidateBody,
        response: { 200: ProviderValidateResponse, 400: ErrorBody },
      },
    },
    async (request) => ({ valid: true as const, schemaName: request.params.schemaName }),
  );
}
