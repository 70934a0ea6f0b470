// What every ingestion route takes from the request, and how it answers: 202 with the count of
// records taken (or why none were), 503 when the buffer is full. Census cookies are cleared on
// the answer when the website's cookie policy is restrictive (SPEC 9).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AnalyticsMessages, type IngestAccepted } from '@sc/contracts';
import { errorBody, identityOf, publicOriginOf, websiteIdOf } from '@sc/platform';
import type { IngestBuffer } from './buffer.js';
import type { CallFacts, Outcome } from './ingest.service.js';
import type { IngestRecord } from './records.js';
import { clientAddress } from './visitor-id.js';

const single = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

export function factsOf(request: FastifyRequest): CallFacts {
  const identity = identityOf(request);
  return {
    websiteId: websiteIdOf(request),
    identity: { kind: identity.kind, roles: identity.roles },
    userAgent: single(request.headers['user-agent']),
    address: clientAddress(request),
    // The website's host as the gateway signed it, not the request's Host (which the client writes).
    host: new URL(publicOriginOf(request)).host,
    cookies: request.cookies,
    receivedAt: Date.now(),
  };
}

/**
 * Puts the outcome's records in the buffer and shapes the answer: 202, or 503 when the buffer is
 * full (answered here, not thrown: a full buffer is load, not a fault to log at error level).
 */
export function answer(reply: FastifyReply, buffer: IngestBuffer<IngestRecord>, outcome: Outcome): IngestAccepted | FastifyReply {
  for (const name of outcome.clearCookies) reply.clearCookie(name, { path: '/' });
  if (!buffer.offer(outcome.records)) {
    return reply.code(503).header('retry-after', '1').send(errorBody('SERVICE_UNAVAILABLE', AnalyticsMessages.busy));
  }
  reply.code(202);
  return outcome.skipped ? { accepted: 0, skipped: outcome.skipped } : { accepted: outcome.records.length };
}
