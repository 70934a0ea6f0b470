// Paid member areas: the cart's commerce.order.placed (an order or subscription paid) gives the
// signed-in buyer access to every paid area whose plans it holds. Handled once per event id.
import { OrderPlaced, type EventEnvelope } from '@sc/contracts';
import { handleOnce, type ServiceContext, type SubscribeOptions } from '@sc/platform';
import type { MemberAreaService } from '../community/member-areas.service.js';
import type { ContentDB } from '../content.table.js';

export const MEMBER_ORDERS_CONSUMER = 'content-member-orders';

export type MemberOrdersConsumerOptions = Partial<Pick<SubscribeOptions, 'durable' | 'newOnly' | 'forgetAfterIdleMs'>>;

export function memberOrdersConsumer(ctx: ServiceContext<ContentDB>, memberAreas: MemberAreaService, options: MemberOrdersConsumerOptions = {}): SubscribeOptions {
  const durable = options.durable ?? MEMBER_ORDERS_CONSUMER;
  return {
    ...options,
    durable,
    subjects: ['commerce.order.placed'],
    handler: async (event: EventEnvelope) => {
      const parsed = OrderPlaced.safeParse(event.data);
      if (!parsed.success) {
        ctx.logger.warn({ eventId: event.id, err: parsed.error.message }, 'commerce.order.placed of an unexpected shape; no member access granted');
        return;
      }
      await handleOnce(ctx.db, durable, event, async (trx) => {
        const granted = await memberAreas.grantForOrder(trx, event.websiteId, parsed.data);
        if (granted > 0) ctx.logger.info({ orderId: parsed.data.id, granted }, 'member access granted for an order');
      });
    },
  };
}
