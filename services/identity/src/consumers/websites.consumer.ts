// What identity reads from the bus: content's website creations and changes, kept as the
// websites read model (websites/website-read-model.service.ts).
import type { SubscribeOptions } from '@sc/platform';
import type { IdentityModule } from '../module.js';

export const WEBSITES_CONSUMER = 'identity-websites';

/** Where the consumer reads from: its durable name, and whether it skips retained events (tests). */
export interface WebsitesConsumerOptions {
  durable?: string;
  newOnly?: boolean;
}

export function websitesConsumer(parts: Pick<IdentityModule, 'websiteReadModel'>, options: WebsitesConsumerOptions = {}): SubscribeOptions {
  const durable = options.durable ?? WEBSITES_CONSUMER;
  return {
    durable,
    subjects: ['content.website.created', 'content.website.updated'],
    handler: (event) => parts.websiteReadModel.apply(event, durable),
    ...(options.newOnly ? { newOnly: true } : {}),
  };
}
