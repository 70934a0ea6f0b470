// What settling an order does beside its status, as functions of the caller's transaction: a paid
// order issues the gift cards it bought and records the subscription it started; an unpaid one
// gives back everything it held. Used by payments.service.ts (and through it by checkout).
import { ProductType, type OrderItem } from '@sc/contracts';
import type { Transaction } from 'kysely';
import { nextBillingDate } from '../domain/subscription.js';
import { findProduct } from '../catalog/index.js';
import {
  creditGiftCard,
  insertGiftCard,
  insertSubscription,
  newGiftCardCode,
  newOrderId,
  returnStock,
  setOrderStatus,
  announceStockChange,
  type OrderRow,
} from '../orders/index.js';
import { releaseCoupon } from '../rules/coupons.repository.js';
import type { CartDB, StoredPlan } from '../tables.js';
import type { IntentRequest } from './payments.js';

/** Stock an order took of one variant. */
export interface Reservation {
  productId: string;
  variantId: string;
  sku: string;
  quantity: number;
}

/**
 * What Stripe is asked for an order: always derived from the order row, so a repeat (a retried
 * call, or finding a lost intent again) sends the same request under the same idempotency key.
 */
export const intentRequestOf = (order: OrderRow): IntentRequest => ({
  orderId: order.id,
  websiteId: order.website_id,
  amountCents: order.grand_total_cents - order.gift_card_cents,
  currency: order.currency,
  email: order.email,
  description: `${order.kind === 'donation' ? 'Donation' : 'Order'} ${order.id}`,
  saveForRenewals: order.kind === 'subscription',
});

/** True for a pending order whose checkout stopped renewing its lease. */
export const isAbandoned = (order: OrderRow): boolean =>
  order.status === 'pending' && order.lease_until !== null && new Date(order.lease_until).getTime() < Date.now();

/**
 * Gives back what an unpaid order took (stock, its codes' uses, the gift-card amount) and marks it
 * payment-failed. Rows are locked in the order checkout locks them (stock by product and variant,
 * then coupons by code, then the gift card), so a give-back never deadlocks with a checkout.
 */
export async function giveBack(
  trx: Transaction<CartDB>,
  order: OrderRow,
  stock: Reservation[],
  giftCard: { id: string; cents: number } | null,
): Promise<void> {
  const key = (r: Reservation) => `${r.productId}\u0000${r.variantId}`;
  for (const r of [...stock].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0))) {
    const back = await returnStock(trx, order.website_id, r.productId, r.variantId, r.quantity);
    if (back) await announceStockChange(trx, order.website_id, r, back.before, back.after, 'payment-failed');
  }
  for (const code of [...order.coupon_codes].sort()) await releaseCoupon(trx, order.website_id, code);
  if (giftCard && giftCard.cents > 0) await creditGiftCard(trx, giftCard.id, giftCard.cents);
  await setOrderStatus(trx, order.id, 'payment-failed');
}

/** One gift card per gift-card unit bought, with the denomination as its balance. */
export async function issueGiftCards(trx: Transaction<CartDB>, order: OrderRow): Promise<Array<{ code: string; cents: number }>> {
  const issued: Array<{ code: string; cents: number }> = [];
  for (const item of order.items as OrderItem[]) {
    if (item.productType !== ProductType.GIFT_CARD) continue;
    const cents = Number(item.unitPrice.value);
    for (let i = 0; i < item.quantity; i++) {
      const code = newGiftCardCode();
      await insertGiftCard(trx, {
        id: newOrderId(),
        website_id: order.website_id,
        code,
        currency: order.currency,
        initial_cents: cents,
        balance_cents: cents,
        order_id: order.id,
      });
      issued.push({ code, cents });
    }
  }
  return issued;
}

/** The subscription a paid subscription order starts (billed once; the next date from the plan). */
export async function recordSubscription(trx: Transaction<CartDB>, order: OrderRow, paymentMethod: string | null): Promise<void> {
  const line = (order.items as OrderItem[])[0]!;
  const product = await findProduct(trx, order.website_id, line.itemId);
  const plan: StoredPlan = (product?.subscription_plan as StoredPlan | null) ?? {
    billingPeriod: { value: 1, unit: 'MONTH' },
    numBillingCycles: 0,
  };
  const next = nextBillingDate(new Date(), plan, 1);
  await insertSubscription(trx, {
    id: newOrderId(),
    website_id: order.website_id,
    order_id: order.id,
    product_id: line.itemId,
    variant_id: line.variantId,
    sku: line.sku,
    email: order.email,
    plan: JSON.stringify(plan),
    price_cents: Number(line.unitPrice.value) * line.quantity,
    currency: order.currency,
    cycles_billed: 1,
    next_billing_at: next,
    status: next ? 'active' : 'completed',
    payment_method: paymentMethod,
  });
}
