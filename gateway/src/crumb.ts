// The crumb (CSRF) check. The crumb cookie is set on the first response; every POST, PUT, PATCH
// and DELETE under /api must repeat it in the X-CSRF-Token header or a `crumb` form field. A
// mismatch answers 401 with crumbFail, which the storefront turns into the SPEC's session message.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CartMessages } from '@sc/contracts';
import { AppError } from '@sc/platform';

export const CRUMB_COOKIE = 'crumb';
export const CRUMB_HEADER = 'x-csrf-token';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const MAX_FORM_BYTES = 1_000_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** The crumb of this visitor: the cookie's, or the one made for this response. */
    crumb: string;
  }
}

export const newCrumb = (): string => randomBytes(16).toString('base64url');

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

/** Installs the crumb cookie and the check on unsafe /api requests. Needs @fastify/cookie. */
export function installCrumb(app: FastifyInstance): void {
  app.decorateRequest('crumb', '');
  app.addHook('onRequest', async (request, reply) => {
    const existing = request.cookies[CRUMB_COOKIE];
    if (existing && /^[A-Za-z0-9_-]{16,64}$/.test(existing)) {
      request.crumb = existing;
      return;
    }
    request.crumb = newCrumb();
    // Readable by the page's scripts, which send it back as the header: that is the point of it.
    reply.setCookie(CRUMB_COOKIE, request.crumb, { path: '/', sameSite: 'lax', secure: request.protocol === 'https' });
  });
  app.addHook('preHandler', async (request) => {
    if (!UNSAFE.has(request.method) || !request.url.startsWith('/api/')) return;
    // API keys are not sent by browsers on their own, so a keyed request cannot be forged cross-site.
    if (/^Bearer\s/i.test(request.headers.authorization ?? '')) return;
    const cookie = request.cookies[CRUMB_COOKIE];
    if (!cookie) throw crumbFailure();
    let sent = request.headers[CRUMB_HEADER];
    if (Array.isArray(sent)) sent = sent[0];
    if (!sent && (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      const raw = await readFormBody(request);
      request.body = raw;
      sent = new URLSearchParams(raw.toString('utf8')).get('crumb') ?? undefined;
    }
    if (!sent || !sameCrumb(sent, cookie)) throw crumbFailure();
  });
}
