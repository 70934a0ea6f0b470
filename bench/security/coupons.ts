// Rows "two 60 % coupons on a $100 gift card" (gift cards are never discounted) and "two 60 %
// coupons on a physical cart" (at most what one code gives unless the owner marked them
// combinable). The demo owner creates two 60 % codes (not combinable), a visitor applies both.
import { DEMO_CONTENT, type CommerceShoppingCart } from '@sc/contracts';
import { DEMO_OWNER, report, Visitor } from './lib.js';

const owner = await new Visitor().open();
let signedIn = await owner.send('POST', '/api/auth/session', DEMO_OWNER);
if (signedIn.status === 429)
  signedIn = await owner.send('POST', '/api/auth/session', { ...DEMO_OWNER, captchaToken: await owner.captcha() });
if (signedIn.status !== 200) throw new Error(`owner sign-in answered ${signedIn.status}: ${JSON.stringify(signedIn.body)}`);
const suffix = Date.now().toString(36).toUpperCase();
const codes = [`SIXTY-A-${suffix}`, `SIXTY-B-${suffix}`];
for (const code of codes) {
  const made = await owner.send('POST', '/api/commerce/coupons', { code, kind: 'percentage', value: 6000 });
  if (made.status !== 200) throw new Error(`coupon answered ${made.status}: ${JSON.stringify(made.body)}`);
}

async function attack(entry: Record<string, unknown>): Promise<CommerceShoppingCart> {
  const visitor = await new Visitor().open();
  const added = await visitor.send('POST', '/api/commerce/shopping-cart/entries', { quantity: 1, ...entry });
  if (added.status !== 200) throw new Error(`add answered ${added.status}: ${JSON.stringify(added.body)}`);
  for (const code of codes) await visitor.send('POST', '/api/commerce/shopping-cart/coupons', { code });
  return (await visitor.send('GET', '/api/commerce/shopping-cart')).body as CommerceShoppingCart;
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const gift = await attack({ itemId: DEMO_CONTENT.products.giftCard, sku: process.env.GIFT_CARD_SKU ?? 'GIFT-10000' });
report(
  gift.discountCents === 0 && gift.grandTotalCents === gift.subtotalCents,
  `two 60 % coupons on a ${money(gift.subtotalCents)} gift card`,
  `discount ${money(gift.discountCents)}, total ${money(gift.grandTotalCents)}`,
);
const goods = await attack({ itemId: DEMO_CONTENT.products.candles });
const share = goods.subtotalCents === 0 ? 0 : goods.discountCents / goods.subtotalCents;
report(
  share <= 0.6 + 1e-9,
  `two 60 % coupons on a ${money(goods.subtotalCents)} cart`,
  `discount ${money(goods.discountCents)} (${Math.round(share * 100)} %), codes applied: ${goods.coupons.join(', ')}`,
);
