// The Fastify base of every service and the gateway: zod validation and serialisation, request
// ids taken from X-Request-Id (or made here) and echoed back, a server span per request whose
// context is active while the handler runs, the one error handler, and the OpenAPI document.
import { randomUUID } from 'node:crypto';
import swagger from '@fastify/swagger';
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { installErrorHandler } from '../errors.js';
import { loggerOptions, pinoOf, tracedLogger } from '../logger.js';
import { tracer } from '../telemetry.js';
import { processTally, requestLogMode } from './request-log.js';

export type App = FastifyInstance;
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyRequest {
    span?: Span;
  }
}

export interface HttpAppOptions {
  name: string;
  logLevel: string;
  /**
   * 'active' (services): the request's span is the active context while the handler runs, so
   * outbox writes and logs pick it up implicitly. 'on-request' (gateway): the span is only kept on
   * request.span and passed on explicitly; no AsyncLocalStorage context is entered, which in
   * Node 20 turns on promise hooks for the whole process and halved the gateway's throughput.
   * 'off': no spans here (incoming trace context is still passed on by whoever forwards it).
   */
  tracing?: 'active' | 'on-request' | 'off';
  /** Publish an OpenAPI document of the routes at GET /openapi.json. */
  openapi?: { title: string; version?: string };
  fastify?: FastifyServerOptions;
}

/** Makes a Fastify app with the platform's conventions; routes are added by the caller. */
export async function createHttpApp(options: HttpAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(options.name, options.logLevel),
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // Fastify's own per-request lines are off: the onResponse hook below writes one line instead.
    logController: new LogController({ requestIdLogLabel: 'reqId', disableRequestLogging: true }),
    return503OnClosing: true,
    ...options.fastify,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  const tracing = options.tracing ?? 'active';
  if (tracing !== 'off') installTracing(app, tracing);
  // Once closing, answers carry Connection: close so keep-alive sockets end with their last
  // response; otherwise a socket that goes idle after close() began holds the server open until
  // its keep-alive timeout, and SIGTERM would hit the shutdown deadline instead of draining.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Callback hooks, not async ones: these run on every request of every service and the gateway,
  // and an async hook costs a promise and a microtask turn each time.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  // One line per request, carrying the request id, where logs are collected; a sum a minute on a
  // terminal (request-log.ts). Health probes would drown everything else.
  const tally = requestLogMode() === 'summary' ? processTally(app.log) : undefined;
  app.addHook('onResponse', (request, reply, done) => {
    if (request.url !== '/healthz' && request.url !== '/readyz' && pinoOf(request.log).isLevelEnabled('info')) {
      if (tally) tally.count(reply.statusCode, reply.elapsedTime);
      else
        request.log.info(
          { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
          'request done',
        );
    }
    done();
  });
  if (options.openapi) {
    // The contracts' examples (zod registry metadata the document is made from): loaded here, where
    // a document is published, so the web app, which imports the contracts too, never carries them.
    await import('@sc/contracts/examples');
    await app.register(swagger, {
      openapi: { info: { title: options.openapi.title, version: options.openapi.version ?? '0.1.0' } },
      transform: jsonSchemaTransform,
      // Recursive schemas (JSON values, nested blocks) become $refs into components.schemas,
      // which only this fills in.
      transformObject: jsonSchemaTransformObject,
    });
    app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  }
  return app;
}

function installTracing(app: FastifyInstance, mode: 'active' | 'on-request'): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    const span = tracer().startSpan(
      `${request.method} ${request.routeOptions.url ?? 'unmatched'}`,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method, 'url.path': request.url.split('?')[0] } },
      parent,
    );
    request.span = span;
    request.log = tracedLogger(request.log, span.spanContext().traceId);
    if (mode === 'on-request') return done();
    // The rest of the request's lifecycle runs from inside this call, so the span is the active
    // context for the handler (and for outbox writes that record it).
    context.with(trace.setSpan(parent, span), done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    request.span?.setAttribute('http.response.status_code', reply.statusCode);
    if (reply.statusCode >= 500) request.span?.setStatus({ code: SpanStatusCode.ERROR });
    request.span?.end();
    done();
  });
}
