// A call answered 202 has its records stored before the answer (the ingestion journal), so a
// process that dies with them still in its buffer loses nothing: another process (or the same
// one after its restart) writes them, and the dead process's batch, were it ever written, would
// count nothing twice. The process-level test (SIGKILL right after the answers) is in
// shutdown.test.ts.
import { describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { waitFor } from '@sc/platform/test-kit';
import { hitForm, setup, sharedDatabase, type Kit } from './kit.js';

const N = 60;

async function counts(kit: Kit, site: string): Promise<{ hits: number; pageViews: number; journal: number }> {
  const hits = await kit.db
    .selectFrom('hits')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('website_id', '=', site)
    .executeTakeFirstOrThrow();
  const daily = await kit.db.selectFrom('traffic_daily').select(['page_views']).where('website_id', '=', site).executeTakeFirst();
  const journal = await sql<{
    n: string;
  }>`select count(*) as n from analytics.ingest_journal where records->0->>'websiteId' = ${site}`.execute(kit.db);
  return { hits: Number(hits.n), pageViews: daily?.page_views ?? 0, journal: Number(journal.rows[0]!.n) };
}

describe('ingestion journal', () => {
  it('stores the records before answering 202, and writes them once whoever writes them', async () => {
    const database = await sharedDatabase();
    // "dead" answers and then never writes its buffer (as a process killed after answering).
    const dead = await setup({ shared: database.shared, limits: { flushIntervalMs: 3_600_000, flushBatch: 100_000 } });
    let other: Kit | undefined;
    try {
      const responses = await Promise.all(
        Array.from({ length: N }, () => dead.call('POST', '/api/census/RecordHit', undefined, { form: hitForm(dead.site) })),
      );
      expect(responses.map((r) => r.statusCode)).toEqual(Array.from({ length: N }, () => 202));
      expect(dead.analytics.buffer.size).toBe(N);
      expect(await counts(dead, dead.site)).toEqual({ hits: 0, pageViews: 0, journal: N });

      // Another process finds rows no live buffer wrote in time and writes them.
      other = await setup({ shared: database.shared, limits: { recoverAfterMs: 1 } });
      const recovered = other;
      await waitFor(
        async () => {
          await recovered.analytics.recover();
          return (await counts(recovered, dead.site)).hits === N;
        },
        30_000,
        'the journal to be recovered',
      );
      expect(await counts(other, dead.site)).toEqual({ hits: N, pageViews: N, journal: 0 });

      // The first process's batch then finds its journal rows gone and writes nothing again.
      await dead.flush();
      expect(await counts(other, dead.site)).toEqual({ hits: N, pageViews: N, journal: 0 });
    } finally {
      await other?.close();
      await dead.close();
      await database.close();
    }
  }, 120_000);

  it('leaves nothing in the journal once a batch is written', async () => {
    const database = await sharedDatabase();
    const kit = await setup({ shared: database.shared });
    try {
      const responses = await Promise.all(
        Array.from({ length: 10 }, () => kit.call('POST', '/api/census/RecordHit', undefined, { form: hitForm(kit.site) })),
      );
      expect(responses.every((r) => r.statusCode === 202)).toBe(true);
      await kit.flush();
      expect(await counts(kit, kit.site)).toEqual({ hits: 10, pageViews: 10, journal: 0 });
    } finally {
      await kit.close();
      await database.close();
    }
  }, 120_000);
});
