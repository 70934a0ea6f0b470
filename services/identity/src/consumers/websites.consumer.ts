// The websites read model: content owns websites and announces each creation and change
// (content.website.created / .updated with title and domains); identity keeps the latest of each,
// so the website switcher can name an owner's websites without asking content on every call.
import { ContentWebsiteChanged, type EventEnvelope } from '@sc/contracts';
import { handleOnce, type ServiceContext, type SubscribeOptions } from '@sc/platform';
import type { IdentityDB } from '../tables.js';
import { upsertWebsite } from '../websites/website.repository.js';

export const WEBSITES_CONSUMER = 'identity-websites';

/** Where the consumer reads from: its durable name, and whether it skips retained events (tests). */
export interface WebsitesConsumerOptions {
  durable?: string;
  newOnly?: boolean;
}

/** Applies one content website event (idempotent; exported for tests). */
export async function applyWebsiteEvent(ctx: ServiceContext<IdentityDB>, event: EventEnvelope, consumer = WEBSITES_CONSUMER): Promise<void> {
  if (event.type !== 'content.website.created' && event.type !== 'content.website.updated') return;
  const data = ContentWebsiteChanged.parse(event.data);
  await handleOnce(ctx.db, consumer, event, async (trx) => {
    await upsertWebsite(trx, { id: event.websiteId, title: data.title, domains: data.domains, changedAt: new Date(event.occurredAt) });
  });
}

export function websitesConsumer(ctx: ServiceContext<IdentityDB>, options: WebsitesConsumerOptions = {}): SubscribeOptions {
  const durable = options.durable ?? WEBSITES_CONSUMER;
  return {
    durable,
    subjects: ['content.website.created', 'content.website.updated'],
    handler: (event) => applyWebsiteEvent(ctx, event, durable),
    ...(options.newOnly ? { newOnly: true } : {}),
  };
}
