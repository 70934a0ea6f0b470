// A checkout's answer must survive a connection lost while it is written (issue 39, found by
// bench/faults: an order paid, its key's answer lost with its connection, the buyer's retries told
// 409 until the lease ran out and then 400, as the work ran again on a cart already bought). Here
// the statement that stores the answer waits on a row lock held from another connection, and its
// backend is ended while it waits: the answer is written again on a fresh connection, once() gives
// it, and a retry with the key replays it. Real Postgres only (the embedded one has no connections).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { waitFor } from '@sc/platform/test-kit';
import { once } from '../src/shared/idempotency.js';
import { setup, type Kit } from './kit.js';

const url = process.env.DATABASE_URL;

(url ? describe : describe.skip)('an idempotency key whose answer loses its connection', () => {
  let kit: Kit;

  beforeAll(async () => {
    kit = await setup();
  });
  afterAll(async () => {
    await kit.close();
  });

  it('stores the answer on a fresh connection and replays it', async () => {
    const site = kit.newSite();
    const key = randomUUID();
    const db = kit.ctx.db;
    let runs = 0;
    let holder: Promise<void> | undefined;
    const work = async () => {
      runs += 1;
      let locked!: () => void;
      const lockTaken = new Promise<void>((resolve) => (locked = resolve));
      // The key's row is locked from another connection: the answer's UPDATE will wait on it, and
      // its backend is ended while it waits; then the lock is let go (the transaction ends).
      holder = db.transaction().execute(async (trx) => {
        await sql`select 1 from cart.idempotency_keys where website_id = ${site} and key = ${key} for update`.execute(trx);
        locked();
        const pid = await waitFor(
          async () =>
            (
              await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'
                and query ilike '%idempotency_keys%' and pid <> pg_backend_pid()`.execute(db)
            ).rows[0]?.pid,
          10_000,
          'the answer to wait on the lock',
        );
        await sql`select pg_terminate_backend(${pid})`.execute(db);
      });
      await lockTaken;
      return { status: 201, body: { order: 'paid' } };
    };
    const first = await once(db, site, key, 'h', work);
    await holder;
    expect(first).toEqual({ status: 201, body: { order: 'paid' }, replayed: false });
    const again = await once(db, site, key, 'h', work);
    expect(again).toEqual({ status: 201, body: { order: 'paid' }, replayed: true });
    expect(runs).toBe(1);
  }, 60_000);
});
