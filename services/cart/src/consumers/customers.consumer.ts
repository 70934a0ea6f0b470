// The customers read model, fed by events only: orders paid and refunded, subscriptions ended
// (cart's own events, so the
// model is rebuilt by replaying them like any other), site-user accounts from identity and
// newsletter consent from forms. It never reads another service's tables. An erased customer is
// not listed again from events older than the erasure (the log keeps a digest of the email).
import {
  ERASED_EMAIL,
  NewsletterSubscriberChanged,
  OrderPlaced,
  OrderRefunded,
  SiteUserCreated,
  SubscriptionEnded,
  type EventEnvelope,
} from '@sc/contracts';
import { handleOnce, type ServiceContext, type SubscribeOptions } from '@sc/platform';
import type { CartDB } from '../tables.js';
import { erasedSince } from '../customers/erase.js';
import { recordAccount, recordNewsletter, recordOrder, recordRefund, recordSubscriptionEnded } from '../customers/customers.repository.js';

export const CUSTOMERS_CONSUMER = 'cart-customers';

const scrubbed = (email: string | undefined): boolean => !email || email.toLowerCase() === ERASED_EMAIL;

/** Applies one event to the customers read model (idempotent; exported for tests and replays). */
export async function applyCustomerEvent(ctx: ServiceContext<CartDB>, event: EventEnvelope, consumer = CUSTOMERS_CONSUMER): Promise<void> {
  await handleOnce(ctx.db, consumer, event, async (trx) => {
    // An erased customer stays erased when older events are delivered again (a read-model rebuild).
    const erased = async (email: string | undefined) =>
      scrubbed(email) || (await erasedSince(trx, event.websiteId, email!, event.occurredAt));
    switch (event.type) {
      case 'commerce.order.placed': {
        const data = OrderPlaced.parse(event.data);
        if (await erased(data.email)) return;
        await recordOrder(trx, event.websiteId, {
          orderId: data.id,
          email: data.email!,
          name: data.customerName ?? null,
          currency: data.grandTotal.currency,
          totalCents: Number(data.grandTotal.value),
          placedAt: event.occurredAt,
          subscriptionId: data.kind === 'subscription' ? (data.subscriptionId ?? null) : null,
        });
        return;
      }
      case 'commerce.order.refunded': {
        const data = OrderRefunded.parse(event.data);
        await recordRefund(trx, event.websiteId, data.orderId, Number(data.refundedTotal.value));
        return;
      }
      case 'commerce.subscription.ended': {
        const data = SubscriptionEnded.parse(event.data);
        await recordSubscriptionEnded(trx, event.websiteId, data.subscriptionId, data.orderId);
        return;
      }
      case 'identity.site-user.created': {
        const data = SiteUserCreated.parse(event.data);
        if (!(await erased(data.email))) await recordAccount(trx, event.websiteId, data.email, data.siteUserId, data.name);
        return;
      }
      case 'forms.subscriber.confirmed':
      case 'forms.subscriber.unsubscribed': {
        const data = NewsletterSubscriberChanged.parse(event.data);
        if (!(await erased(data.email)))
          await recordNewsletter(trx, event.websiteId, data.email!, data.status === 'confirmed' ? 'confirmed' : 'unsubscribed');
        return;
      }
      default:
        return;
    }
  });
}

/** The durable consumer of the customers read model. */
export function customersConsumer(ctx: ServiceContext<CartDB>): SubscribeOptions {
  return {
    durable: CUSTOMERS_CONSUMER,
    subjects: [
      'commerce.order.placed',
      'commerce.order.refunded',
      'commerce.subscription.ended',
      'identity.site-user.created',
      'forms.subscriber.confirmed',
      'forms.subscriber.unsubscribed',
    ],
    handler: (event) => applyCustomerEvent(ctx, event),
  };
}
