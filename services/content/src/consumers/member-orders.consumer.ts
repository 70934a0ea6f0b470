// Paid member areas from the cart's events: commerce.order.placed (an order or subscription paid)
// gives the signed-in buyer access to every paid area whose plans it holds, and
// commerce.subscription.ended (cancelled or past due) takes back what that subscription gave.
// Each event is handled once per event id; the two subjects are two consumers on the bus, so an
// end may arrive before the payment it follows, which the member-area service allows for.
import { OrderPlaced, SubscriptionEnded, type EventEnvelope } from '@sc/contracts';
import { handleOnce, type ServiceContext, type SubscribeOptions } from '@sc/platform';
import type { MemberAreaService } from '../community/member-areas.service.js';
import type { ContentDB } from '../tables.js';

export const MEMBER_ORDERS_CONSUMER = 'content-member-orders';

export type MemberOrdersConsumerOptions = Partial<Pick<SubscribeOptions, 'durable' | 'newOnly' | 'forgetAfterIdleMs'>>;

export function memberOrdersConsumer(
  ctx: ServiceContext<ContentDB>,
  memberAreas: MemberAreaService,
  options: MemberOrdersConsumerOptions = {},
): SubscribeOptions {
  const durable = options.durable ?? MEMBER_ORDERS_CONSUMER;
  const handlePlaced = async (event: EventEnvelope) => {
    const parsed = OrderPlaced.safeParse(event.data);
    if (!parsed.success) {
      ctx.logger.warn(
        { eventId: event.id, err: parsed.error.message },
        'commerce.order.placed of an unexpected shape; no member access granted',
      );
      return;
    }
    await handleOnce(ctx.db, durable, event, async (trx) => {
      const granted = await memberAreas.grantForOrder(trx, event.websiteId, parsed.data, new Date(event.occurredAt));
      if (granted > 0) ctx.logger.info({ orderId: parsed.data.id, granted }, 'member access granted for an order');
    });
  };
  const handleEnded = async (event: EventEnvelope) => {
    const parsed = SubscriptionEnded.safeParse(event.data);
    if (!parsed.success) {
      ctx.logger.warn(
        { eventId: event.id, err: parsed.error.message },
        'commerce.subscription.ended of an unexpected shape; no member access revoked',
      );
      return;
    }
    await handleOnce(ctx.db, durable, event, async (trx) => {
      const revoked = await memberAreas.revokeForSubscription(trx, event.websiteId, parsed.data, new Date(event.occurredAt));
      if (revoked > 0) ctx.logger.info({ subscriptionId: parsed.data.subscriptionId, revoked }, 'member access ended with a subscription');
    });
  };
  return {
    ...options,
    durable,
    subjects: ['commerce.order.placed', 'commerce.subscription.ended'],
    handler: async (event: EventEnvelope) => {
      if (event.type === 'commerce.subscription.ended') await handleEnded(event);
      else await handlePlaced(event);
    },
  };
}
