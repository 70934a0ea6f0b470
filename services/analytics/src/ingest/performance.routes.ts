// SPEC 7 performance calls: the page asks for a pageLoadId, then sends its web-vital records in
// batches (beacon or XHR) when hidden or 60 s after load.
import { ErrorBody, IngestAccepted, PerformanceRecordsBody, PerformanceSettingsResponse } from '@sc/contracts';
import type { ZodApp } from '@sc/platform';
import type { IngestService } from './ingest.service.js';
import { answer, factsOf, type Intake } from './facts.js';

export function performanceRoutes(app: ZodApp, ingest: IngestService, intake: Intake): void {
  app.get(
    '/api/1/performance/settings',
    {
      schema: {
        summary: 'A page load id for performance records, and whether to send them',
        response: { 200: PerformanceSettingsResponse },
      },
    },
    async (request) => ingest.performanceSettings(factsOf(request)),
  );
  app.post(
    '/api/1/performance/records',
    {
      schema: {
        summary: 'Record a batch of web-vital records',
        body: PerformanceRecordsBody,
        response: { 202: IngestAccepted, 400: ErrorBody, 503: ErrorBody },
      },
    },
    async (request, reply) => answer(reply, intake, await ingest.performance(factsOf(request), request.body)),
  );
}
