// The crumb (CSRF) check. Every POST, PUT, PATCH and DELETE under /api must repeat the crumb
// cookie in the X-CSRF-Token header or a `crumb` form field. A mismatch answers 401 with
// crumbFail, which the storefront turns into the SPEC's session message.
//
// The cookie is handed out only when a page first needs to write (issue 38): `GET /api/crumb`
// sets it and answers it, and a crumb failure of a visitor without one sets one too, so the
// client's single retry passes. No page, stylesheet, asset or image sets a cookie: a response
// with Set-Cookie is never stored by a shared cache (a CDN, Varnish), which would otherwise have
// had to send every anonymous page view to us.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CartMessages } from '@sc/contracts';
import { AppError, cookieOf } from '@sc/platform';

export const CRUMB_COOKIE = 'crumb';
export const CRUMB_HEADER = 'x-csrf-token';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const MAX_FORM_BYTES = 1_000_000;
const CRUMB = /^[A-Za-z0-9_-]{16,64}$/;

// Crumbs are cut from a block of random bytes filled 4 KiB at a time: every first visit makes
// one, and asking the CSPRNG for 16 bytes per request cost more than the crumb's own work.
const CRUMB_BYTES = 16;
let randomBlock = Buffer.alloc(0);
let randomOffset = 0;

export function newCrumb(): string {
  if (randomOffset + CRUMB_BYTES > randomBlock.length) {
    randomBlock = randomBytes(4096);
    randomOffset = 0;
  }
  const crumb = randomBlock.toString('base64url', randomOffset, randomOffset + CRUMB_BYTES);
  randomOffset += CRUMB_BYTES;
  return crumb;
}

// The crumb's Set-Cookie, written out once: its value is base64url (nothing to escape) and its
// attributes never change, so the general cookie serializer has nothing to do per request.
const CRUMB_ATTRIBUTES = '; Path=/; SameSite=Lax';

function sameCrumb(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The crumb failure the storefront expects: 401, crumbFail, status and message at the top. */
export function crumbFailure(): AppError {
  const message = CartMessages.sessionExpired;
  return new AppError('CRUMB_FAIL', message, { compat: { crumbFail: true, status: 401, message } });
}

/** Reads a form-encoded body that arrived as a stream, so its crumb can be checked and it can still be forwarded. */
async function readFormBody(request: FastifyRequest): Promise<Buffer> {
  const body = request.body;
  if (Buffer.isBuffer(body)) return body;
  if (typeof body === 'string') return Buffer.from(body);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > MAX_FORM_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'The form is too large.');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** The visitor's crumb cookie when it is well formed. */
function crumbCookieOf(request: FastifyRequest): string | undefined {
  const existing = cookieOf(request, CRUMB_COOKIE);
  return existing && CRUMB.test(existing) ? existing : undefined;
}

/** Sets a new crumb cookie on this answer and answers the crumb. */
function setNewCrumb(request: FastifyRequest, reply: FastifyReply): string {
  const crumb = newCrumb();
  // Readable by the page's scripts, which send it back as the header: that is the point of it.
  reply.header('set-cookie', `${CRUMB_COOKIE}=${crumb}${CRUMB_ATTRIBUTES}${request.protocol === 'https' ? '; Secure' : ''}`);
  return crumb;
}

/**
 * The visitor's crumb, from its cookie, or a new one set on this answer. A visitor who has one
 * keeps it: two writes a page starts at once must not rotate each other's crumb away.
 */
export function crumbFor(request: FastifyRequest, reply: FastifyReply): string {
  return crumbCookieOf(request) ?? setNewCrumb(request, reply);
}

// The POSTs that take no crumb, each for a reason (test/hostile-input.test.ts keeps the same list
// and fails on any other unsafe route that goes through without one):
// - visitor tracking the SPEC sends without a crumb (SPEC 7): RecordHit carries event, data and
//   ss_cvr only; the button, form and overlay calls carry the visitor cookie; quick views; the
//   performance records and provider events, sent by beacon, which cannot set headers. They change
//   nothing a visitor owns, so a forged one is no worse than one sent straight from a script.
// - Stripe's webhook, which a browser never sends and which is verified by its signature.
// Everything else under the same prefixes (the owner's census settings, say) needs the crumb.
// RecordEvent and RecordJavascriptErrors carry the crumb in the SPEC and stay checked.
const CRUMBLESS_PATHS = new Set([
  '/api/census/RecordHit',
  '/api/census/button-click',
  '/api/census/button-render',
  '/api/census/form-render',
  '/api/census/overlay',
  '/api/1/performance/records',
  '/api/events/provider',
  '/api/commerce/payments/stripe/webhook',
]);
const CRUMBLESS_PREFIXES = ['/api/census/RecordQuickView/'];

const pathOf = (url: string): string => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

/** Whether this request must repeat the crumb: unsafe /api calls not made with an API key. */
export function needsCrumbCheck(request: FastifyRequest): boolean {
  if (!UNSAFE.has(request.method) || !request.url.startsWith('/api/')) return false;
  const path = pathOf(request.url);
  if (request.method === 'POST' && (CRUMBLESS_PATHS.has(path) || CRUMBLESS_PREFIXES.some((prefix) => path.startsWith(prefix))))
    return false;
  // API keys are not sent by browsers on their own, so a keyed request cannot be forged cross-site.
  return !/^Bearer\s/i.test(request.headers.authorization ?? '');
}

/**
 * Refuses (crumbFailure) a request whose header or form field does not repeat its crumb cookie.
 * A visitor without a well-formed cookie gets one with the refusal, for the client's one retry.
 */
export async function checkCrumb(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const cookie = crumbCookieOf(request);
  if (!cookie) {
    setNewCrumb(request, reply);
    throw crumbFailure();
  }
  let sent = request.headers[CRUMB_HEADER];
  if (Array.isArray(sent)) sent = sent[0];
  if (!sent && (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
    const raw = await readFormBody(request);
    request.body = raw;
    sent = new URLSearchParams(raw.toString('utf8')).get('crumb') ?? undefined;
  }
  if (!sent || !sameCrumb(sent, cookie)) throw crumbFailure();
}

/** The path that hands out the crumb. */
export const CRUMB_PATH = '/api/crumb';

/** `GET /api/crumb`: the visitor's crumb (set as the cookie when it had none), never stored by any cache. */
export function installCrumb(app: FastifyInstance): void {
  app.get(CRUMB_PATH, async (request, reply) => {
    const crumb = crumbFor(request, reply);
    return reply.header('cache-control', 'no-store').send({ crumb });
  });
}
