// A Postgres connection lost under a request (issue 39): pg_terminate_backend on the backend of a
// client that is checked out of the pool. Before, the client had no error listener while checked
// out and the process died of "Unhandled 'error' event" (57P01). Now the request fails with a
// retryable 503, the process stays up, and a transaction that lost its connection before COMMIT
// runs again. Always on a real Postgres: the embedded one has no connections to lose.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { GenericErrorMessages } from '@sc/contracts';
import { buildService, type ServiceDefinition, type ServiceName } from '../src/index.js';
import { testConfig, waitFor } from '../test-kit/index.js';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface DB {
  tries: { id: string };
}

/** Ends the backend of `pid` from another connection and waits until it is gone. */
async function terminate(admin: pg.Client, pid: number): Promise<void> {
  await admin.query('select pg_terminate_backend($1)', [pid]);
  await waitFor(
    async () => (await admin.query('select 1 from pg_stat_activity where pid = $1', [pid])).rowCount === 0,
    5_000,
    'the backend to end',
  );
  // Let the client read the server's FATAL message (it emits 'error' on it).
  await new Promise((resolve) => setTimeout(resolve, 100));
}

const backendPid = async (db: Kysely<unknown>): Promise<number> =>
  (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid;

describe('a lost Postgres connection', () => {
  let app: FastifyInstance;
  const admin = new pg.Client({ connectionString: url });
  const runs = new Map<string, number>();

  const definition: ServiceDefinition<DB> = {
    name: 'lostconn' as ServiceName,
    migrations: {
      '0001_tries': {
        async up(db: Kysely<unknown>) {
          await db.schema
            .createTable('tries')
            .ifNotExists()
            .addColumn('id', 'text', (c) => c.primaryKey())
            .execute();
        },
      },
    },
    routes: (server, ctx) => {
      // A client checked out between two statements when its backend goes.
      server.post('/api/checked-out', async () =>
        ctx.db.connection().execute(async (connection) => {
          await terminate(admin, await backendPid(connection as Kysely<unknown>));
          await sql`select 1`.execute(connection);
          return { ok: true };
        }),
      );
      server.post('/api/write/:id', async (request) => {
        const { id } = request.params as { id: string };
        await ctx.transaction(async (trx) => {
          const run = (runs.get(id) ?? 0) + 1;
          runs.set(id, run);
          await trx.insertInto('tries').values({ id }).execute();
          if (run === 1) await terminate(admin, await backendPid(trx as unknown as Kysely<unknown>));
          await sql`select 1`.execute(trx);
        });
        return { ok: true };
      });
      server.get('/api/count', async () => ({
        n: (
          await ctx.db
            .selectFrom('tries')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      }));
    },
  };

  beforeAll(async () => {
    await admin.connect();
    app = await buildService(definition, { config: testConfig(0, { DATABASE_URL: url }), relay: { autoStart: false } });
    await app.ready();
    await app.serviceContext!.db.deleteFrom('tries' as never).execute();
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await admin.end();
  });

  it('fails the request in progress with a retryable 503 and keeps serving', async () => {
    const failed = await app.inject({ method: 'POST', url: '/api/checked-out' });
    expect(failed.statusCode).toBe(503);
    expect(failed.headers['retry-after']).toBe('1');
    expect(failed.json()).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: GenericErrorMessages.serviceUnavailable } });
    // The process is still here and the pool made a new connection.
    const next = await app.inject({ method: 'GET', url: '/api/count' });
    expect(next.statusCode).toBe(200);
  });

  it('runs a transaction that lost its connection before COMMIT again: its row is written once', async () => {
    const answer = await app.inject({ method: 'POST', url: '/api/write/a' });
    expect(answer.statusCode).toBe(200);
    expect(runs.get('a')).toBe(2);
    expect((await app.inject({ method: 'GET', url: '/api/count' })).json()).toEqual({ n: 1 });
  });
});
