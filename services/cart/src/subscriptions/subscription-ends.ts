// The end of a paid subscription: cancelled (by the owner, or by the subscriber) or past due (a
// renewal failed). The status changes and commerce.subscription.ended is written in one
// transaction, so what the subscription gave elsewhere (a paid member area in content) ends
// exactly when the status says so, and only when it really changed: a repeated cancel, or a
// failed renewal of a subscription already past due, announces nothing.
import { enqueueEvent } from '@sc/platform';
import type { Transaction } from 'kysely';
import type { CartDB } from '../tables.js';
import { buyerOfOrder, findOrder, type SubscriptionRow } from '../orders/index.js';
import { setSubscriptionStatus } from './subscriptions.repository.js';

export type EndReason = 'cancelled' | 'past-due';

/** The statuses a subscription may end from: cancel an active or past-due one; a failed renewal ends an active one. */
export const ENDS_FROM: Readonly<Record<EndReason, readonly string[]>> = {
  cancelled: ['active', 'past-due'],
  'past-due': ['active'],
};

/**
 * Moves the subscription to `reason` when its status is one it may end from; answers whether it
 * moved. Only an active subscription gave access, so only ending an active one is announced (a
 * past-due one being cancelled ended already).
 */
export async function endSubscription(trx: Transaction<CartDB>, subscription: SubscriptionRow, reason: EndReason): Promise<boolean> {
  const before = await trx.selectFrom('subscriptions').select('status').where('id', '=', subscription.id).forUpdate().executeTakeFirst();
  if (!before || !ENDS_FROM[reason].includes(before.status)) return false;
  if (!(await setSubscriptionStatus(trx, subscription.id, reason, [before.status]))) return false;
  if (before.status !== 'active') return true;
  const first = await findOrder(trx, subscription.website_id, subscription.order_id);
  await enqueueEvent(trx, 'commerce.subscription.ended', subscription.website_id, {
    subscriptionId: subscription.id,
    orderId: subscription.order_id,
    itemId: subscription.product_id,
    sku: subscription.sku,
    siteUserId: first ? await buyerOfOrder(trx, first) : null,
    reason,
    testMode: first?.test_mode ?? false,
  });
  return true;
}
