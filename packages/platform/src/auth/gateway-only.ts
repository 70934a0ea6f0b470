// Services answer only what came through the gateway. With IDENTITY_SIGNING_KEY set (every
// launcher sets one), a request without the gateway's valid signed identity is refused before
// any route runs: a caller that reaches a service's port directly cannot name a tenant
// (X-Website-Id) or a client address of its choosing. Probes and the OpenAPI document stay open,
// for the orchestrator and for the gateway's merged /api/openapi.json.
import type { FastifyInstance } from 'fastify';
import { GenericErrorMessages } from '@sc/contracts';
import { AppError } from '../errors.js';
import { hasGatewayIdentity } from './require-permission.js';

/** Paths any caller may reach: health probes, metrics and the OpenAPI document. */
const OPEN_PATHS = new Set(['/healthz', '/readyz', '/openapi.json', '/metrics']);

const pathOf = (url: string): string => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

/** Refuses (401) every request but the open paths that lacks a valid signed identity. */
export function installGatewayOnly(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (OPEN_PATHS.has(pathOf(request.url)) || hasGatewayIdentity(request)) return done();
    done(new AppError('UNAUTHORIZED', GenericErrorMessages.notThroughGateway));
  });
}
