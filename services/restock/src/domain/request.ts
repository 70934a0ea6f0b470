// What the restock routes need to know about the caller: the client address the gateway appended
// to X-Forwarded-For (captcha checks), and the public origin the visitor used (X-Forwarded-Proto
// and -Host), which travels in restock.signup.created so the newsletter confirmation mail of a
// visitor who joined the mailing list links back to the site they were on.
import type { FastifyRequest } from 'fastify';

const first = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/** The client address: the last X-Forwarded-For entry (the one the gateway added), else the socket's. */
export function clientIp(request: FastifyRequest): string {
  const last = first(request.headers['x-forwarded-for'])?.split(',').pop()?.trim();
  return last && last.length <= 64 ? last : request.ip;
}

/** The site's origin as the visitor saw it; a host that is not a plain host name falls back to localhost. */
export function publicOrigin(request: FastifyRequest): string {
  const proto = first(request.headers['x-forwarded-proto']) === 'https' ? 'https' : 'http';
  const host = first(request.headers['x-forwarded-host']) ?? first(request.headers.host) ?? 'localhost';
  return /^[A-Za-z0-9.:[\]-]{1,255}$/.test(host) ? `${proto}://${host}` : `${proto}://localhost`;
}
