// Every service starts, runs its migrations, and answers /healthz, /readyz and /openapi.json; the
// merged document gives every operation a summary and a tag, and the web apps' generated API types
// (web/src/api/schema.d.ts, `pnpm api:types`) are what the routes make today.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { SERVICE_NAMES, type ServiceName } from '@sc/platform';
import { mode, testConfig } from '@sc/platform/test-kit';
import { API_TYPES_FILE, apiTypesOf, documentOf } from '../scripts/api-document.js';
import { SERVICES } from '../scripts/services.js';
import { ROOT } from './helpers.js';

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
    const applied = await db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute();
    expect(applied.map((r) => (r as { name: string }).name)).toContain('0000_platform_outbox');
  });

  it('gives every operation of the merged document a summary and a tag', () => {
    const document = documentOf(apps) as { paths: Record<string, Record<string, { summary?: string; tags?: string[] }>> };
    const operations = Object.entries(document.paths).flatMap(([route, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ at: `${method.toUpperCase()} ${route}`, operation })),
    );
    expect(operations.length).toBeGreaterThan(200);
    expect(operations.filter(({ operation }) => !operation.summary?.trim()).map(({ at }) => at)).toEqual([]);
    expect(operations.filter(({ operation }) => !operation.tags?.length).map(({ at }) => at)).toEqual([]);
  });

  it('has web/src/api/schema.d.ts up to date with the routes (else run `pnpm api:types`)', async () => {
    const committed = readFileSync(path.join(ROOT, API_TYPES_FILE), 'utf8');
    expect(committed === (await apiTypesOf(documentOf(apps)))).toBe(true);
  });
});
