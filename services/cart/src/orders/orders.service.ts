// Orders as their readers see them: the buyer's order page and account, the owner's order list,
// detail and status changes, and the pieces every way of making an order shares (the row of a new
// order, commerce.order.placed in the transaction that made it paid). Placing an order is
// checkout/, paying for it payments/.
import {
  CommerceMessages,
  ProductType,
  formatMessage,
  type AccountResponse,
  type Address,
  type Order,
  type OrderItem,
} from '@sc/contracts';
import { AppError, enqueueEvent, type ServiceContext } from '@sc/platform';
import type { Transaction } from 'kysely';
import { timingSafeEqual } from 'node:crypto';
import { cartFailure } from '../shared/errors.js';
import { money } from '../shared/money.js';
import { liveRefundsOfOrder } from './refunds.repository.js';
import type { CartDB } from '../tables.js';
import { accountOf } from './account.js';
import { addressLines } from './address-format.js';
import { newOrderId, newReceiptToken } from './ids.js';
import { enqueueShippingConfirmation } from './order-mail.js';
import {
  buyerCartOfOrder,
  buyerOfOrder,
  findOrder,
  findOrders,
  giftCardsOfOrder,
  setOrderStatus,
  setOrderTracking,
  subscriptionOfAnyOrder,
  type OrderFilter,
  type OrderRow,
} from './orders.repository.js';

/** Who asks to read an order (GET /api/commerce/orders/:orderId). */
export interface OrderReader {
  /** The visitor's cart cookie. */
  cartToken: string | undefined;
  siteUserId: string | undefined;
  /** An owner or API key with store:read on the order's website. */
  storeReader: boolean;
  receiptToken: string | undefined;
}

/** What a new pending order is made of (checkout, donations, renewals). */
export interface NewOrder {
  websiteId: string;
  kind: string;
  cartId: string | null;
  email: string;
  address: Address | null;
  items: OrderItem[];
  currency: string;
  subtotal: number;
  discount: number;
  shipping: number;
  tax: number;
  /** The tax is part of the prices (not added to the grand total). */
  taxIncluded?: boolean;
  giftCard: number;
  giftCardId: string | null;
  couponCodes?: string[];
}

const sameSecret = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export class OrderService {
  readonly #ctx: ServiceContext<CartDB>;
  readonly #testMode: boolean;
  /** Called after a transaction that enqueued mail commits (the relay looks at once). */
  readonly #mailQueued: () => void;

  constructor(ctx: ServiceContext<CartDB>, options: { testMode: boolean; mailQueued?: () => void }) {
    this.#ctx = ctx;
    this.#testMode = options.testMode;
    this.#mailQueued = options.mailQueued ?? (() => undefined);
  }

  /** After a transaction that enqueued mail: the relay looks for it at once. */
  mailQueued(): void {
    this.#mailQueued();
  }

  /** The row of a new pending order; the grand total is derived, never given. */
  orderValues(o: NewOrder) {
    return {
      id: newOrderId(),
      website_id: o.websiteId,
      kind: o.kind,
      cart_id: o.cartId,
      status: 'pending',
      test_mode: this.#testMode,
      email: o.email,
      shipping_address: o.address === null ? null : JSON.stringify(o.address),
      items: JSON.stringify(o.items),
      currency: o.currency,
      subtotal_cents: o.subtotal,
      discount_cents: o.discount,
      shipping_cents: o.shipping,
      tax_cents: o.tax,
      gift_card_cents: o.giftCard,
      grand_total_cents: o.subtotal - o.discount + (o.taxIncluded === true ? 0 : o.tax) + o.shipping,
      tax_included: o.taxIncluded === true,
      gift_card_id: o.giftCardId,
      payment_reference: null,
      receipt_token: newReceiptToken(),
      coupon_codes: JSON.stringify(o.couponCodes ?? []),
    };
  }

  /**
   * commerce.order.placed with the SPEC 3 purchase fields, in the transaction that made the order
   * paid; beside them what content needs to open paid member areas: each item's product, the
   * signed-in buyer, and for a subscription order the subscription it started or renewed.
   */
  async announce(trx: Transaction<CartDB>, order: OrderRow): Promise<void> {
    const items = order.items as OrderItem[];
    // One statement at a time: a transaction is one connection.
    const siteUserId = await buyerOfOrder(trx, order);
    const subscription = order.kind === 'subscription' ? await subscriptionOfAnyOrder(trx, order.id) : undefined;
    await enqueueEvent(trx, 'commerce.order.placed', order.website_id, {
      id: order.id,
      kind: order.kind as 'order' | 'subscription' | 'donation',
      purchasedCartId: order.cart_id,
      testMode: order.test_mode,
      websiteId: order.website_id,
      items: items.map((i) => ({ sku: i.sku, productName: i.productName, quantity: i.quantity, unitPrice: i.unitPrice, itemId: i.itemId })),
      grandTotal: money(order.grand_total_cents, order.currency),
      shippingTotal: money(order.shipping_cents, order.currency),
      taxTotal: money(order.tax_cents, order.currency),
      siteUserId,
      subscriptionId: subscription?.id ?? null,
      email: order.email,
      customerName: (order.shipping_address as { name?: string } | null)?.name ?? null,
    });
  }

  // --- The buyer's reads.

  /** A signed-in site user's orders and addresses on this website. */
  account(websiteId: string, siteUserId: string): Promise<AccountResponse> {
    return accountOf(this.#ctx.db, websiteId, siteUserId);
  }

  /**
   * The order for a visitor: its buyer (the cart's cookie or signed-in site user), the site's
   * owner, or whoever holds its receipt token. Anyone else gets the answer of an unknown id.
   */
  async orderFor(websiteId: string, orderId: string, reader: OrderReader): Promise<Order> {
    const row = await findOrder(this.#ctx.db, websiteId, orderId);
    if (!row || !(await this.#mayRead(row, reader))) throw cartFailure(404, CommerceMessages.orderNotFound);
    return this.toOrder(row);
  }

  async #mayRead(row: OrderRow, reader: OrderReader): Promise<boolean> {
    if (reader.storeReader) return true;
    if (reader.receiptToken !== undefined && row.receipt_token !== null && sameSecret(reader.receiptToken, row.receipt_token)) return true;
    if (reader.cartToken === undefined && reader.siteUserId === undefined) return false;
    const cart = await buyerCartOfOrder(this.#ctx.db, row);
    if (!cart) return false;
    return (
      (reader.cartToken !== undefined && sameSecret(reader.cartToken, cart.token)) ||
      (reader.siteUserId !== undefined && cart.site_user_id === reader.siteUserId)
    );
  }

  // --- The owner's orders.

  orders(websiteId: string, filter: OrderFilter, limit: number): Promise<OrderRow[]> {
    return findOrders(this.#ctx.db, websiteId, filter, limit);
  }

  /** Marks an order fulfilled (the buyer hears once that it shipped) or cancelled. */
  async setOrderStatus(
    websiteId: string,
    orderId: string,
    change: { status: 'fulfilled' | 'cancelled'; carrier?: string | null | undefined; trackingNumber?: string | null | undefined },
  ) {
    const order = await findOrder(this.#ctx.db, websiteId, orderId);
    if (!order) throw new AppError('NOT_FOUND', CommerceMessages.orderNotFound);
    // A partly refunded order can still be shipped or cancelled.
    if (!['paid', 'fulfilled', 'partially-refunded'].includes(order.status)) {
      throw new AppError('CONFLICT', formatMessage(CommerceMessages.orderStatusChange, { from: order.status, to: change.status }));
    }
    await this.#ctx.transaction(async (trx) => {
      await setOrderStatus(trx, order.id, change.status);
      if (change.status === 'fulfilled') await setOrderTracking(trx, order.id, change.carrier ?? null, change.trackingNumber ?? null);
      // The buyer hears once that the order shipped (the mail's key is the order's).
      if (change.status === 'fulfilled' && order.status !== 'fulfilled')
        await enqueueShippingConfirmation(trx, order, change.carrier ?? null, change.trackingNumber ?? null, this.#ctx.config.PUBLIC_URL);
    });
    this.mailQueued();
    return this.orderView(websiteId, order.id);
  }

  // --- Views.

  /** The order as its confirmation and status pages read it. */
  async orderView(websiteId: string, orderId: string): Promise<Order> {
    const row = await findOrder(this.#ctx.db, websiteId, orderId);
    if (!row) throw cartFailure(404, CommerceMessages.orderNotFound);
    return this.toOrder(row);
  }

  async toOrder(row: OrderRow): Promise<Order> {
    // Only what the order can have is asked for: most orders bought no gift card, are no
    // subscription and were never refunded (fewer queries, fewer pool connections at checkout).
    const items = row.items as OrderItem[];
    const [cards, subscription, refunds] = await Promise.all([
      items.some((i) => i.productType === ProductType.GIFT_CARD) ? giftCardsOfOrder(this.#ctx.db, row.id) : [],
      row.kind === 'subscription' ? subscriptionOfAnyOrder(this.#ctx.db, row.id) : undefined,
      row.refunded_cents > 0 ? liveRefundsOfOrder(this.#ctx.db, row.id) : [],
    ]);
    const done = refunds.filter((r) => r.status === 'succeeded');
    const c = row.currency;
    return {
      id: row.id,
      orderNumber: Number(row.order_number),
      kind: row.kind as Order['kind'],
      websiteId: row.website_id,
      purchasedCartId: row.cart_id,
      status: row.status as Order['status'],
      testMode: row.test_mode,
      email: row.email,
      shippingAddress: (row.shipping_address ?? null) as Address | null,
      shippingAddressLines: row.shipping_address ? addressLines(row.shipping_address as Address) : [],
      items,
      subtotal: money(row.subtotal_cents, c),
      discountTotal: money(row.discount_cents, c),
      shippingTotal: money(row.shipping_cents, c),
      shippingMethod: row.shipping_method ?? null,
      tracking: row.tracking ?? null,
      taxTotal: money(row.tax_cents, c),
      taxIncluded: row.tax_included,
      giftCardTotal: money(row.gift_card_cents, c),
      grandTotal: money(row.grand_total_cents, c),
      amountCharged: money(row.grand_total_cents - row.gift_card_cents, c),
      giftCardsIssued: cards.map((g) => ({ code: g.code, balance: money(g.balance_cents, g.currency) })),
      subscription: subscription
        ? {
            id: subscription.id,
            itemId: subscription.product_id,
            sku: subscription.sku,
            plan: subscription.plan,
            cyclesBilled: subscription.cycles_billed,
            nextBillingDate: subscription.next_billing_at ? new Date(subscription.next_billing_at).toISOString() : null,
            status: subscription.status as 'active' | 'completed' | 'cancelled' | 'past-due',
            price: money(subscription.price_cents, subscription.currency),
          }
        : null,
      createdAt: new Date(row.created_at).toISOString(),
      receiptToken: row.receipt_token,
      refundedTotal: money(
        done.reduce((sum, r) => sum + r.amount_cents, 0),
        c,
      ),
      refunds: done.map((r) => ({
        id: r.id,
        amount: money(r.amount_cents, c),
        toCard: money(r.card_cents, c),
        toGiftCard: money(r.gift_card_cents, c),
        restocked: r.restocked,
        reason: r.reason,
        createdAt: new Date(r.created_at).toISOString(),
      })),
    };
  }
}
