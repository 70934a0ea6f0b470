// Trace context travels from an incoming request, through the outbox row, to the bus message
// headers a consumer receives (NATS headers when NATS_URL is set).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { buildService, enqueueEvent, startTelemetry, trace, type ServiceDefinition, type ServiceName } from '../src/index.js';
import { mode, testConfig, unique, waitFor } from '../test-kit/index.js';

const traced: ServiceDefinition<unknown> = {
  // A schema of its own: borrowing a real service's name meets that service's migrations in the
  // shared test database (render's, once it had some) and fails as "corrupted migrations".
  name: 'tracingtest' as ServiceName,
  migrations: {},
  routes: (app, ctx) => {
    app.get('/spans', async (request) => ({
      request: request.span?.spanContext().traceId,
      active: trace.getActiveSpan()?.spanContext().traceId ?? null,
    }));
    app.post('/make', async (request) => {
      const websiteId = request.headers['x-website-id'] as string;
      await ctx.transaction((trx) => enqueueEvent(trx, 'commerce.cart.created', websiteId, { cartId: 'traced', websiteId }));
      return { ok: true };
    });
  },
};

describe(`trace context through the outbox and the ${mode.bus} bus`, () => {
  let stop: () => Promise<void>;
  let app: FastifyInstance;

  beforeAll(async () => {
    stop = startTelemetry('tracing-test');
    app = await buildService(traced, { config: testConfig(), relay: { pollMs: 50 } });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await stop();
  });

  it('gives the consumer the trace id of the request that caused the event', async () => {
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    const websiteId = unique('traced');
    const seen: Array<Record<string, string>> = [];
    const sub = await app.serviceContext!.bus.subscribe({
      durable: unique('trace_consumer'),
      subjects: ['commerce.cart.created'],
      newOnly: true,
      forgetAfterIdleMs: 60_000,
      handler: async (event, info) => void (event.websiteId === websiteId && seen.push(info.headers)),
    });
    const response = await app.inject({
      method: 'POST',
      url: '/make',
      headers: { 'x-website-id': websiteId, traceparent: `00-${traceId}-b7ad6b7169203331-01` },
    });
    expect(response.statusCode).toBe(200);
    const headers = await waitFor(() => seen[0], 10_000, 'the traced event');
    expect(headers.traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
    // The span id is the request's server span, not the caller's.
    expect(headers.traceparent).not.toContain('b7ad6b7169203331');
    await sub.stop();
  });
});

describe('a service that publishes nothing keeps its spans off the current context', () => {
  let stop: () => Promise<void>;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    stop = startTelemetry('tracing-test');
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await stop();
  });

  it.each([
    ['active', true],
    ['on-request', false],
  ] as const)("tracing '%s': the request's span continues the caller's trace; current context: %s", async (tracing, current) => {
    const app = await buildService({ ...traced, tracing }, { config: testConfig(), relay: { autoStart: false } });
    apps.push(app);
    await app.ready();
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const response = await app.inject({ method: 'GET', url: '/spans', headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` } });
    expect(response.json()).toEqual({ request: traceId, active: current ? traceId : null });
  });
});

describe('the trace id in every log line', () => {
  it("a request's lines and the lines of the consumer its event reaches carry the request's trace id", async () => {
    const stop = startTelemetry('tracing-test');
    const lines: string[] = [];
    const durable = unique('trace_log_consumer');
    const logged: ServiceDefinition<unknown> = {
      ...traced,
      routes: (app, ctx) => {
        app.post('/logged', async (request) => {
          request.log.info('route line');
          const websiteId = request.headers['x-website-id'] as string;
          await ctx.transaction((trx) => enqueueEvent(trx, 'commerce.cart.created', websiteId, { cartId: 'logged', websiteId }));
          return { ok: true };
        });
      },
      consumers: (ctx) => [
        {
          durable,
          subjects: ['commerce.cart.created'],
          newOnly: true,
          forgetAfterIdleMs: 60_000,
          handler: async (event) => void ctx.logger.info({ websiteId: event.websiteId }, 'consumer line'),
        },
      ],
    };
    const app = await buildService(logged, {
      config: { ...testConfig(), LOG_LEVEL: 'info' },
      relay: { pollMs: 50 },
      logStream: { write: (line) => void lines.push(line) },
    });
    try {
      await app.ready();
      const traceId = 'a3ce929d0e0e47364bf92f3577b34da6';
      const websiteId = unique('logged');
      const response = await app.inject({
        method: 'POST',
        url: '/logged',
        headers: { 'x-website-id': websiteId, traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
      });
      expect(response.statusCode).toBe(200);
      const parsed = () => lines.map((line) => ({ line, entry: JSON.parse(line) as Record<string, unknown> }));
      await waitFor(
        () => parsed().some(({ entry }) => entry.msg === 'consumer line' && entry.websiteId === websiteId),
        10_000,
        'the consumer line',
      );
      const mine = parsed().filter(
        ({ entry }) =>
          entry.msg === 'route line' || entry.msg === 'request done' || (entry.msg === 'consumer line' && entry.websiteId === websiteId),
      );
      expect(mine.map(({ entry }) => [entry.msg, entry.traceId])).toEqual([
        ['route line', traceId],
        ['request done', traceId],
        ['consumer line', traceId],
      ]);
      // Bound once, not once by the request's logger and again from the active span.
      for (const { line } of mine) expect(line.split('"traceId"')).toHaveLength(2);
    } finally {
      await app.close();
      await stop();
    }
  });
});
