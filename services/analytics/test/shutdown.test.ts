// Nothing accepted is lost on shutdown or on a crash: records still in the buffer are written before the
// database closes, both when the app is closed in-process and when the service process gets
// SIGTERM (as a deployment stops a pod). The flush interval is set far out so that every record
// is still buffered when shutdown begins. A process killed (SIGKILL) right after answering 202
// leaves its calls in the ingestion journal, and its restart writes them.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { Role } from '@sc/contracts';
import { EmbeddedPostgres, signIdentity } from '@sc/platform';
import { asFromGateway, freePort, unique, waitFor } from '@sc/platform/test-kit';
import { hitForm, setup, sharedDatabase, SIGNING_KEY, today } from './kit.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const N = 400;

/** The hits of `site` in the database a process with `dataDir` used (stopped), or in Postgres. */
async function hitCount(dataDir: string, site: string): Promise<number> {
  if (process.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      return Number((await client.query('select count(*) as n from analytics.hits where website_id = $1', [site])).rows[0].n);
    } finally {
      await client.end();
    }
  }
  const embedded = await EmbeddedPostgres.open(path.join(dataDir, 'pg'));
  try {
    return Number(
      (await embedded.client.query<{ n: number }>('select count(*)::int as n from analytics.hits where website_id = $1', [site])).rows[0]!
        .n,
    );
  } finally {
    await embedded.close();
  }
}

/** What the gateway adds for an owner with the reporting role of `site`. */
function ownerHeaders(site: string): Record<string, string> {
  const requestId = randomUUID();
  return asFromGateway(
    {
      'x-website-id': site,
      'x-request-id': requestId,
      ...signIdentity(
        { v: 1, kind: 'owner', websiteId: site, requestId, issuedAt: Date.now(), ownerId: `o-${site}`, roles: [Role.REPORTING] },
        SIGNING_KEY,
      ),
    },
    SIGNING_KEY,
  );
}

describe('analytics shutdown', () => {
  // PGlite may still touch its directory just after close() resolves: remove it at exit.
  const dirs: string[] = [];
  process.once('exit', () => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('writes every accepted record when the app closes', async () => {
    const database = await sharedDatabase();
    try {
      const kit = await setup({ shared: database.shared, limits: { flushIntervalMs: 3_600_000, flushBatch: 100_000 } });
      const responses = await Promise.all(
        Array.from({ length: N }, () => kit.call('POST', '/api/census/RecordHit', undefined, { form: hitForm(kit.site) })),
      );
      expect(responses.every((r) => r.statusCode === 202)).toBe(true);
      expect(kit.analytics.buffer.size).toBe(N);
      await kit.close();
      const again = await setup({ shared: database.shared });
      try {
        const row = await again.db
          .selectFrom('hits')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('website_id', '=', kit.site)
          .executeTakeFirstOrThrow();
        expect(Number(row.n)).toBe(N);
        const daily = await again.db
          .selectFrom('traffic_daily')
          .select(['page_views'])
          .where('website_id', '=', kit.site)
          .executeTakeFirstOrThrow();
        expect(daily.page_views).toBe(N);
      } finally {
        await again.close();
      }
    } finally {
      await database.close();
    }
  }, 300_000);

  it('writes every accepted record when the process gets SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'analytics-sigterm-'));
    dirs.push(dataDir);
    const port = await freePort();
    const site = unique('sigterm');
    const child = spawn(process.execPath, ['--conditions=@sc/source', '--import', 'tsx', 'services/analytics/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        // The bus plays no part in ingestion; on a shared NATS server the service's durables would
        // first work through other suites' backlog, which only slows this test down.
        NATS_URL: '',
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        IDENTITY_SIGNING_KEY: SIGNING_KEY,
        ANALYTICS_FLUSH_INTERVAL_MS: '3600000',
        ANALYTICS_FLUSH_BATCH: '100000',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const url = `http://127.0.0.1:${port}`;
      await waitFor(
        () =>
          fetch(`${url}/readyz`).then(
            (r) => r.ok,
            () => false,
          ),
        180_000,
        'the analytics process',
      );
      const statuses = await Promise.all(
        Array.from({ length: N }, () =>
          fetch(`${url}/api/census/RecordHit`, {
            method: 'POST',
            headers: asFromGateway({ 'content-type': 'application/x-www-form-urlencoded', 'x-website-id': site }, SIGNING_KEY),
            body: new URLSearchParams(hitForm(site)).toString(),
          }).then((r) => r.status),
        ),
      );
      expect(statuses.filter((s) => s === 202)).toHaveLength(N);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    const count = await hitCount(dataDir, site);
    expect(count).toBe(N);
  }, 300_000);

  it('loses nothing answered 202 when the process is killed (SIGKILL) right after answering', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'analytics-sigkill-'));
    dirs.push(dataDir);
    const port = await freePort();
    const site = unique('sigkill');
    const url = `http://127.0.0.1:${port}`;
    const start = () =>
      spawn(process.execPath, ['--conditions=@sc/source', '--import', 'tsx', 'services/analytics/src/main.ts'], {
        cwd: ROOT,
        env: {
          ...process.env,
          NATS_URL: '',
          PORT: String(port),
          DATA_DIR: dataDir,
          LOG_LEVEL: 'error',
          IDENTITY_SIGNING_KEY: SIGNING_KEY,
          // The buffer would write nothing before the kill: only the journal can save these.
          ANALYTICS_FLUSH_INTERVAL_MS: '3600000',
          ANALYTICS_FLUSH_BATCH: '100000',
          ANALYTICS_RECOVER_AFTER_MS: '1000',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
    const first = start();
    const firstExit = new Promise<string | null>((resolve) => first.once('exit', (_code, signal) => resolve(signal)));
    let second: ReturnType<typeof start> | undefined;
    try {
      await waitFor(
        () =>
          fetch(`${url}/readyz`).then(
            (r) => r.ok,
            () => false,
          ),
        180_000,
        'the analytics process',
      );
      const statuses = await Promise.all(
        Array.from({ length: N }, () =>
          fetch(`${url}/api/census/RecordHit`, {
            method: 'POST',
            headers: asFromGateway({ 'content-type': 'application/x-www-form-urlencoded', 'x-website-id': site }, SIGNING_KEY),
            body: new URLSearchParams(hitForm(site)).toString(),
          }).then((r) => r.status),
        ),
      );
      first.kill('SIGKILL');
      expect(await firstExit).toBe('SIGKILL');
      expect(statuses.filter((s) => s === 202)).toHaveLength(N);

      second = start();
      const secondExit = new Promise<number | null>((resolve) => second!.once('exit', (code) => resolve(code)));
      await waitFor(
        () =>
          fetch(`${url}/readyz`).then(
            (r) => r.ok,
            () => false,
          ),
        180_000,
        'the restarted analytics process',
      );
      // Recovery writes the dead process's rows once they are a second old (checked every second).
      const day = today();
      await waitFor(
        async () => {
          const response = await fetch(`${url}/api/census/reports/traffic?from=${day}&to=${day}`, { headers: ownerHeaders(site) });
          if (!response.ok) return false;
          const body = (await response.json()) as { totals: { pageViews: number } };
          expect(body.totals.pageViews).toBeLessThanOrEqual(N);
          return body.totals.pageViews === N;
        },
        120_000,
        "the killed process's hits to be counted",
      );
      second.kill('SIGTERM');
      expect(await secondExit).toBe(0);
      const count = await hitCount(dataDir, site);
      expect(count).toBe(N);
    } finally {
      if (first.exitCode === null && first.signalCode === null) first.kill('SIGKILL');
      if (second && second.exitCode === null && second.signalCode === null) second.kill('SIGKILL');
    }
  }, 300_000);
});
