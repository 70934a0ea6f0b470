// SPEC 7 census calls: RecordHit (form-encoded page views), the button, form and overlay calls,
// and RecordQuickView. All answer 202 as soon as their records are stored in the journal.
import {
  CENSUS_INTERACTIONS,
  CensusInteractionBody,
  ErrorBody,
  IngestAccepted,
  RecordHitForm,
  RecordQuickViewBody,
  RecordQuickViewParams,
} from '@sc/contracts';
import type { ZodApp } from '@sc/platform';
import type { IngestService } from '../ingest/ingest.service.js';
import { answer, factsOf, type Intake } from '../ingest/facts.js';

const response = { 202: IngestAccepted, 400: ErrorBody, 503: ErrorBody };

export function censusRoutes(app: ZodApp, ingest: IngestService, intake: Intake): void {
  app.post(
    '/api/census/RecordHit',
    { schema: { summary: 'Record a page view (form-encoded: event, data, ss_cvr)', body: RecordHitForm, response } },
    async (request, reply) => answer(reply, intake, await ingest.hit(factsOf(request), request.body)),
  );
  for (const kind of CENSUS_INTERACTIONS) {
    app.post(
      `/api/census/${kind}`,
      { schema: { summary: `Record a ${kind} (needs the census cookie)`, body: CensusInteractionBody, response } },
      async (request, reply) => answer(reply, intake, await ingest.interaction(factsOf(request), kind, request.body)),
    );
  }
  app.post(
    '/api/census/RecordQuickView/:id',
    {
      schema: {
        summary: 'Record a product quick view (needs the census cookie)',
        params: RecordQuickViewParams,
        body: RecordQuickViewBody.nullish(),
        response,
      },
    },
    async (request, reply) => answer(reply, intake, await ingest.quickView(factsOf(request), request.params.id, request.body ?? {})),
  );
}
