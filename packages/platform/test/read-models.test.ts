// A service's read models on /readyz and the metrics a scrape sees, with the bus of this run
// (NATS when NATS_URL is set). One consumer records what it applies (handleOnce), as every read
// model does; the other is handed events and records nothing, which is what the service sees when
// another deployment's consumer took its events: the read model stays empty.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  buildService,
  consumerStatuses,
  handleOnce,
  startMetricsServer,
  type ConsumerStatus,
  type EventBus,
  type OutboxTables,
  type ServiceDefinition,
  type ServiceName,
} from '../src/index.js';
import { mode, testConfig, unique, waitFor } from '../test-kit/index.js';

const recorded = unique('recorded');
const lost = unique('lost');
const counted = unique('counted');
let applied = 0;
let counts = 0;
const subject = `platformtest.readmodel.${randomUUID().slice(0, 8)}`;

const definition: ServiceDefinition<unknown> = {
  name: 'readmodeltest' as ServiceName,
  migrations: {},
  routes: (app, ctx) => {
    app.get('/cached', async () => ({ value: (await ctx.cache.get('k')) ?? null }));
  },
  consumers: (ctx) => [
    {
      durable: recorded,
      subjects: [subject],
      readModel: 'recorded',
      forgetAfterIdleMs: 60_000,
      handler: async (event) => void (await handleOnce(ctx.db, recorded, event, async () => void applied++)),
    },
    { durable: lost, subjects: [subject], readModel: 'lost', forgetAfterIdleMs: 60_000, handler: async () => undefined },
    // Adds to a counter per event, as analytics' commerce consumer does: no read model.
    {
      durable: counted,
      subjects: [subject],
      forgetAfterIdleMs: 60_000,
      handler: async (event) => void (await handleOnce(ctx.db, counted, event, async () => void counts++)),
    },
  ],
};

const event = () => ({ id: randomUUID(), type: subject, websiteId: 'w', occurredAt: new Date().toISOString(), data: {} });

describe(`read models on /readyz and /metrics (${mode.bus} bus)`, () => {
  let app: FastifyInstance;
  let metrics: Awaited<ReturnType<typeof startMetricsServer>>;
  const status = async (): Promise<Record<string, ConsumerStatus>> =>
    Object.fromEntries((await app.readModels!.status()).map((s) => [s.durable, s]));

  beforeAll(async () => {
    app = await buildService(definition, { config: testConfig(), relay: { autoStart: false } });
    await app.ready();
    metrics = await startMetricsServer(0, '127.0.0.1');
  });
  afterAll(async () => {
    await metrics.close();
    await app.close();
  });

  it('is ready while no event has come, then says which read model stayed empty', async () => {
    const before = await app.inject({ url: '/readyz' });
    expect(before.statusCode).toBe(200);
    for (let i = 0; i < 3; i++) await app.serviceContext!.bus.publish(event());
    await waitFor(
      async () => {
        const s = await status();
        return s[recorded]?.delivered === 3 && s[lost]?.delivered === 3 && s[recorded].pending === 0 && s[lost].pending === 0;
      },
      10_000,
      'both consumers to take the events',
    );
    const after = await app.inject({ url: '/readyz' });
    expect(after.statusCode).toBe(503);
    const body = after.json<{ checks: Record<string, string>; details: { events: ConsumerStatus[] } }>();
    expect(body.checks.events).toBe('down');
    expect(body.details.events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ durable: recorded, readModel: 'recorded', state: 'ok', pending: 0 }),
        expect.objectContaining({ durable: lost, readModel: 'lost', state: 'empty', pending: 0 }),
      ]),
    );
  });

  it('rebuilds a read model by replaying its consumer from the first event', async () => {
    const db: Kysely<OutboxTables> = app.serviceContext!.db;
    const handled = async () =>
      (await db.selectFrom('handled_events').select('event_id').where('consumer', '=', recorded).execute()).length;
    expect(await handled()).toBe(3);
    expect(applied).toBe(3);
    await expect(app.readModels!.rebuild(['nobody'])).rejects.toThrow(/no consumer nobody/);
    expect(await app.readModels!.rebuild([recorded])).toEqual([recorded]);
    // The handled ids were forgotten and every event applied again.
    // applied counts inside the transaction, so the last row may commit a moment later.
    await waitFor(async () => applied === 6 && (await handled()) === 3, 10_000, 'the replay');
    expect(applied).toBe(6);
  });

  it('serves request, cache, outbox, consumer and Node metrics on the metrics port only', async () => {
    await app.inject({ url: '/cached' });
    const response = await fetch(`http://127.0.0.1:${metrics.port}/metrics`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(
      /http_server_request_duration_seconds_count\{service="readmodeltest",method="GET",route="\/cached",status_code="200"\} [1-9]/,
    );
    expect(text).toMatch(/cache_lookups_total\{service="readmodeltest",result="miss"\} [1-9]/);
    expect(text).toMatch(/outbox_backlog_events\{service="readmodeltest"\} 0/);
    expect(text).toContain(`bus_consumer_pending_events{service="readmodeltest",durable="${recorded}"} 0`);
    expect(text).toContain(`read_model_empty{service="readmodeltest",durable="${lost}"} 1`);
    expect(text).toMatch(/nodejs_eventloop_lag_seconds \d/);
    if (process.env.DATABASE_URL) expect(text).toMatch(/db_pool_connections\{service="readmodeltest",state="total"\} \d/);
    expect((await fetch(`http://127.0.0.1:${metrics.port}/other`)).status).toBe(404);
    // The service's own port has no /metrics.
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(404);
  });

  it('rebuilds every read model when no durable is named, and leaves a counting consumer alone', async () => {
    await waitFor(() => counts === 3, 10_000, 'the counting consumer');
    expect(await app.readModels!.rebuild()).toEqual([recorded, lost]);
    await waitFor(() => applied === 9, 10_000, 'the replay');
    await waitFor(async () => (await status())[lost]?.pending === 0, 10_000, 'the replay of the empty one');
    expect(counts).toBe(3);
  });
});

describe('consumerStatuses', () => {
  const busWith = (pending: number, delivered: number) =>
    ({ kind: 'memory', progress: async () => ({ pending, delivered }) }) as unknown as EventBus;
  const noDb = {} as Kysely<OutboxTables>;

  it('says a consumer whose backlog is above the limit is behind', async () => {
    expect(await consumerStatuses(noDb, busWith(5, 10), [{ durable: 'c', readModel: 'm' }], 4)).toEqual([
      { durable: 'c', readModel: 'm', pending: 5, delivered: 10, state: 'behind' },
    ]);
    expect(await consumerStatuses(noDb, busWith(4, 10), [{ durable: 'c' }], 4)).toEqual([
      { durable: 'c', pending: 4, delivered: 10, state: 'ok' },
    ]);
  });
});
