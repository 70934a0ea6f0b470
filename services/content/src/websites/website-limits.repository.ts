// The counts behind the per-website limits (website-limits.service.ts), and the lock that makes a
// website's additions of one kind take turns, so two at once cannot both pass a limit.
import { RecordType } from '@sc/contracts';
import { sql } from 'kysely';
import type { Db } from '../shared/db.js';

/** Holds, until the transaction ends, the turn of `websiteId`'s additions of `kind`. */
export async function lockAdditions(trx: Db, kind: 'products' | 'uploads', websiteId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`content.${kind}-of:${websiteId}`}))`.execute(trx);
}

export async function countProducts(db: Db, websiteId: string): Promise<number> {
  const row = await db
    .selectFrom('items')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('website_id', '=', websiteId)
    .where('record_type', '=', RecordType.STORE_ITEM)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countPages(db: Db, websiteId: string): Promise<number> {
  const row = await db
    .selectFrom('collections')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('website_id', '=', websiteId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The website's uploaded files and their bytes, as uploaded. */
export async function uploadsOf(db: Db, websiteId: string): Promise<{ files: number; bytes: number }> {
  const row = await db
    .selectFrom('media_assets')
    .select((eb) => [eb.fn.countAll<string>().as('files'), eb.fn.coalesce(eb.fn.sum<string>('bytes'), sql<string>`0`).as('bytes')])
    .where('website_id', '=', websiteId)
    .executeTakeFirstOrThrow();
  return { files: Number(row.files), bytes: Number(row.bytes) };
}

export async function hasUpload(db: Db, websiteId: string, assetId: string): Promise<boolean> {
  return (
    (await db.selectFrom('media_assets').select('id').where('website_id', '=', websiteId).where('id', '=', assetId).executeTakeFirst()) !==
    undefined
  );
}
