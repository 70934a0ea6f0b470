// Add-to-cart commits synchronously again: an add the shopper was told about is on disk, as
// every other write of the platform is ("nothing accepted is ever lost"). 0003 turned
// synchronous_commit off inside cart.add_entry for throughput; a Postgres crash could then lose
// the last fraction of a second of adds that had been answered 200. Rather than rewrite the
// function, its own SET clause pins the setting: Postgres restores a function's SET parameters
// when it returns, so the SET LOCAL inside 0003's body ends with the call and the commit that
// follows runs with the session's (synchronous) setting. Concurrent adds still share WAL flushes
// (group commit), which is what keeps the cost down under load.
import { sql, type Kysely, type Migration } from 'kysely';

export const m0005AddEntryDurable: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
alter function cart.add_entry(text, text, text, text, text, text, integer, text, boolean, uuid, timestamptz, jsonb, jsonb)
  set synchronous_commit = on`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`
alter function cart.add_entry(text, text, text, text, text, text, integer, text, boolean, uuid, timestamptz, jsonb, jsonb)
  reset synchronous_commit`.execute(db);
  },
};
