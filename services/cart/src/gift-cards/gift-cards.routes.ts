// HTTP of gift cards: the balance left on one (storefront), the owner's list, and issuing one
// (once per Idempotency-Key when one is given).
import {
  GiftCardBalance,
  GiftCardList,
  GiftCardListQuery,
  GiftCardParams,
  GiftCardResponse,
  IssueGiftCardBody,
  Permission,
  type CurrencyCode,
  type GiftCardView,
} from '@sc/contracts';
import type { FastifyRequest } from 'fastify';
import { decodeCursor, ownerRoute, toPage, websiteIdOf, type ZodApp } from '@sc/platform';
import { countCodeAttempt, optionalIdempotencyKeyOf } from '../cart/index.js';
import { requestHash } from '../shared/idempotency.js';
import type { GiftCardRow } from '../orders/index.js';
import type { CartModule } from '../module.js';

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

export function giftCardRoutes(app: ZodApp, parts: Pick<CartModule, 'giftCards' | 'idempotency' | 'writeLimiter'>): void {
  const { giftCards, idempotency } = parts;

  // Each look-up is a code attempt (limited per cart and per address): codes cannot be guessed here either.
  const countCode = async (request: FastifyRequest) => countCodeAttempt(parts.writeLimiter, request);
  app.get(
    '/api/commerce/gift-cards/:code',
    {
      onRequest: countCode,
      schema: { summary: 'The balance left on a gift card', params: GiftCardParams, response: { 200: GiftCardBalance } },
    },
    async (request) => {
      const card = await giftCards.byCode(websiteIdOf(request), request.params.code);
      const currency = card.currency as 'USD';
      return {
        code: card.code,
        balance: { value: String(card.balance_cents), currency },
        initial: { value: String(card.initial_cents), currency },
      };
    },
  );

  app.get(
    '/api/commerce/store/gift-cards',
    ownerRoute(Permission.STORE_READ, {
      schema: {
        summary: "The store's gift cards, paged, searchable by code",
        querystring: GiftCardListQuery,
        response: { 200: GiftCardList },
      },
    }),
    async (request) => {
      const { limit, cursor, q } = request.query;
      const after = cursor ? decodeCursor(cursor, 'gift-cards', 'number') : undefined;
      const rows = await giftCards.list(websiteIdOf(request), { code: q, beforeSeq: after ? Number(after.key) : undefined }, limit + 1);
      const page = toPage(rows, limit, (row) => ({ key: Number(row.seq), id: row.id }), { scope: 'gift-cards', map: giftCardView });
      return { giftCards: page.items, hasNextPage: page.hasNextPage, nextPageCursor: page.nextPageCursor };
    },
  );

  app.post(
    '/api/commerce/store/gift-cards',
    ownerRoute(Permission.STORE_MANAGE, {
      schema: { summary: 'Issue a gift card', body: IssueGiftCardBody, response: { 201: GiftCardResponse } },
    }),
    async (request, reply) => {
      const websiteId = websiteIdOf(request);
      const body = request.body;
      const issue = async () => ({ status: 201, body: { giftCard: giftCardView(await giftCards.issue(websiteId, body)) } });
      const key = optionalIdempotencyKeyOf(request);
      const result = key
        ? await idempotency.once(websiteId, key, requestHash({ call: 'gift-card', body }), issue)
        : { ...(await issue()), replayed: false };
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(result.body as never);
    },
  );
}
