// Guest carts keyed by the cart cookie. A visitor without a (valid) cookie gets a new cart, and
// commerce.cart.created is written to the outbox in the same transaction as the cart.
import { randomBytes } from 'node:crypto';
import { enqueueEvent, type ServiceContext } from '@sc/platform';
import { findOpenCartByToken, insertCart, type CartRow } from './cart.repository.js';
import type { CartDB } from './cart.table.js';

/** Ids and tokens come from here so tests can see their shape; tokens are unguessable (192 bits). */
export const newCartId = (): string => randomBytes(12).toString('hex');
export const newCartToken = (): string => randomBytes(24).toString('base64url');

export interface CartLookup {
  cart: CartRow;
  created: boolean;
}

export class CartService {
  readonly #ctx: ServiceContext<CartDB>;

  constructor(ctx: ServiceContext<CartDB>) {
    this.#ctx = ctx;
  }

  /** The open cart of this cookie token, or a new one when the token is missing or unknown. */
  async getOrCreateGuestCart(websiteId: string, token: string | undefined): Promise<CartLookup> {
    if (token) {
      const existing = await findOpenCartByToken(this.#ctx.db, websiteId, token);
      if (existing) return { cart: existing, created: false };
    }
    const cart = await this.#ctx.transaction(async (trx) => {
      const row = await insertCart(trx, { id: newCartId(), websiteId, token: newCartToken() });
      await enqueueEvent(trx, 'commerce.cart.created', websiteId, { cartId: row.id, websiteId });
      return row;
    });
    return { cart, created: true };
  }
}
