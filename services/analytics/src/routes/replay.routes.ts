// GET /api/commerce/fullstory/getId: the id of a session replay, or 'automated-mock-id' when the
// page must not record one (SPEC 5 eligibility, automated clients, untracked visitors, opt-out,
// restrictive cookie policy).
import { randomUUID } from 'node:crypto';
import { REPLAY_SKIP_ID, ReplayIdQuery, ReplayIdResponse } from '@sc/contracts';
import type { ZodApp } from '@sc/platform';
import { replayEligible } from '../domain/replay.js';
import { cookiesAllowed, requesterSkip } from '../domain/tracking-rules.js';
import type { IngestService } from '../ingest/ingest.service.js';
import { factsOf } from './facts.js';

export function replayRoutes(app: ZodApp, ingest: IngestService): void {
  app.get(
    '/api/commerce/fullstory/getId',
    { schema: { summary: "The session replay id ('automated-mock-id': do not record)", querystring: ReplayIdQuery, response: { 200: ReplayIdResponse } } },
    async (request) => {
      const facts = factsOf(request);
      const site = await ingest.settingsOf(facts.websiteId);
      const eligible =
        requesterSkip({ ...facts.identity, userAgent: facts.userAgent }, site) === undefined &&
        cookiesAllowed(site) &&
        replayEligible({
          country: site.country,
          timeZone: site.timeZone,
          featureToggle: site.sessionReplay.enabled,
          experimentFlag: site.sessionReplay.experiment,
          cpuCores: request.query.cores,
        });
      return { id: eligible ? randomUUID() : REPLAY_SKIP_ID };
    },
  );
}
