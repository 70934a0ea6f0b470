// HTTP of the cart: parse with the contracts, call the service, shape the SPEC answer.
import cookie from '@fastify/cookie';
import { GetShoppingCartQuery, ShoppingCart } from '@sc/contracts';
import type { ServiceContext, ZodApp } from '@sc/platform';
import { CartService } from './cart.service.js';
import type { CartDB } from './cart.table.js';
import { toShoppingCart } from './domain/shopping-cart.js';
import { websiteIdOf } from './website.js';

export const CART_COOKIE = 'ss_cart';
const CART_COOKIE_MAX_AGE_S = 30 * 24 * 3600;

export async function cartRoutes(app: ZodApp, ctx: ServiceContext<CartDB>): Promise<void> {
  await app.register(cookie);
  const carts = new CartService(ctx);

  app.get(
    '/api/commerce/shopping-cart',
    { schema: { querystring: GetShoppingCartQuery, response: { 200: ShoppingCart } } },
    async (request, reply) => {
      const websiteId = websiteIdOf(request);
      const { cart, created } = await carts.getOrCreateGuestCart(websiteId, request.cookies[CART_COOKIE]);
      if (created) {
        reply.setCookie(CART_COOKIE, cart.token, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: request.protocol === 'https',
          maxAge: CART_COOKIE_MAX_AGE_S,
        });
      }
      return toShoppingCart({
        id: cart.id,
        websiteId: cart.website_id,
        orderId: cart.order_id,
        isPurchased: cart.is_purchased,
        createdAt: new Date(cart.created_at),
      });
    },
  );
}
