// Subscriptions as use cases: the storefront starts a subscription checkout (a cart holding one
// subscription product, checked by the add-to-cart rules of domain/add-to-cart.ts), the owner
// lists them, reads one, cancels or resumes one.
import { CommerceMessages, formatMessage, type SubscriptionCartBody } from '@sc/contracts';
import type { z } from 'zod';
import type { ServiceContext } from '@sc/platform';
import type { CartDB } from '../tables.js';
import type { CartService, Shopper } from '../cart/cart.service.js';
import { cartFailure } from '../shared/errors.js';
import type { SubscriptionRow } from '../orders/index.js';
import { findSubscription, findSubscriptions, setSubscriptionStatus, type SubscriptionFilter } from './subscriptions.repository.js';
import { endSubscription } from './subscription-ends.js';

export class SubscriptionService {
  readonly #ctx: ServiceContext<CartDB>;
  readonly #carts: CartService;

  constructor(ctx: ServiceContext<CartDB>, carts: CartService) {
    this.#ctx = ctx;
    this.#carts = carts;
  }

  /** SPEC 7 POST /api/3/commerce/cart/subscription: the token of a new cart holding the plan. */
  async startCheckout(shopper: Shopper, body: z.infer<typeof SubscriptionCartBody>): Promise<{ cartToken: string }> {
    const cart = await this.#carts.addSubscription(shopper, body);
    return { cartToken: cart.token };
  }

  /** One page (and one row more, to tell whether another follows). */
  list(websiteId: string, filter: SubscriptionFilter, limit: number): Promise<SubscriptionRow[]> {
    return findSubscriptions(this.#ctx.db, websiteId, filter, limit);
  }

  async get(websiteId: string, id: string): Promise<SubscriptionRow> {
    const row = await findSubscription(this.#ctx.db, websiteId, id);
    if (!row) throw cartFailure(404, CommerceMessages.subscriptionNotFound);
    return row;
  }

  /**
   * Cancel an active or past-due one (announced: commerce.subscription.ended); resume (active) only
   * one whose renewal failed: the next run bills the cycle again.
   */
  async setStatus(websiteId: string, id: string, to: 'active' | 'cancelled'): Promise<SubscriptionRow> {
    const row = await this.get(websiteId, id);
    const moved =
      to === 'cancelled'
        ? await this.#ctx.transaction((trx) => endSubscription(trx, row, 'cancelled'))
        : await setSubscriptionStatus(this.#ctx.db, row.id, to, ['past-due']);
    if (!moved) throw cartFailure(409, formatMessage(CommerceMessages.subscriptionStatusChange, { from: row.status, to }));
    return this.get(websiteId, row.id);
  }
}
