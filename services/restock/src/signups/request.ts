// What the restock routes need to know about the caller: the client address the gateway appended
// to X-Forwarded-For (captcha checks), and the public origin the visitor used (X-Forwarded-Proto
// and -Host), which travels in restock.signup.created so the newsletter confirmation mail of a
// visitor who joined the mailing list links back to the site they were on.
import type { FastifyRequest } from 'fastify';
import { clientAddressOf } from '@sc/platform';

const first = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/** The client address as the gateway saw it (inside its signed identity). */
export function clientIp(request: FastifyRequest): string {
  return clientAddressOf(request);
}

/** The site's origin as the visitor saw it; a host that is not a plain host name falls back to localhost. */
export function publicOrigin(request: FastifyRequest): string {
  const proto = first(request.headers['x-forwarded-proto']) === 'https' ? 'https' : 'http';
  const host = first(request.headers['x-forwarded-host']) ?? first(request.headers.host) ?? 'localhost';
  return /^[A-Za-z0-9.:[\]-]{1,255}$/.test(host) ? `${proto}://${host}` : `${proto}://localhost`;
}
