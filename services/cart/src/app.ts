// The cart service: carts and entries, stock, orders (services/cart owns money and stock).
import { buildService, type BuildServiceOptions, type ServiceDefinition } from '@sc/platform';
import { cartRoutes } from './cart.routes.js';
import type { CartDB } from './cart.table.js';
import { migrations } from './migrations/index.js';

export const cartService: ServiceDefinition<CartDB> = {
  name: 'cart',
  migrations,
  routes: cartRoutes,
};

/** Builds the cart app (never listens). */
export const buildApp = (options?: BuildServiceOptions) => buildService(cartService, options);
