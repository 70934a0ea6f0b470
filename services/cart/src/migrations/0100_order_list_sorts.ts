// The owner's order list sorts by total, email and status too (issue 35's data table): an index
// per sort, in the keyset order the list reads (website, column, id), so a page of a large store
// is an index range, not a sort of every order.
import type { Kysely, Migration } from 'kysely';

export const m0100OrderListSorts: Migration = {
  async up(db: Kysely<unknown>) {
    for (const column of ['grand_total_cents', 'email', 'status']) {
      await db.schema.createIndex(`orders_website_${column}`).on('orders').columns(['website_id', column, 'id']).execute();
    }
  },
};
