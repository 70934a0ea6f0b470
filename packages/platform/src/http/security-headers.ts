// Security headers (helmet) for every route of a Fastify scope, with the middleware built once.
// @fastify/helmet builds helmet's middleware again for every request (parsing the whole policy
// each time), which was a tenth of a cached page's CPU in render (issue 24). helmet itself keeps
// the rules (which headers, their values); this only applies its middleware, built once per scope.
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export type SecurityHeaderOptions = Readonly<HelmetOptions>;

/** Sets helmet's headers (built once from `options`) on every response of `scope`. */
export function useSecurityHeaders(scope: FastifyInstance, options: SecurityHeaderOptions): void {
  const apply = helmet(options);
  scope.addHook('onRequest', (request, reply, done) => {
    // helmet (8.1+) throws rather than passing an error on; it never fails for valid options.
    apply(request.raw, reply.raw, () => done());
  });
}
