// The site's title and domain from content's website events: the name on the shop's mail and the
// host of the links in it (never the Host header of a request, which a buyer could set).
import { ContentWebsiteChanged, type EventEnvelope } from '@sc/contracts';
import { handleOnce, type ServiceContext, type SubscribeOptions } from '@sc/platform';
import { sql } from 'kysely';
import type { CartDB } from '../tables.js';

export const WEBSITES_CONSUMER = 'cart-websites';

/** Applies one content.website.* event (idempotent; exported for tests and replays). */
export async function applyWebsiteEvent(ctx: ServiceContext<CartDB>, event: EventEnvelope): Promise<void> {
  await handleOnce(ctx.db, WEBSITES_CONSUMER, event, async (trx) => {
    const data = ContentWebsiteChanged.parse(event.data);
    const row = { website_id: event.websiteId, title: data.title, domain: data.domains[0] ?? null };
    await trx
      .insertInto('websites')
      .values(row)
      .onConflict((oc) => oc.column('website_id').doUpdateSet({ title: row.title, domain: row.domain, updated_at: sql<Date>`now()` }))
      .execute();
  });
}

/** The durable consumer of content's website events. */
export function websitesConsumer(ctx: ServiceContext<CartDB>): SubscribeOptions {
  return {
    durable: WEBSITES_CONSUMER,
    subjects: ['content.website.created', 'content.website.updated'],
    handler: (event) => applyWebsiteEvent(ctx, event),
  };
}
