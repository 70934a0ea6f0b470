// Events of the cart service (subjects commerce.<entity>.<event>): cart changes for analytics,
// placed orders with the SPEC 3 "Order (purchase analytics)" fields, and stock changes, which the
// restock service reads (qtyInStock going from 0 to above 0, or unlimited, means back in stock).
import { z } from 'zod';
import { Money } from './currencies.js';

export const CartEntryAdded = z
  .object({
    cartId: z.string(),
    entryId: z.string(),
    itemId: z.string(),
    variantId: z.string(),
    sku: z.string(),
    /** How many were added by this call (the entry may hold more). */
    quantity: z.number().int(),
    unitPrice: Money,
  })
  .strict();
export type CartEntryAdded = z.infer<typeof CartEntryAdded>;

export const CartEntryRemoved = z
  .object({
    cartId: z.string(),
    entryId: z.string(),
    itemId: z.string(),
    variantId: z.string(),
    sku: z.string(),
    quantity: z.number().int(),
  })
  .strict();
export type CartEntryRemoved = z.infer<typeof CartEntryRemoved>;

export const CartUpdated = z
  .object({
    cartId: z.string(),
    change: z.enum(['quantity', 'additional-fields', 'coupon', 'shipping', 'merged', 'cloned']),
    entryId: z.string().nullable(),
  })
  .strict();
export type CartUpdated = z.infer<typeof CartUpdated>;

export const OrderPlaced = z
  .object({
    id: z.string(),
    kind: z.enum(['order', 'subscription', 'donation']),
    purchasedCartId: z.string().nullable(),
    testMode: z.boolean(),
    websiteId: z.string(),
    items: z.array(
      z
        .object({
          sku: z.string(),
          productName: z.string(),
          quantity: z.number().int(),
          unitPrice: Money,
          /** The product bought (content's item id); optional for events from before it was sent. */
          itemId: z.string().optional(),
        })
        .strict(),
    ),
    grandTotal: Money,
    shippingTotal: Money,
    taxTotal: Money,
    /**
     * The signed-in site user who bought (null for a guest). Content grants access to a paid member
     * area to this user when the order holds one of its plans; optional for older events.
     */
    siteUserId: z.string().nullable().optional(),
    /**
     * The subscription a 'subscription' order started or renewed (null for other kinds). Content
     * uses it to tell a grant of that subscription from others when the subscription ends.
     */
    subscriptionId: z.string().nullable().optional(),
    /** The buyer's email and name (cart's customers read model); optional for older events. */
    email: z.string().optional(),
    customerName: z.string().nullable().optional(),
  })
  .strict();
export type OrderPlaced = z.infer<typeof OrderPlaced>;

export const StockChanged = z
  .object({
    itemId: z.string(),
    variantId: z.string(),
    sku: z.string(),
    previousQtyInStock: z.number().int(),
    qtyInStock: z.number().int(),
    previousUnlimited: z.boolean(),
    unlimited: z.boolean(),
    /** True when the variant could not be bought before this change and can now. */
    backInStock: z.boolean(),
    reason: z.enum(['order', 'inventory', 'payment-failed', 'refund']),
  })
  .strict();
export type StockChanged = z.infer<typeof StockChanged>;

/** A refund of an order (test mode when testMode): the amount of this refund and the total so far. */
export const OrderRefunded = z
  .object({
    orderId: z.string(),
    refundId: z.string(),
    testMode: z.boolean(),
    amount: Money,
    refundedTotal: Money,
    fullyRefunded: z.boolean(),
    restocked: z.array(z.object({ sku: z.string(), quantity: z.number().int() }).strict()),
  })
  .strict();
export type OrderRefunded = z.infer<typeof OrderRefunded>;

/**
 * A paid subscription stopped being paid for: cancelled (by the owner or the subscriber) or past
 * due (its renewal failed; resuming it and a paid renewal is a new commerce.order.placed). What
 * the subscription gave (a paid member area in content) ends with it. Sent once per change.
 */
export const SubscriptionEnded = z
  .object({
    subscriptionId: z.string(),
    /** The order that started the subscription. */
    orderId: z.string(),
    /** The product subscribed to (content's item id) and its variant's sku. */
    itemId: z.string(),
    sku: z.string(),
    /** The signed-in site user who subscribed (null for a guest's subscription). */
    siteUserId: z.string().nullable(),
    reason: z.enum(['cancelled', 'past-due']),
    testMode: z.boolean(),
  })
  .strict();
export type SubscriptionEnded = z.infer<typeof SubscriptionEnded>;

/** The commerce subjects and their data, merged into EventSchemas. */
export const CommerceEventSchemas = {
  'commerce.cart.entry-added': CartEntryAdded,
  'commerce.cart.entry-removed': CartEntryRemoved,
  'commerce.cart.updated': CartUpdated,
  'commerce.order.placed': OrderPlaced,
  'commerce.stock.changed': StockChanged,
  'commerce.order.refunded': OrderRefunded,
  'commerce.subscription.ended': SubscriptionEnded,
} as const;
