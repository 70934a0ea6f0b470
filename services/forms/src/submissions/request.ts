// What the forms routes need to know about the caller: the client address the gateway appended
// to X-Forwarded-For, and the public origin links in mail should point at.
import type { FastifyRequest } from 'fastify';
import { clientAddressOf } from '@sc/platform';

const first = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/** The client address as the gateway saw it (inside its signed identity). */
export function clientIp(request: FastifyRequest): string {
  return clientAddressOf(request);
}

/** The site's origin as the visitor saw it (the gateway's X-Forwarded-Proto and -Host). */
export function publicOrigin(request: FastifyRequest): string {
  const proto = first(request.headers['x-forwarded-proto']) === 'https' ? 'https' : 'http';
  const host = first(request.headers['x-forwarded-host']) ?? first(request.headers.host) ?? 'localhost';
  return /^[A-Za-z0-9.:[\]-]{1,255}$/.test(host) ? `${proto}://${host}` : `${proto}://localhost`;
}
