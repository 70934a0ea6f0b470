// Forwarding to the services with @fastify/http-proxy (on undici). The gateway sets the headers
// services trust (request id, website, trace context) and strips any a client tried to send; a
// service that is down or slow gives a clear 502/504 body at once, never a hang.
import httpProxy from '@fastify/http-proxy';
import { context, propagation, trace } from '@opentelemetry/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { errorBody, type ServiceName } from '@sc/platform';
import { serviceUrl, type GatewayEnv } from './config.js';
import { PAGES_SERVICE, ROUTES } from './routes.js';
import { websiteIdFor } from './website.js';

/** Headers only the gateway may set; a client's copies are dropped before forwarding. */
export const TRUSTED_HEADERS = ['x-website-id', 'x-sc-identity', 'x-sc-identity-signature'] as const;

const METHODS = ['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT', 'OPTIONS'] as const;

function forwardHeaders(request: FastifyRequest, headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = { ...headers };
  for (const name of TRUSTED_HEADERS) delete out[name];
  out['x-request-id'] = request.id;
  out['x-website-id'] = websiteIdFor(request);
  out['x-forwarded-for'] = headers['x-forwarded-for'] ? `${String(headers['x-forwarded-for'])}, ${request.ip}` : request.ip;
  out['x-forwarded-proto'] = request.protocol;
  out['x-forwarded-host'] = headers.host;
  const carrier: Record<string, string> = {};
  const active = request.span ? trace.setSpan(context.active(), request.span) : context.active();
  propagation.inject(active, carrier);
  Object.assign(out, carrier);
  return out;
}

function upstreamFailure(service: ServiceName) {
  // Typed loosely: reply-from declares the reply for HTTP/1 and HTTP/2 servers alike.
  interface LooseReply {
    log: FastifyReply['log'];
    sent: boolean;
    status(code: number): { send(body: unknown): unknown };
  }
  return (reply: LooseReply, { error }: { error: Error & { statusCode?: number; code?: string } }) => {
    const timedOut = error.statusCode === 504 || /TIMEOUT/i.test(error.code ?? '');
    reply.log.warn({ err: error, service }, 'upstream failed');
    if (reply.sent) return;
    reply
      .status(timedOut ? 504 : 502)
      .send(
        errorBody(
          timedOut ? 'GATEWAY_TIMEOUT' : 'BAD_GATEWAY',
          timedOut ? `The ${service} service did not answer in time. Please try again.` : `The ${service} service is not reachable. Please try again in a few seconds.`,
        ),
      );
  };
}

/** Registers one proxy per route-table prefix, the /api 404, and the catch-all to render. */
export async function registerProxies(app: FastifyInstance, config: GatewayEnv): Promise<void> {
  const proxyTo = async (service: ServiceName, prefix: string) => {
    await app.register(httpProxy, {
      upstream: serviceUrl(config, service),
      prefix,
      rewritePrefix: prefix,
      httpMethods: [...METHODS],
      undici: { connections: 128, pipelining: 1, keepAliveTimeout: 60_000, connect: { timeout: 2_000 } },
      replyOptions: {
        timeout: config.UPSTREAM_TIMEOUT_MS,
        rewriteRequestHeaders: (request, headers) => forwardHeaders(request as FastifyRequest, headers),
        onError: upstreamFailure(service),
      },
    });
  };
  for (const route of ROUTES) await proxyTo(route.service, route.prefix);
  app.all('/api', async (request, reply) => reply.status(404).send(errorBody('NOT_FOUND', `No API at ${request.url}`)));
  app.all('/api/*', async (request, reply) => reply.status(404).send(errorBody('NOT_FOUND', `No API at ${request.url.split('?')[0]}`)));
  // Everything else is a site page, rendered by render ('/' and '/*' under an empty prefix).
  await proxyTo(PAGES_SERVICE, '');
}
