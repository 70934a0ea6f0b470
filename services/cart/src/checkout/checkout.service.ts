// Checkout: a cart becomes an order in three steps, none of which holds a transaction across the
// payment provider's call.
//   1. Reserve (one transaction): lock the cart, take each variant's stock with a conditional
//      UPDATE (never sold beyond its stock, whatever the concurrency), debit the gift card under
//      its row lock, write the order as 'pending' (one live order per cart: a unique index).
//   2. Charge the card for what the gift card did not cover (payments/: in test mode at once,
//      with Stripe in the browser against the PaymentIntent it opens).
//   3. Settle (one transaction, payments/): paid → cart purchased, gift cards issued,
//      subscription recorded, commerce.order.placed; otherwise stock and gift-card balance go
//      back and the order is 'payment-failed'.
// Donations are orders without a cart. Every call is wrapped in an idempotency key (routes).
//
// A checkout whose process dies leaves nothing held for long (issue 39): its pending order carries
// a lease of a few seconds, renewed while the checkout works; past it the order is abandoned and
// the sweeper (jobs.ts: releaseAbandoned), or the buyer's retry finding it on the cart, releases
// everything it held. A checkout settles only an order that is still pending under its row lock,
// so an order the sweeper released is never paid: its charge is refunded and the answer is a
// failure. An answer of failure therefore always means nothing was charged.
import {
  CartMessages,
  CommerceMessages,
  formatMessage,
  formatMinorUnits,
  type Address,
  type CheckoutBody,
  type CheckoutResponse,
  type DonationBody,
  type OrderItem,
} from '@sc/contracts';
import type { ServiceContext } from '@sc/platform';
import type { CartRow, CartService, LoadedCart, Shopper } from '../cart/cart.service.js';
import { minorOf } from '../catalog/index.js';
import { quantitiesByVariant, refusalOf, tracksStock } from '../domain/add-to-cart.js';
import { announceStockChange, debitGiftCard, insertOrder, liveOrderOfCart, lockGiftCard, takeStock } from '../orders/index.js';
import type { OrderService } from '../orders/orders.service.js';
import { isAbandoned, type PaymentService, type Reservation } from '../payments/payments.service.js';
import { redeemCoupon } from '../rules/coupons.repository.js';
import { rulesOf } from '../rules/rules.repository.js';
import { cartFailure } from '../shared/errors.js';
import { money } from '../shared/money.js';
import type { CartDB } from '../tables.js';

export class CheckoutService {
  readonly #ctx: ServiceContext<CartDB>;
  readonly #carts: CartService;
  readonly #orders: OrderService;
  readonly #payments: PaymentService;

  constructor(ctx: ServiceContext<CartDB>, carts: CartService, orders: OrderService, payments: PaymentService) {
    this.#ctx = ctx;
    this.#carts = carts;
    this.#orders = orders;
    this.#payments = payments;
  }

  /**
   * The paid order an earlier run of this checkout (same Idempotency-Key) made, as its answer: that
   * run's answer was lost (its connection went after the order was paid) and it gave the key back.
   */
  async paidCheckout(websiteId: string, idempotencyKey: string): Promise<CheckoutResponse | undefined> {
    const row = await this.#ctx.db
      .selectFrom('orders')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('checkout_key', '=', idempotencyKey)
      .where('status', '=', 'paid')
      .executeTakeFirst();
    return row ? { order: await this.#orders.toOrder(row), receiptToken: row.receipt_token, payment: null } : undefined;
  }

  /** The cart a checkout is for: the subscription cart of the token, else the shopper's cart. */
  async cartForCheckout(shopper: Shopper, cartToken: string | undefined): Promise<CartRow> {
    if (cartToken) {
      const cart = await this.#carts.openCartByToken(shopper.websiteId, cartToken);
      if (!cart) throw cartFailure(409, CommerceMessages.cartPurchased);
      return cart;
    }
    return (await this.#carts.cartOf(shopper)).cart;
  }

  /**
   * Checks out a cart. Test mode charges the card at once and answers the paid order; with Stripe
   * the order is pending, its stock held, and the answer carries the intent the browser confirms.
   */
  async checkout(cart: CartRow, body: CheckoutBody, idempotencyKey: string): Promise<CheckoutResponse> {
    const payments = this.#payments;
    if (payments.takesIntents && body.card) throw cartFailure(400, CommerceMessages.cardDataRefused);
    const location = body.shippingAddress
      ? {
          country: body.shippingAddress.country,
          ...(body.shippingAddress.region ? { region: body.shippingAddress.region } : {}),
          ...(body.shippingAddress.postalCode ? { postalCode: body.shippingAddress.postalCode } : {}),
        }
      : null;
    const loaded = await this.#carts.load(location ? { ...cart, shipping_location: location } : cart, { fresh: true });
    this.#checkCart(loaded, body.shippingAddress);
    await payments.replacePending(cart.id);
    const kind = cart.kind === 'subscription' ? 'subscription' : 'order';
    const { order } = await this.#reserve(loaded, body, kind, idempotencyKey);
    const due = order.grand_total_cents - order.gift_card_cents;
    if (payments.takesIntents && due > 0) return payments.openIntent(order);
    const outcome =
      due > 0
        ? await payments.whileLeased(order.id, () => payments.charge(due, loaded.currency, body.card, idempotencyKey, `Order ${order.id}`))
        : { outcome: 'succeeded' as const, reference: null };
    if (outcome.outcome !== 'succeeded') {
      await payments.releasePending(order.website_id, order.id);
      throw cartFailure(outcome.outcome === 'declined' ? 402 : 502, outcome.message);
    }
    await payments.settleCharged(
      order,
      outcome.reference,
      'paymentMethod' in outcome ? (outcome.paymentMethod ?? null) : null,
      idempotencyKey,
    );
    this.#orders.mailQueued();
    return { order: await this.#orders.orderView(cart.website_id, order.id), receiptToken: order.receipt_token, payment: null };
  }

  /** SPEC names donations: an amount the visitor chooses, charged at once. */
  async donate(websiteId: string, body: DonationBody, idempotencyKey: string): Promise<CheckoutResponse> {
    const payments = this.#payments;
    const rules = await rulesOf(this.#ctx.db, websiteId);
    const amount = minorOf(body.amount, rules.currency);
    if (amount < rules.minimumDonationCents) {
      throw cartFailure(
        400,
        formatMessage(CommerceMessages.donationAmount, { amount: formatMinorUnits(rules.minimumDonationCents, rules.currency) }),
      );
    }
    if (amount > 100_000_000)
      throw cartFailure(400, formatMessage(CommerceMessages.donationTooLarge, { amount: formatMinorUnits(100_000_000, rules.currency) }));
    const items: OrderItem[] = [
      {
        itemId: 'donation',
        variantId: 'donation',
        sku: 'DONATION',
        productName: body.name ? `Donation from ${body.name}` : 'Donation',
        productType: 0,
        quantity: 1,
        unitPrice: money(amount, rules.currency),
        additionalFields: null,
      },
    ];
    if (payments.takesIntents && body.card) throw cartFailure(400, CommerceMessages.cardDataRefused);
    if (!payments.takesIntents && !body.card) throw cartFailure(400, CommerceMessages.paymentRequired);
    const order = await this.#ctx.transaction(async (trx) =>
      insertOrder(trx, {
        ...this.#orders.orderValues({
          websiteId,
          kind: 'donation',
          cartId: null,
          email: body.email,
          address: null,
          items,
          currency: rules.currency,
          subtotal: amount,
          discount: 0,
          shipping: 0,
          tax: 0,
          giftCard: 0,
          giftCardId: null,
        }),
        lease_until: new Date(Date.now() + payments.leaseMs),
      }),
    );
    if (payments.takesIntents) return payments.openIntent(order);
    const outcome = await payments.whileLeased(order.id, () =>
      payments.charge(amount, rules.currency, body.card, idempotencyKey, `Donation ${order.id}`),
    );
    if (outcome.outcome !== 'succeeded') {
      await payments.releasePending(websiteId, order.id);
      throw cartFailure(outcome.outcome === 'declined' ? 402 : 502, outcome.message);
    }
    await payments.settleCharged(order, outcome.reference, null, idempotencyKey);
    this.#orders.mailQueued();
    return { order: await this.#orders.orderView(websiteId, order.id), receiptToken: order.receipt_token, payment: null };
  }

  #checkCart(loaded: LoadedCart, address: Address | undefined): void {
    if (loaded.lines.length === 0) throw cartFailure(400, CartMessages.emptyCart);
    if (loaded.totals.subtotalCents < loaded.minimumOrderSubtotalCents) {
      throw cartFailure(
        400,
        formatMessage(CartMessages.minimumSubtotal, { subtotal: formatMinorUnits(loaded.minimumOrderSubtotalCents, loaded.currency) }),
      );
    }
    // A local pickup needs no address (the cart's place decides its options and tax).
    if (loaded.totals.requiresShipping && !address && !loaded.totals.selectedShippingOption?.pickup)
      throw cartFailure(400, CommerceMessages.shippingAddressRequired);
  }

  async #reserve(loaded: LoadedCart, body: CheckoutBody, kind: 'order' | 'subscription', checkoutKey: string) {
    const cart = loaded.cart;
    const websiteId = cart.website_id;
    // Payment details are checked before anything is reserved.
    // With Stripe the card is entered after the order is reserved, in the Payment Element.
    const cardLater = this.#payments.takesIntents;
    if (!cardLater && loaded.totals.grandTotalCents > 0 && !body.card && !body.giftCardCode)
      throw cartFailure(400, CommerceMessages.paymentRequired);
    return this.#ctx.transaction(async (trx) => {
      if (!(await this.#carts.lockOpen(trx, cart.id))) throw cartFailure(409, CommerceMessages.cartPurchased);
      const live = await liveOrderOfCart(trx, cart.id);
      // A pending order of a checkout that died holds the cart: released here (test mode; Stripe's
      // was released by replacePending once its intent was cancelled), else the buyer waits.
      if (
        live &&
        !(
          live.status === 'pending' &&
          !this.#payments.takesIntents &&
          isAbandoned(live) &&
          (await this.#payments.releasePending(websiteId, live.id, trx))
        )
      ) {
        throw cartFailure(409, CommerceMessages.idempotencyInProgress);
      }
      // One statement per variant (every line of it summed), in a fixed order so that two carts never deadlock.
      const reservations: Reservation[] = quantitiesByVariant(
        loaded.lines
          .filter((line) => tracksStock(line.productType))
          .map((line) => ({
            productId: line.entry.product_id,
            variantId: line.variant.id,
            sku: line.variant.sku,
            quantity: line.entry.quantity,
          })),
      );
      for (const r of reservations) {
        const taken = await takeStock(trx, websiteId, r.productId, r.variantId, r.quantity);
        // The conditional UPDATE found too little: the add-to-cart rule's answer.
        if (taken === undefined) {
          const refusal = refusalOf('not-enough-stock', 'cart');
          throw cartFailure(refusal.status, refusal.message);
        }
        if (taken !== 'unlimited') await announceStockChange(trx, websiteId, r, taken.before, taken.after, 'order');
      }
      // One use of each code, taken under the coupon's row (the limit holds under concurrency).
      const couponCodes = loaded.totals.validCoupons.map((c) => c.code).sort();
      for (const code of couponCodes) {
        if (!(await redeemCoupon(trx, websiteId, code))) throw cartFailure(409, CommerceMessages.couponUsedUp);
      }
      const grand = loaded.totals.grandTotalCents;
      let giftCardCents = 0;
      let giftCardId: string | null = null;
      if (body.giftCardCode) {
        const card = await lockGiftCard(trx, websiteId, body.giftCardCode.toUpperCase());
        if (!card) throw cartFailure(400, CommerceMessages.giftCardUnknown);
        if (card.currency !== loaded.currency) throw cartFailure(400, CommerceMessages.giftCardCurrency);
        if (card.balance_cents <= 0) throw cartFailure(400, CommerceMessages.giftCardEmpty);
        // Gift cards do not pay for gift cards: only the rest of the order.
        if (grand > 0 && loaded.totals.giftCardPayableCents <= 0) throw cartFailure(400, CommerceMessages.giftCardForGiftCard);
        giftCardCents = Math.min(card.balance_cents, loaded.totals.giftCardPayableCents);
        if (giftCardCents < grand && !body.card && !cardLater) throw cartFailure(400, CommerceMessages.paymentRequired);
        if (giftCardCents > 0 && !(await debitGiftCard(trx, card.id, giftCardCents)))
          throw cartFailure(409, CommerceMessages.giftCardEmpty);
        giftCardId = card.id;
      }
      const items: OrderItem[] = loaded.lines.map((l) => ({
        itemId: l.entry.product_id,
        variantId: l.variant.id,
        sku: l.variant.sku,
        productName: l.title,
        productType: l.productType,
        quantity: l.entry.quantity,
        unitPrice: money(l.unitPriceCents, loaded.currency),
        additionalFields: l.entry.additional_fields === '' ? null : l.entry.additional_fields,
        ...(Object.keys(l.variant.attributes).length > 0 ? { options: l.variant.attributes } : {}),
      }));
      const t = loaded.totals;
      const order = await insertOrder(trx, {
        ...this.#orders.orderValues({
          websiteId,
          kind,
          cartId: cart.id,
          email: body.email,
          address: body.shippingAddress ?? null,
          items,
          currency: loaded.currency,
          subtotal: t.subtotalCents,
          discount: t.discountCents,
          shipping: t.shippingCostCents,
          tax: t.taxCents,
          taxIncluded: t.taxIncluded,
          giftCard: giftCardCents,
          giftCardId,
          couponCodes,
        }),
        lease_until: new Date(Date.now() + this.#payments.leaseMs),
        checkout_key: checkoutKey,
        shipping_method: t.selectedShippingOption
          ? JSON.stringify({ name: t.selectedShippingOption.name, pickup: t.selectedShippingOption.pickup === true })
          : null,
      });
      return { order, reservations, giftCard: giftCardId ? { id: giftCardId, cents: giftCardCents } : null };
    });
  }
}
