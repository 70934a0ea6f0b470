// What forms reads from the bus: restock signups whose visitor ticked "join the mailing list"
// (restock.signup.created with isJoinMailingList). The newsletter service applies each event once.
import type { SubscribeOptions } from '@sc/platform';
import { MAILING_LIST_CONSUMER, type NewsletterService } from '../newsletter/newsletter.service.js';

/** How the consumer subscribes: the durable name (shared by replicas), and test-only start options. */
export interface MailingListConsumerOptions {
  durable?: string;
  newOnly?: boolean;
  forgetAfterIdleMs?: number;
}

export function mailingListConsumer(newsletter: NewsletterService, options: MailingListConsumerOptions = {}): SubscribeOptions {
  return {
    durable: options.durable ?? MAILING_LIST_CONSUMER,
    subjects: ['restock.signup.created'],
    ...(options.newOnly === undefined ? {} : { newOnly: options.newOnly }),
    ...(options.forgetAfterIdleMs === undefined ? {} : { forgetAfterIdleMs: options.forgetAfterIdleMs }),
    handler: async (event) => {
      await newsletter.joinFromRestock(event);
    },
  };
}
