// Carts across identity: on sign-in the guest cart joins the user's cart (or becomes it); on
// sign-out with cloneCart, identity has given the visitor a new cart cookie (guestCartToken) and
// cart fills that token with a copy of the user's cart.
import { SiteUserSessionEnded, SiteUserSessionStarted, type EventEnvelope } from '@sc/contracts';
import { enqueueEvent, handleOnce, type ServiceContext, type SubscribeOptions } from '@sc/platform';
import type { Transaction } from 'kysely';
import { addToEntry, findOpenCartByToken, findOpenCartOfUser, insertCart, pricedEntries, updateCart } from '../cart/cart.repository.js';
import { newCartId, newEntryId } from '../cart/cart.service.js';
import type { CartDB } from '../tables.js';

export const IDENTITY_CONSUMER = 'cart-identity';

async function merge(trx: Transaction<CartDB>, websiteId: string, data: SiteUserSessionStarted): Promise<void> {
  if (!data.cartToken) return;
  const guest = await findOpenCartByToken(trx, websiteId, data.cartToken);
  if (!guest || guest.kind !== 'cart' || guest.site_user_id === data.siteUserId) return;
  if (guest.site_user_id !== null) return;
  const own = await findOpenCartOfUser(trx, websiteId, data.siteUserId);
  if (!own) {
    await updateCart(trx, guest.id, { site_user_id: data.siteUserId });
    await enqueueEvent(trx, 'commerce.cart.updated', websiteId, { cartId: guest.id, change: 'merged', entryId: null });
    return;
  }
  for (const entry of await pricedEntries(trx, websiteId, guest.id)) {
    // A merged line is capped at 9999 by the upsert; stock is checked again at checkout.
    await addToEntry(trx, {
      id: newEntryId(),
      cartId: own.id,
      productId: entry.product_id,
      variantId: entry.variant_id,
      quantity: entry.quantity,
      additionalFields: entry.additional_fields,
    });
  }
  await trx.deleteFrom('carts').where('id', '=', guest.id).execute();
  await enqueueEvent(trx, 'commerce.cart.updated', websiteId, { cartId: own.id, change: 'merged', entryId: null });
}

async function clone(trx: Transaction<CartDB>, websiteId: string, data: SiteUserSessionEnded): Promise<void> {
  if (!data.cloneCart || !data.guestCartToken) return;
  const own = await findOpenCartOfUser(trx, websiteId, data.siteUserId);
  if (!own) return;
  if (await findOpenCartByToken(trx, websiteId, data.guestCartToken)) return;
  const copy = await insertCart(trx, { id: newCartId(), websiteId, token: data.guestCartToken });
  await updateCart(trx, copy.id, {
    coupon_codes: JSON.stringify(own.coupon_codes),
    shipping_location: own.shipping_location === null ? null : JSON.stringify(own.shipping_location),
    shipping_option_id: own.shipping_option_id,
  });
  for (const entry of await pricedEntries(trx, websiteId, own.id)) {
    await addToEntry(trx, {
      id: newEntryId(),
      cartId: copy.id,
      productId: entry.product_id,
      variantId: entry.variant_id,
      quantity: entry.quantity,
      additionalFields: entry.additional_fields,
    });
  }
  await enqueueEvent(trx, 'commerce.cart.created', websiteId, { cartId: copy.id, websiteId });
  await enqueueEvent(trx, 'commerce.cart.updated', websiteId, { cartId: copy.id, change: 'cloned', entryId: null });
}

/** Applies one identity event (idempotent; exported for tests). */
export async function applyIdentityEvent(ctx: ServiceContext<CartDB>, event: EventEnvelope, consumer = IDENTITY_CONSUMER): Promise<void> {
  await handleOnce(ctx.db, consumer, event, async (trx) => {
    if (event.type === 'identity.session.started') await merge(trx, event.websiteId, SiteUserSessionStarted.parse(event.data));
    if (event.type === 'identity.session.ended') await clone(trx, event.websiteId, SiteUserSessionEnded.parse(event.data));
  });
  ctx.relay.poke();
}

export function identityConsumer(ctx: ServiceContext<CartDB>): SubscribeOptions {
  return {
    durable: IDENTITY_CONSUMER,
    subjects: ['identity.session.started', 'identity.session.ended'],
    handler: (event) => applyIdentityEvent(ctx, event),
  };
}
