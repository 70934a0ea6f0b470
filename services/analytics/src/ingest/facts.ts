// What every ingestion route takes from the request, and how it answers: 202 with the count of
// records taken (or why none were) once they are stored in the journal, 503 when the buffer is
// full (a journal that cannot be written fails the call too: 503 for a lost database). Census cookies are cleared on
// the answer when the website's cookie policy is restrictive (SPEC 9).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AnalyticsMessages, type IngestAccepted } from '@sc/contracts';
import { errorBody, identityOf, publicOriginOf, websiteIdOf } from '@sc/platform';
import type { IngestBuffer } from './buffer.js';
import type { CallFacts, Outcome } from './ingest.service.js';
import type { IngestJournal } from './journal.js';
import type { BufferedRecord } from './records.js';
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

/** Where accepted records go: the journal first (durable), then the buffer (written in batches). */
export interface Intake {
  buffer: IngestBuffer<BufferedRecord>;
  journal: IngestJournal;
}

/**
 * Stores the outcome's records in the journal, puts them in the buffer and shapes the answer: 202
 * only once they are stored, or 503 when the buffer is full (answered here, not thrown: a full
 * buffer is load, not a fault to log at error level). A journal write that fails throws (a lost
 * database is a 503 with Retry-After): nothing is answered 202 that a crash could lose.
 */
export async function answer(reply: FastifyReply, intake: Intake, outcome: Outcome): Promise<IngestAccepted | FastifyReply> {
  for (const name of outcome.clearCookies) reply.clearCookie(name, { path: '/' });
  const records: BufferedRecord[] = outcome.records;
  if (records.length > 0) {
    if (!intake.buffer.hasRoom(records.length)) {
      return reply.code(503).header('retry-after', '1').send(errorBody('SERVICE_UNAVAILABLE', AnalyticsMessages.busy));
    }
    const journal = await intake.journal.append(records);
    for (const record of records) record.journal = journal;
    // Refused only when shutdown began meanwhile: the journal holds them, and recovery writes them.
    intake.buffer.offer(records);
  }
  reply.code(202);
  return outcome.skipped ? { accepted: 0, skipped: outcome.skipped } : { accepted: outcome.records.length };
}
