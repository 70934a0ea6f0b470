// The request's cookies, parsed once and only when a step asks for one. The gateway reads two or
// three cookies per request (the crumb's Set-Cookie is written in crumb.ts);
// @fastify/cookie parsed every header and ran an onSend hook on every answer for that (about a
// tenth of the gateway's CPU in bench/gateway's profile).
import { parse } from 'cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The parsed Cookie header (null until a step first reads a cookie). */
    cookieJar: Record<string, string | undefined> | null;
  }
}

const NONE: Record<string, string | undefined> = Object.freeze({});

/** Gives every request an (unparsed) cookie jar; call once when building the app. */
export function installCookies(app: FastifyInstance): void {
  app.decorateRequest('cookieJar', null);
}

/** The value of cookie `name` on this request, if any. */
export function cookieOf(request: FastifyRequest, name: string): string | undefined {
  let jar = request.cookieJar;
  if (!jar) {
    const header = request.headers.cookie;
    jar = header ? parse(header) : NONE;
    request.cookieJar = jar;
  }
  return jar[name];
}
