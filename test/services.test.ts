// Every service starts, runs its migrations, and answers /healthz, /readyz and /openapi.json.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { SERVICE_NAMES, type ServiceName } from '@sc/platform';
import { mode, testConfig } from '@sc/platform/test-kit';
import { SERVICES } from '../scripts/services.js';

describe(`every service on ${mode.database} / ${mode.bus} / ${mode.cache}`, () => {
  const apps = new Map<ServiceName, FastifyInstance>();

  beforeAll(async () => {
    for (const name of SERVICE_NAMES) {
      const app = await SERVICES[name]({ config: testConfig(), relay: { autoStart: false } });
      await app.ready();
      apps.set(name, app);
    }
  }, 60_000);

  afterAll(async () => {
    for (const app of apps.values()) await app.close();
  });

  it.each(SERVICE_NAMES)('%s is alive, ready and documented', async (name) => {
    const app = apps.get(name)!;
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', checks: { database: 'ok', bus: 'ok', cache: 'ok' } });
    const doc = await app.inject('/openapi.json');
    expect(doc.json()).toMatchObject({ openapi: expect.stringMatching(/^3\./), info: { title: `${name} service` } });
  });

  it.each(SERVICE_NAMES)('%s has migrated its own schema', async (name) => {
    const db = apps.get(name)!.serviceContext!.db;
    const applied = await db.selectFrom('kysely_migration' as never).select('name' as never).execute();
    expect(applied.map((r) => (r as { name: string }).name)).toContain('0000_platform_outbox');
  });
});
