// What the identity routes read from a request that came through the gateway, and the cookies
// they set. The gateway always overwrites X-Forwarded-Proto and appends the client address it
// saw to X-Forwarded-For, so the last entry is the one to trust.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientAddressOf } from '@sc/platform';
import { sessionCookieName } from '@sc/contracts';

/** True when the visitor reached the gateway over HTTPS. */
export function isSecure(request: FastifyRequest): boolean {
  const proto = request.headers['x-forwarded-proto'];
  return (Array.isArray(proto) ? proto[0] : proto) === 'https' || request.protocol === 'https';
}

/** The client address the gateway saw (inside its signed identity). */
export function clientIp(request: FastifyRequest): string {
  return clientAddressOf(request);
}

const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

/** The session token in the request's cookie `name` (prefixed under HTTPS), if well-formed. */
export function sessionToken(request: FastifyRequest, name: string): string | undefined {
  const value = request.cookies[sessionCookieName(name, isSecure(request))];
  return value && TOKEN.test(value) ? value : undefined;
}

/** A cookie's value if it looks like a token (the guest cart cookie). */
export function tokenCookie(request: FastifyRequest, name: string): string | undefined {
  const value = request.cookies[name];
  return value && TOKEN.test(value) ? value : undefined;
}

interface CookieOptions {
  httpOnly: boolean;
  /** Lifetime; undefined makes a browser-session cookie. */
  maxAgeMs: number | undefined;
}

/** Sets a cookie with the attributes every identity cookie shares (path /, SameSite=Lax, Secure under HTTPS). */
export function setCookie(request: FastifyRequest, reply: FastifyReply, name: string, value: string, options: CookieOptions): void {
  reply.setCookie(name, value, {
    path: '/',
    sameSite: 'lax',
    secure: isSecure(request),
    httpOnly: options.httpOnly,
    ...(options.maxAgeMs === undefined ? {} : { maxAge: Math.floor(options.maxAgeMs / 1000) }),
  });
}

/** Expires a cookie set by setCookie. */
export function clearCookie(request: FastifyRequest, reply: FastifyReply, name: string): void {
  reply.clearCookie(name, { path: '/', sameSite: 'lax', secure: isSecure(request) });
}
