// HTTP of the shopper's cart: parse with the contracts, call the cart service, shape the SPEC
// answers. Every failure under the cart's paths carries the storefront's compatibility fields
// (crumbFail, status, message), and cart writes, new carts and coupon codes are limited per cart
// and per address (limits.ts; 429 with the SPEC 8 message).
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AddEntryBody,
  AddEntryResponse,
  ApplyCouponBody,
  ChooseShippingBody,
  CommerceShoppingCart,
  CouponParams,
  EntryParams,
  GetShoppingCartQuery,
  ShippingLocation,
  StockQuery,
  StockResult,
  UpdateFieldsBody,
  UpdateFieldsResponse,
  UpdateQuantityBody,
} from '@sc/contracts';
import { websiteIdOf, type ZodApp } from '@sc/platform';
import type { CartModule } from '../module.js';
import type { CartRow } from './cart.repository.js';
import { CART_COOKIE, countCodeAttempt, limitWritesWith, setCartCookie, shopperOf } from './http.js';

export { CART_COOKIE } from './http.js';

/**
 * The storefront's two hottest answers are built field by field from typed values (toShoppingCart),
 * so they skip the zod pass over the response that other routes get (tests parse them with the
 * contract); the schema still documents them.
 */
const plainJson = () => (data: unknown) => JSON.stringify(data);

export function cartRoutes(app: ZodApp, parts: Pick<CartModule, 'carts' | 'cartChoices' | 'writeLimiter'>): void {
  const { carts, cartChoices } = parts;
  const limitWrites = limitWritesWith(parts.writeLimiter);
  const countCode = async (request: FastifyRequest) => countCodeAttempt(parts.writeLimiter, request);

  // Validation failures and every other error under the cart's paths get the compatibility fields.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string' || !request.url.startsWith('/api/')) return payload;
    try {
      const body = JSON.parse(payload) as { error?: { message?: string }; crumbFail?: boolean };
      if (!body.error || body.crumbFail !== undefined) return payload;
      return JSON.stringify({ ...body, crumbFail: false, status: reply.statusCode, message: body.error.message });
    } catch {
      return payload;
    }
  });

  /** The shopper's cart, setting the cookie when one was made. */
  const cartFor = async (request: FastifyRequest, reply: FastifyReply): Promise<CartRow> => {
    const { cart, created } = await carts.cartOf(shopperOf(request, parts.writeLimiter));
    if (created || request.cookies[CART_COOKIE] !== cart.token) setCartCookie(request, reply, cart.token);
    return cart;
  };

  app.get(
    '/api/commerce/shopping-cart',
    {
      schema: {
        summary: "The visitor's cart with its lines, totals, coupons and shipping choice",
        querystring: GetShoppingCartQuery,
        response: { 200: CommerceShoppingCart },
      },
      serializerCompiler: plainJson,
    },
    async (request, reply) => (await carts.load(await cartFor(request, reply))).view,
  );

  app.post(
    '/api/commerce/shopping-cart/entries',
    {
      onRequest: limitWrites,
      schema: {
        summary: 'Add a product variant to the cart (quantity rules, stock and limits checked)',
        body: AddEntryBody,
        response: { 200: AddEntryResponse },
      },
      serializerCompiler: plainJson,
    },
    async (request, reply) => {
      const cookie = request.cookies[CART_COOKIE];
      const { view, entry } = await carts.addEntry(shopperOf(request, parts.writeLimiter), request.body, ({ cart, created }) => {
        if (created || cookie !== cart.token) setCartCookie(request, reply, cart.token);
      });
      return { shoppingCart: view, newlyAdded: entry };
    },
  );

  app.put(
    '/api/commerce/shopping-cart/entries/:entryId/additionalFields',
    {
      onRequest: limitWrites,
      schema: {
        summary: 'Set the custom form fields of a cart line',
        params: EntryParams,
        body: UpdateFieldsBody,
        response: { 200: UpdateFieldsResponse },
      },
    },
    async (request, reply) => {
      const { view, entry } = await carts.updateFields(
        await cartFor(request, reply),
        request.params.entryId,
        request.body.itemId,
        request.body.additionalFields,
      );
      return { shoppingCart: view, updatedEntry: entry };
    },
  );

  app.put(
    '/api/commerce/shopping-cart/entries/:entryId',
    {
      onRequest: limitWrites,
      schema: {
        summary: 'Change the quantity of a cart line',
        params: EntryParams,
        body: UpdateQuantityBody,
        response: { 200: CommerceShoppingCart },
      },
    },
    async (request, reply) => carts.updateQuantity(await cartFor(request, reply), request.params.entryId, request.body.quantity),
  );

  app.delete(
    '/api/commerce/shopping-cart/entries/:entryId',
    {
      onRequest: limitWrites,
      schema: { summary: 'Remove a line from the cart', params: EntryParams, response: { 200: CommerceShoppingCart } },
    },
    async (request, reply) => carts.removeEntry(await cartFor(request, reply), request.params.entryId),
  );

  app.post(
    '/api/commerce/shopping-cart/coupons',
    {
      onRequest: [limitWrites, countCode],
      schema: { summary: 'Apply a coupon code to the cart', body: ApplyCouponBody, response: { 200: CommerceShoppingCart } },
    },
    async (request, reply) => cartChoices.applyCoupon(await cartFor(request, reply), request.body.code),
  );

  app.delete(
    '/api/commerce/shopping-cart/coupons/:code',
    {
      onRequest: limitWrites,
      schema: { summary: 'Remove a coupon from the cart', params: CouponParams, response: { 200: CommerceShoppingCart } },
    },
    async (request, reply) => cartChoices.removeCoupon(await cartFor(request, reply), request.params.code),
  );

  app.put(
    '/api/commerce/shopping-cart/shipping-location',
    {
      onRequest: limitWrites,
      schema: {
        summary: 'Set where the cart ships to (for shipping options and tax)',
        body: ShippingLocation,
        response: { 200: CommerceShoppingCart },
      },
    },
    async (request, reply) => cartChoices.setLocation(await cartFor(request, reply), request.body),
  );

  app.put(
    '/api/commerce/shopping-cart/shipping-option',
    {
      onRequest: limitWrites,
      schema: {
        summary: 'Choose one of the shipping options offered for the cart',
        body: ChooseShippingBody,
        response: { 200: CommerceShoppingCart },
      },
    },
    async (request, reply) => cartChoices.chooseShipping(await cartFor(request, reply), request.body.optionId),
  );

  for (const path of ['/api/commerce/inventory/stock/', '/api/commerce/inventory/stock']) {
    app.get(
      path,
      {
        schema: {
          summary: 'Stock left of product variants (unlimited when not tracked)',
          querystring: StockQuery,
          response: { 200: StockResult },
        },
      },
      async (request) => carts.stockResult(websiteIdOf(request), request.query.itemId),
    );
  }
}
