// What a shopper chooses for the whole cart besides its lines: coupon codes (an unknown or
// unusable code is refused with the reason, checked against the cart priced from the database),
// where the order ships and the shipping option. Each change runs in one transaction with the
// commerce.cart.updated event that announces it (outbox).
import { CommerceMessages, type CommerceShoppingCart, type ShippingLocation } from '@sc/contracts';
import { enqueueEvent, type ServiceContext } from '@sc/platform';
import { couponsByCodes } from '../rules/coupons.repository.js';
import { rulesOf } from '../rules/rules.repository.js';
import { cartFailure } from '../shared/errors.js';
import type { CartDB } from '../tables.js';
import { jsonArray } from './cart-view.js';
import { updateCart, type CartRow } from './cart.repository.js';
import type { CartService } from './cart.service.js';

export class CartChoiceService {
  readonly #ctx: ServiceContext<CartDB>;
  readonly #carts: CartService;

  constructor(ctx: ServiceContext<CartDB>, carts: CartService) {
    this.#ctx = ctx;
    this.#carts = carts;
  }

  /** Applies a coupon code; an unknown or unusable code is refused with the reason. */
  async applyCoupon(cart: CartRow, code: string): Promise<CommerceShoppingCart> {
    const current = jsonArray(cart.coupon_codes);
    if (current.some((c) => c.toUpperCase() === code.toUpperCase())) throw cartFailure(409, CommerceMessages.couponAlreadyApplied);
    const [coupon] = await couponsByCodes(this.#ctx.db, cart.website_id, [code]);
    if (!coupon) throw cartFailure(404, CommerceMessages.couponUnknown);
    const trial = await this.#carts.load({ ...cart, coupon_codes: [...current, coupon.code] }, { fresh: true });
    const refused = trial.view.invalidCoupons.find((c) => c.code === coupon.code);
    if (refused) throw cartFailure(400, refused.reason);
    await this.#ctx.transaction(async (trx) => {
      await updateCart(trx, cart.id, { coupon_codes: JSON.stringify([...current, coupon.code]) });
      await enqueueEvent(trx, 'commerce.cart.updated', cart.website_id, { cartId: cart.id, change: 'coupon', entryId: null });
    });
    return trial.view;
  }

  async removeCoupon(cart: CartRow, code: string): Promise<CommerceShoppingCart> {
    const next = jsonArray(cart.coupon_codes).filter((c) => c.toUpperCase() !== code.toUpperCase());
    await this.#ctx.transaction(async (trx) => {
      await updateCart(trx, cart.id, { coupon_codes: JSON.stringify(next) });
      await enqueueEvent(trx, 'commerce.cart.updated', cart.website_id, { cartId: cart.id, change: 'coupon', entryId: null });
    });
    return (await this.#carts.load({ ...cart, coupon_codes: next })).view;
  }

  /** Where the order ships: decides the shipping options and tax rules. */
  async setLocation(cart: CartRow, location: ShippingLocation): Promise<CommerceShoppingCart> {
    await this.#ctx.transaction(async (trx) => {
      await updateCart(trx, cart.id, { shipping_location: JSON.stringify(location) });
      await enqueueEvent(trx, 'commerce.cart.updated', cart.website_id, { cartId: cart.id, change: 'shipping', entryId: null });
    });
    return (await this.#carts.load({ ...cart, shipping_location: location })).view;
  }

  async chooseShipping(cart: CartRow, optionId: string): Promise<CommerceShoppingCart> {
    const trial = await this.#carts.load({ ...cart, shipping_option_id: optionId }, { fresh: true });
    if (trial.view.selectedShippingOption?.id !== optionId) {
      const rules = await rulesOf(this.#ctx.db, cart.website_id);
      throw cartFailure(
        400,
        rules.shippingOptions.some((o) => o.id === optionId)
          ? CommerceMessages.shippingOptionNotForLocation
          : CommerceMessages.shippingOptionUnknown,
      );
    }
    await this.#ctx.transaction(async (trx) => {
      await updateCart(trx, cart.id, { shipping_option_id: optionId });
      await enqueueEvent(trx, 'commerce.cart.updated', cart.website_id, { cartId: cart.id, change: 'shipping', entryId: null });
    });
    return trial.view;
  }
}
