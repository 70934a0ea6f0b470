// Signups: one per email per variant. A signup that was notified and is made again starts a new
// wait (a new id, so a new notification), while a pending one is left as it is.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterPosition, decodeCursor, toPage, type Page } from '@sc/platform';
import { iso } from '../domain/time.js';
import type { Db } from '../tables.js';

export interface NewSignup {
  websiteId: string;
  productId: string;
  variantId: string;
  email: string;
  language: string | null;
  isJoinMailingList: boolean;
}

export interface ClaimedSignup {
  id: string;
  email: string;
  language: string | null;
}

const SIGNUPS_SCOPE = 'restock-signups';

export interface GroupRow {
  productId: string;
  variantId: string;
  productName: string | null;
  variantLabel: string | null;
  sku: string | null;
  signUpCount: number;
  pendingCount: number;
  lastSignUpAt: string;
}

const GROUPS_SCOPE = 'restock-groups';
const SEP = '\u001f';

export class SignupsRepository {
  constructor(private readonly db: Db) {}

  /** The same queries inside a transaction. */
  with(trx: Db): SignupsRepository {
    return new SignupsRepository(trx);
  }

  /** Saves a signup; answers its id when it is new (or a new wait), undefined when it was already waiting. */
  async upsert(signup: NewSignup): Promise<string | undefined> {
    const id = randomUUID();
    const row = await this.db
      .insertInto('signups')
      .values({
        id,
        website_id: signup.websiteId,
        product_id: signup.productId,
        variant_id: signup.variantId,
        email: signup.email,
        email_normalized: signup.email.toLowerCase(),
        language: signup.language,
        is_join_mailing_list: signup.isJoinMailingList,
        notified_at: null,
      })
      .onConflict((oc) =>
        oc
          .columns(['website_id', 'product_id', 'variant_id', 'email_normalized'])
          .doUpdateSet({
            id,
            created_at: sql<Date>`now()`,
            notified_at: null,
            language: signup.language,
            is_join_mailing_list: signup.isJoinMailingList,
          })
          .where('signups.notified_at', 'is not', null),
      )
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  /**
   * Marks every waiting signup of a variant notified and answers them. One conditional UPDATE: two
   * concurrent sends lock the same rows, and the second re-checks `notified_at is null` after the
   * first commits, so each signup is answered to exactly one caller.
   */
  async claimWaiting(websiteId: string, productId: string, variantId: string): Promise<ClaimedSignup[]> {
    return this.db
      .updateTable('signups')
      .set({ notified_at: sql<Date>`now()` })
      .where('website_id', '=', websiteId)
      .where('product_id', '=', productId)
      .where('variant_id', '=', variantId)
      .where('notified_at', 'is', null)
      .returning(['id', 'email', 'language'])
      .execute();
  }

  async list(websiteId: string, productId: string, variantId: string, options: { cursor?: string; limit: number }) {
    let query = this.db
      .selectFrom('signups')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('product_id', '=', productId)
      .where('variant_id', '=', variantId);
    if (options.cursor) query = query.where(afterPosition('created_at', 'id', decodeCursor(options.cursor, SIGNUPS_SCOPE, 'timestamp')));
    const rows = await query
      .orderBy('created_at')
      .orderBy('id')
      .limit(options.limit + 1)
      .execute();
    return toPage(rows, options.limit, (row) => ({ key: iso(row.created_at), id: row.id }), {
      scope: SIGNUPS_SCOPE,
      map: (row) => ({
        id: row.id,
        productId: row.product_id,
        variantId: row.variant_id,
        email: row.email,
        language: row.language,
        isJoinMailingList: row.is_join_mailing_list,
        createdAt: iso(row.created_at),
        notifiedAt: row.notified_at === null ? null : iso(row.notified_at),
      }),
    });
  }

  /** One page of the (product, variant) groups that have signups, in product then variant order. */
  async listGroups(websiteId: string, options: { cursor?: string; limit: number }): Promise<Page<GroupRow>> {
    let query = this.db
      .selectFrom('signups as s')
      .leftJoin('products as p', (join) => join.onRef('p.website_id', '=', 's.website_id').onRef('p.product_id', '=', 's.product_id'))
      .select((eb) => [
        's.product_id',
        's.variant_id',
        eb.fn.max('p.title').as('title'),
        sql<unknown>`max(p.variants::text)`.as('variants'),
        eb.fn.countAll<number>().as('total'),
        sql<number>`count(*) filter (where s.notified_at is null)`.as('pending'),
        eb.fn.max('s.created_at').as('last'),
      ])
      .where('s.website_id', '=', websiteId);
    if (options.cursor) {
      const position = decodeCursor(options.cursor, GROUPS_SCOPE, 'string');
      const [productId = '', variantId = ''] = String(position.key).split(SEP);
      query = query.where(sql<boolean>`(s.product_id, s.variant_id) > (${productId}, ${variantId})`);
    }
    const rows = await query
      .groupBy(['s.product_id', 's.variant_id'])
      .orderBy('s.product_id')
      .orderBy('s.variant_id')
      .limit(options.limit + 1)
      .execute();
    const page = toPage(rows, options.limit, (row) => ({ key: `${row.product_id}${SEP}${row.variant_id}`, id: 'g' }), {
      scope: GROUPS_SCOPE,
      map: (row): GroupRow => {
        const variants = (typeof row.variants === 'string' ? JSON.parse(row.variants) : null) as Record<
          string,
          { sku: string; label: string }
        > | null;
        const variant = variants?.[row.variant_id];
        return {
          productId: row.product_id,
          variantId: row.variant_id,
          productName: row.title ?? null,
          variantLabel: variant?.label ?? null,
          sku: variant?.sku ?? null,
          signUpCount: Number(row.total),
          pendingCount: Number(row.pending),
          lastSignUpAt: iso(row.last),
        };
      },
    });
    return page;
  }

  /** Signups waiting and the products they wait for. */
  async waitingSummary(websiteId: string): Promise<{ waiting: number; products: number }> {
    const row = await this.db
      .selectFrom('signups')
      .select((eb) => [
        eb.fn.countAll<string | number>().as('waiting'),
        eb.fn.count<string | number>(sql`distinct product_id`).as('products'),
      ])
      .where('website_id', '=', websiteId)
      .where('notified_at', 'is', null)
      .executeTakeFirst();
    return { waiting: Number(row?.waiting ?? 0), products: Number(row?.products ?? 0) };
  }
}
