// GET /api/commerce/fullstory/getId: the id of a session replay, or 'automated-mock-id' when the
// page must not record one (SPEC 5 eligibility, automated clients, untracked visitors, opt-out,
// restrictive cookie policy).
import { ReplayIdQuery, ReplayIdResponse } from '@sc/contracts';
import type { ZodApp } from '@sc/platform';
import { factsOf } from '../ingest/facts.js';
import type { ReplayService } from './replay.service.js';

export function replayRoutes(app: ZodApp, replay: ReplayService): void {
  app.get(
    '/api/commerce/fullstory/getId',
    {
      schema: {
        summary: "The session replay id ('automated-mock-id': do not record)",
        querystring: ReplayIdQuery,
        response: { 200: ReplayIdResponse },
      },
    },
    async (request) => ({ id: await replay.replayId(factsOf(request), request.query.cores) }),
  );
}
