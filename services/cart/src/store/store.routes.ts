// Owner routes of the admin app's store screens beyond owner.routes.ts: an order's detail and its
// refunds, gift cards, one coupon, shipping options and tax rules one at a time, subscriptions.
// store:read to look, store:manage to change. Money-moving calls (refunds) need an
// Idempotency-Key; issuing a gift card takes one when given.
import {
  CommerceMessages,
  CouponParams,
  CouponResponse,
  CouponUpdateBody,
  Deleted,
  GiftCardList,
  GiftCardListQuery,
  GiftCardResponse,
  IssueGiftCardBody,
  OrderParams,
  OrderResponse,
  Permission,
  RefundBody,
  RefundResponse,
  ShippingOptionInput,
  ShippingOptionList,
  ShippingOptionParams,
  ShippingOptionResponse,
  ShippingOptionUpdateBody,
  SubscriptionList,
  SubscriptionListQuery,
  SubscriptionParams,
  SubscriptionResponse,
  TaxRuleInput,
  TaxRuleList,
  TaxRuleParams,
  TaxRuleResponse,
  TaxRuleUpdateBody,
  UpdateSubscriptionStatusBody,
  formatMessage,
  formatMinorUnits,
  type CurrencyCode,
  type GiftCardView,
  type ShippingOption,
  type SubscriptionView,
  type TaxRule,
} from '@sc/contracts';
import { decodeCursor, encodeCursor, ownerRoute, websiteIdOf, type ServiceContext, type ZodApp } from '@sc/platform';
import type { FastifyRequest } from 'fastify';
import type { CartDB } from '../tables.js';
import { storeCacheOf } from '../catalog/store-cache.js';
import { newGiftCardCode, newOrderId, type CheckoutService } from '../checkout/checkout.service.js';
import { once, requestHash } from '../checkout/idempotency.js';
import { findGiftCards, insertGiftCard, type GiftCardRow, type SubscriptionRow } from '../checkout/orders.repository.js';
import type { RefundService } from '../checkout/refunds.service.js';
import { enqueueShopMail, giftCardMail } from '../checkout/order-mail.js';
import { cartFailure } from '../cart/errors.js';
import { couponView, findCoupon, lockRules, rulesOf, saveRules, upsertCoupon } from './rules.repository.js';
import { findSubscription, findSubscriptions, setSubscriptionStatus } from '../subscriptions/subscriptions.repository.js';
import { endSubscription } from '../subscriptions/subscription-ends.js';
import type { CouponDefinition } from '../domain/totals.js';

const MAX_SHIPPING_OPTIONS = 50;
const MAX_TAX_RULES = 200;
const MAX_GIFT_CARD_CENTS = 100_000_000;

const money = (cents: number, currency: string) => ({ value: String(cents), currency: currency as CurrencyCode });

const giftCardView = (g: GiftCardRow): GiftCardView => ({
  id: g.id,
  code: g.code,
  initial: money(g.initial_cents, g.currency),
  balance: money(g.balance_cents, g.currency),
  orderId: g.order_id,
  recipientEmail: g.recipient_email,
  note: g.note,
  createdAt: new Date(g.created_at).toISOString(),
});

const subscriptionView = (s: SubscriptionRow): SubscriptionView => ({
  id: s.id,
  itemId: s.product_id,
  sku: s.sku,
  plan: s.plan,
  cyclesBilled: s.cycles_billed,
  nextBillingDate: s.next_billing_at ? new Date(s.next_billing_at).toISOString() : null,
  status: s.status as SubscriptionView['status'],
  price: money(s.price_cents, s.currency),
  email: s.email,
  orderId: s.order_id,
  createdAt: new Date(s.created_at).toISOString(),
});

/** The optional Idempotency-Key of a request (a required one is checked by the caller). */
function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key !== undefined && (key.length === 0 || key.length > 255)) throw cartFailure(400, CommerceMessages.idempotencyKeyRequired);
  return key;
}

export interface StoreRouteServices {
  checkout: CheckoutService;
  refunds: RefundService;
  idempotencyTtlMs: number;
}

export function storeRoutes(app: ZodApp, ctx: ServiceContext<CartDB>, services: StoreRouteServices): void {
  const { checkout, refunds, idempotencyTtlMs } = services;
  const cache = storeCacheOf(ctx);

  // --- Orders: detail and refunds (the list is in owner.routes.ts).

  app.get(
    '/api/commerce/store/orders/:orderId',
    ownerRoute(Permission.STORE_READ, { schema: { summary: 'One order of the store, with its lines, payments and refunds', params: OrderParams, response: { 200: OrderResponse } } }),
    async (request) => ({ order: await checkout.orderView(websiteIdOf(request), request.params.orderId) }),
  );

  app.post(
    '/api/commerce/store/orders/:orderId/refunds',
    ownerRoute(Permission.STORE_MANAGE, { schema: { summary: 'Refund an order in full or in part, restocking if asked', params: OrderParams, body: RefundBody, response: { 201: RefundResponse } } }),
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      if (!key) throw cartFailure(400, CommerceMessages.idempotencyKeyRequired);
      const websiteId = websiteIdOf(request);
      const hash = requestHash({ call: 'refund', orderId: request.params.orderId, body: request.body });
      const result = await once(
        ctx.db,
        websiteId,
        key,
        hash,
        async () => ({ status: 201, body: await refunds.refund(websiteId, request.params.orderId, request.body) }),
        { ttlMs: idempotencyTtlMs },
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(result.status as 201).send(result.body as never);
    },
  );

  // --- Gift cards.

  app.get(
    '/api/commerce/store/gift-cards',
    ownerRoute(Permission.STORE_READ, { schema: { summary: "The store's gift cards, paged, searchable by code", querystring: GiftCardListQuery, response: { 200: GiftCardList } } }),
    async (request) => {
      const { limit, cursor, q } = request.query;
      const after = cursor ? decodeCursor(cursor, 'gift-cards', 'number') : undefined;
      const rows = await findGiftCards(ctx.db, websiteIdOf(request), { code: q, beforeSeq: after ? Number(after.key) : undefined }, limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        giftCards: page.map(giftCardView),
        hasNextPage: rows.length > limit,
        nextPageCursor: rows.length > limit && last ? encodeCursor({ key: Number(last.seq), id: last.id }, 'gift-cards') : null,
      };
    },
  );

  app.post(
    '/api/commerce/store/gift-cards',
    ownerRoute(Permission.STORE_MANAGE, { schema: { summary: 'Issue a gift card', body: IssueGiftCardBody, response: { 201: GiftCardResponse } } }),
    async (request, reply) => {
      const websiteId = websiteIdOf(request);
      const body = request.body;
      const issue = async () => {
        const rules = await rulesOf(ctx.db, websiteId);
        if (body.amountCents > MAX_GIFT_CARD_CENTS) {
          throw cartFailure(400, formatMessage(CommerceMessages.giftCardAmount, { min: formatMinorUnits(1, rules.currency), max: formatMinorUnits(MAX_GIFT_CARD_CENTS, rules.currency) }));
        }
        const card = await ctx.transaction(async (trx) => {
          const issued = await insertGiftCard(trx, {
            id: newOrderId(),
            website_id: websiteId,
            code: newGiftCardCode(),
            currency: rules.currency,
            initial_cents: body.amountCents,
            balance_cents: body.amountCents,
            order_id: null,
            recipient_email: body.recipientEmail ?? null,
            note: body.note ?? null,
          });
          // The recipient gets the code by mail, once (the mail's key is the card's).
          if (issued.recipient_email) {
            await enqueueShopMail(trx, websiteId, issued.recipient_email, 'gift-card.delivered', `gift-card:${issued.id}`, (site) =>
              giftCardMail(site, issued.code, issued.initial_cents, issued.currency, issued.note),
            );
          }
          return issued;
        });
        if (card.recipient_email) checkout.mailQueued();
        return { status: 201, body: { giftCard: giftCardView(card) } };
      };
      const key = idempotencyKeyOf(request);
      const result = key
        ? await once(ctx.db, websiteId, key, requestHash({ call: 'gift-card', body }), issue, { ttlMs: idempotencyTtlMs })
        : { ...(await issue()), replayed: false };
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(result.body as never);
    },
  );

  // --- One coupon (the list, create-or-replace and delete are in owner.routes.ts).

  app.get(
    '/api/commerce/coupons/:code',
    ownerRoute(Permission.STORE_READ, { schema: { summary: 'One coupon with its usage', params: CouponParams, response: { 200: CouponResponse } } }),
    async (request) => {
      const coupon = await findCoupon(ctx.db, websiteIdOf(request), request.params.code);
      if (!coupon) throw cartFailure(404, CommerceMessages.couponNotFound);
      return { coupon: couponView(coupon) };
    },
  );

  app.put(
    '/api/commerce/coupons/:code',
    ownerRoute(Permission.STORE_MANAGE, { schema: { summary: 'Change a coupon', params: CouponParams, body: CouponUpdateBody, response: { 200: CouponResponse } } }),
    async (request) => {
      const websiteId = websiteIdOf(request);
      const existing = await findCoupon(ctx.db, websiteId, request.params.code);
      if (!existing) throw cartFailure(404, CommerceMessages.couponNotFound);
      const b = request.body;
      const coupon: CouponDefinition = {
        code: existing.code,
        kind: b.kind,
        value: b.value,
        minimumSubtotalCents: b.minimumSubtotalCents,
        expiresAt: b.expiresAt === null ? null : new Date(b.expiresAt),
        combinable: b.combinable,
        usageLimit: b.usageLimit,
        timesUsed: existing.timesUsed,
      };
      await upsertCoupon(ctx.db, websiteId, coupon);
      cache.couponsChanged(websiteId);
      return { coupon: couponView(coupon) };
    },
  );

  // --- Shipping options and tax rules, one at a time (PUT /api/commerce/store-rules replaces whole lists).

  /** Changes one list of the rules under the row's lock, so two owners' edits never lose each other. */
  const editList = async <T extends { id: string }>(
    websiteId: string,
    list: 'shippingOptions' | 'taxRules',
    edit: (items: T[]) => T[],
  ): Promise<T[]> => {
    const items = await ctx.transaction(async (trx) => {
      const rules = await lockRules(trx, websiteId);
      const next = edit(rules[list] as unknown as T[]);
      await saveRules(trx, websiteId, { [list]: next });
      return next;
    });
    cache.rulesChanged(websiteId);
    return items;
  };

  app.get(
    '/api/commerce/shipping-options',
    ownerRoute(Permission.STORE_READ, { schema: { summary: "The store's shipping options", response: { 200: ShippingOptionList } } }),
    async (request) => ({ shippingOptions: (await rulesOf(ctx.db, websiteIdOf(request))).shippingOptions }),
  );

  app.post(
    '/api/commerce/shipping-options',
    ownerRoute(Permission.STORE_MANAGE, { schema: { summary: 'Create a shipping option', body: ShippingOptionInput, response: { 201: ShippingOptionResponse } } }),
    async (request, reply) => {
      const option: ShippingOption = request.body;
      await editList<ShippingOption>(websiteIdOf(request), 'shippingOptions', (items) => {
        if (items.some((o) => o.id === option.id)) throw cartFailure(409, CommerceMessages.shippingOptionExists);
        if (items.length >= MAX_SHIPPING_OPTIONS) throw cartFailure(400, `A store has at most ${MAX_SHIPPING_OPTIONS} shipping options.`);
        return [...items, option];
      });
      return reply.status(201).send({ shippingOption: option });
    },
  );

  app.put(
    '/api/commerce/shipping-options/:optionId',
    ownerRoute(Permission.STORE_MANAGE, { schema: { summary: 'Change a shipping option', params: ShippingOptionParams, body: ShippingOptionUpdateBody, response: { 200: ShippingOptionResponse } } }),
    async (request) => {
      const option: ShippingOption = { id: request.params.optionId, ...request.body };
      await editList<ShippingOption>(websiteIdOf(request), 'shippingOptions', (items) => {
        if (!items.some((o) => o.id === option.id)) throw cartFailure(404, CommerceMessages.shippingOptionNotFound);
        return items.map((o) => (o.id === option.id ? option : o));
      });
      return { shippingOption: option };
    },
  );

  app.delete(
    '/api/commerce/shipping-options/:optionId',
    ownerRoute(Permission.STORE_MANAGE, { schema: { summary: 'Delete a shipping option', params: ShippingOptionParams, response: { 200: Deleted } } }),
    async (request) => {
      let deleted = false;
      await editList<ShippingOption>(websiteIdOf(request), 'shippingOptions', (items) => {
        deleted = items.some((o) => o.id === request.params.optionId);
        return items.filter((o) => o.id !== request.params.optionId);
      });
      return { deleted };
    },
  );

  app.get(
    '/api/commerce/tax-rules',
    ownerRoute(Permission.STORE_READ, { schema: { summary: "The store's tax rules", response: { 200: TaxRuleList } } }),
    async (request) => ({ taxRules: (await rulesOf(ctx.db, websiteIdOf(request))).taxRules }),
  );

  app.post(
    '/api/commerce/tax-rules',
    ownerRoute(Permission.STORE_MANAGE, { schema: { summary: 'Create a tax rule', body: TaxRuleInput, response: { 201: TaxRuleResponse } } }),
    async (request, reply) => {
      const rule: TaxRule = request.body;
      await editList<TaxRule>(websiteIdOf(request), 'taxRules', (items) => {
        if (items.some((r) => r.id === rule.id)) throw cartFailure(409, CommerceMessages.taxRuleExists);
        if (items.length >= MAX_TAX_RULES) throw cartFailure(400, `A store has at most ${MAX_TAX_RULES} tax rules.`);
        return [...items, rule];
      });
      return reply.status(201).send({ taxRule: rule });
    },
  );

  app.put(
    '/api/commerce/tax-rules/:ruleId',
    ownerRoute(Permission.STORE_MANAGE, { schema: { summary: 'Change a tax rule', params: TaxRuleParams, body: TaxRuleUpdateBody, response: { 200: TaxRuleResponse } } }),
    async (request) => {
      const rule: TaxRule = { id: request.params.ruleId, ...request.body };
      await editList<TaxRule>(websiteIdOf(request), 'taxRules', (items) => {
        if (!items.some((r) => r.id === rule.id)) throw cartFailure(404, CommerceMessages.taxRuleNotFound);
        return items.map((r) => (r.id === rule.id ? rule : r));
      });
      return { taxRule: rule };
    },
  );

  app.delete(
    '/api/commerce/tax-rules/:ruleId',
    ownerRoute(Permission.STORE_MANAGE, { schema: { summary: 'Delete a tax rule', params: TaxRuleParams, response: { 200: Deleted } } }),
    async (request) => {
      let deleted = false;
      await editList<TaxRule>(websiteIdOf(request), 'taxRules', (items) => {
        deleted = items.some((r) => r.id === request.params.ruleId);
        return items.filter((r) => r.id !== request.params.ruleId);
      });
      return { deleted };
    },
  );

  // --- Subscriptions.

  app.get(
    '/api/commerce/store/subscriptions',
    ownerRoute(Permission.STORE_READ, { schema: { summary: "The store's subscriptions, paged, filtered by status and buyer", querystring: SubscriptionListQuery, response: { 200: SubscriptionList } } }),
    async (request) => {
      const { limit, cursor, status, q } = request.query;
      const after = cursor ? decodeCursor(cursor, 'subscriptions', 'number') : undefined;
      const rows = await findSubscriptions(ctx.db, websiteIdOf(request), { status, email: q, beforeSeq: after ? Number(after.key) : undefined }, limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        subscriptions: page.map(subscriptionView),
        hasNextPage: rows.length > limit,
        nextPageCursor: rows.length > limit && last ? encodeCursor({ key: Number(last.seq), id: last.id }, 'subscriptions') : null,
      };
    },
  );

  app.get(
    '/api/commerce/store/subscriptions/:subscriptionId',
    ownerRoute(Permission.STORE_READ, { schema: { summary: 'One subscription', params: SubscriptionParams, response: { 200: SubscriptionResponse } } }),
    async (request) => {
      const row = await findSubscription(ctx.db, websiteIdOf(request), request.params.subscriptionId);
      if (!row) throw cartFailure(404, CommerceMessages.subscriptionNotFound);
      return { subscription: subscriptionView(row) };
    },
  );

  app.put(
    '/api/commerce/store/subscriptions/:subscriptionId/status',
    ownerRoute(Permission.STORE_MANAGE, { schema: { summary: 'Cancel or reactivate a subscription', params: SubscriptionParams, body: UpdateSubscriptionStatusBody, response: { 200: SubscriptionResponse } } }),
    async (request) => {
      const websiteId = websiteIdOf(request);
      const row = await findSubscription(ctx.db, websiteId, request.params.subscriptionId);
      if (!row) throw cartFailure(404, CommerceMessages.subscriptionNotFound);
      const to = request.body.status;
      // Cancel an active or past-due one (announced: commerce.subscription.ended); resume (active) only one whose renewal failed: the next run bills the cycle again.
      const moved = to === 'cancelled' ? await ctx.transaction((trx) => endSubscription(trx, row, 'cancelled')) : await setSubscriptionStatus(ctx.db, row.id, to, ['past-due']);
      if (!moved) {
        throw cartFailure(409, formatMessage(CommerceMessages.subscriptionStatusChange, { from: row.status, to }));
      }
      return { subscription: subscriptionView((await findSubscription(ctx.db, websiteId, row.id))!) };
    },
  );
}
