// HTTP of subscriptions: the storefront's subscription checkout (a cart holding one subscription
// product) and the owner's list, detail and status change (store:read to look, store:manage to change).
import {
  Permission,
  SubscriptionCartBody,
  SubscriptionCartResponse,
  SubscriptionList,
  SubscriptionListQuery,
  SubscriptionParams,
  SubscriptionResponse,
  UpdateSubscriptionStatusBody,
  type CurrencyCode,
  type SubscriptionView,
} from '@sc/contracts';
import { decodeCursor, ownerRoute, toPage, websiteIdOf, type ZodApp } from '@sc/platform';
import { limitWritesWith, shopperOf } from '../cart/index.js';
import type { SubscriptionRow } from '../orders/index.js';
import type { CartModule } from '../module.js';

const money = (cents: number, currency: string) => ({ value: String(cents), currency: currency as CurrencyCode });

export const subscriptionView = (s: SubscriptionRow): SubscriptionView => ({
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

export function subscriptionRoutes(app: ZodApp, parts: Pick<CartModule, 'subscriptions' | 'writeLimiter'>): void {
  const { subscriptions } = parts;

  app.post(
    '/api/3/commerce/cart/subscription',
    {
      onRequest: limitWritesWith(parts.writeLimiter),
      schema: {
        summary: 'Start a subscription checkout: a cart holding one subscription product',
        body: SubscriptionCartBody,
        response: { 200: SubscriptionCartResponse },
      },
    },
    async (request) => subscriptions.startCheckout(shopperOf(request, parts.writeLimiter), request.body),
  );

  app.get(
    '/api/commerce/store/subscriptions',
    ownerRoute(Permission.STORE_READ, {
      schema: {
        summary: "The store's subscriptions, paged, filtered by status and buyer",
        querystring: SubscriptionListQuery,
        response: { 200: SubscriptionList },
      },
    }),
    async (request) => {
      const { limit, cursor, status, q } = request.query;
      const after = cursor ? decodeCursor(cursor, 'subscriptions', 'number') : undefined;
      const rows = await subscriptions.list(
        websiteIdOf(request),
        { status, email: q, beforeSeq: after ? Number(after.key) : undefined },
        limit + 1,
      );
      const page = toPage(rows, limit, (row) => ({ key: Number(row.seq), id: row.id }), { scope: 'subscriptions', map: subscriptionView });
      return { subscriptions: page.items, hasNextPage: page.hasNextPage, nextPageCursor: page.nextPageCursor };
    },
  );

  app.get(
    '/api/commerce/store/subscriptions/:subscriptionId',
    ownerRoute(Permission.STORE_READ, {
      schema: { summary: 'One subscription', params: SubscriptionParams, response: { 200: SubscriptionResponse } },
    }),
    async (request) => ({ subscription: subscriptionView(await subscriptions.get(websiteIdOf(request), request.params.subscriptionId)) }),
  );

  app.put(
    '/api/commerce/store/subscriptions/:subscriptionId/status',
    ownerRoute(Permission.STORE_MANAGE, {
      schema: {
        summary: 'Cancel or reactivate a subscription',
        params: SubscriptionParams,
        body: UpdateSubscriptionStatusBody,
        response: { 200: SubscriptionResponse },
      },
    }),
    async (request) => ({
      subscription: subscriptionView(
        await subscriptions.setStatus(websiteIdOf(request), request.params.subscriptionId, request.body.status),
      ),
    }),
  );
}
