// The one home of the add-to-cart rules (domain/add-to-cart.ts), without a database: which
// products an add takes for a cart or a subscription, the stock and line-limit verdict on the
// facts cart.add_entry reads, how each refusal is answered, and how a line merges.
import { describe, expect, it } from '@jest/globals';
import { AddToCartMessages, CommerceMessages, ProductType } from '@sc/contracts';
import {
  checkProduct,
  checkQuantity,
  quantitiesByVariant,
  refusalOf,
  stockVerdict,
  withLine,
  type SaleableProduct,
} from '../../src/domain/add-to-cart.js';

const variant = (sku: string, attributes: Record<string, string> = {}) => ({
  id: `${sku}-id`,
  sku,
  attributes,
  priceCents: 100,
  salePriceCents: null,
  onSale: false,
});
const product = (patch: Partial<SaleableProduct> = {}): SaleableProduct => ({
  productType: ProductType.PHYSICAL,
  variantOptionOrdering: [],
  variants: [variant('A')],
  deleted: false,
  visible: true,
  isSubscribable: false,
  ...patch,
});
const facts = { tracksStock: true, stock: { qty: 5, unlimited: false }, held: 0, mergeable: 0, requested: 1, merges: true };

describe('add-to-cart rules (domain)', () => {
  it('refuses a bad quantity with 400 and the SPEC message', () => {
    expect(checkQuantity('1.5')).toEqual({ ok: false, refusal: { status: 400, message: AddToCartMessages.quantityNotWhole } });
    expect(checkQuantity(undefined)).toEqual({ ok: true, value: 1 });
  });

  it('takes a product for a cart or a subscription by the same rules, in the same order', () => {
    expect(checkProduct(undefined, 'cart', {})).toEqual({
      ok: false,
      refusal: { status: 404, message: CommerceMessages.productUnavailable },
    });
    expect(checkProduct(product({ visible: false }), 'subscription', {})).toMatchObject({ ok: false, refusal: { status: 404 } });
    expect(checkProduct(product({ isSubscribable: true }), 'cart', {})).toEqual({
      ok: false,
      refusal: { status: 400, message: CommerceMessages.subscriptionOnly },
    });
    expect(checkProduct(product(), 'subscription', {})).toEqual({
      ok: false,
      refusal: { status: 400, message: CommerceMessages.notASubscription },
    });
    expect(checkProduct(product({ productType: ProductType.DIGITAL, isSubscribable: true }), 'subscription', {})).toEqual({
      ok: false,
      refusal: { status: 400, message: CommerceMessages.notSubscribable },
    });
    expect(checkProduct(product({ isSubscribable: true }), 'subscription', {})).toMatchObject({
      ok: true,
      value: { variant: { sku: 'A' }, tracksStock: true },
    });
    // A subscription chooses its plan's variant by SKU only.
    const two = product({ variants: [variant('R', { Color: 'Red' }), variant('B', { Color: 'Blue' })], isSubscribable: true });
    expect(checkProduct(two, 'subscription', { attributes: { Color: 'Red' } })).toMatchObject({ ok: false, refusal: { status: 400 } });
    expect(checkProduct({ ...two, isSubscribable: false }, 'cart', { attributes: { Color: 'Red' } })).toMatchObject({
      ok: true,
      value: { variant: { sku: 'R' } },
    });
  });

  it('decides stock and the line limit on the facts, and words each refusal for its purpose', () => {
    expect(stockVerdict(facts)).toBe('added');
    expect(stockVerdict({ ...facts, held: 4, requested: 2 })).toBe('not-enough-stock');
    expect(stockVerdict({ ...facts, stock: undefined })).toBe('not-enough-stock');
    expect(stockVerdict({ ...facts, stock: { qty: 0, unlimited: true }, requested: 50 })).toBe('added');
    expect(stockVerdict({ ...facts, tracksStock: false, stock: undefined, requested: 9 })).toBe('added');
    expect(stockVerdict({ ...facts, stock: { qty: 0, unlimited: true }, mergeable: 9999 })).toBe('line-limit');
    expect(stockVerdict({ ...facts, stock: { qty: 0, unlimited: true }, mergeable: 9999, merges: false })).toBe('added');
    expect(refusalOf('not-enough-stock', 'cart')).toEqual({ status: 409, message: AddToCartMessages.notEnoughStock });
    expect(refusalOf('not-enough-stock', 'subscription')).toEqual({ status: 409, message: CommerceMessages.productUnavailable });
    expect(refusalOf('line-limit', 'cart')).toEqual({ status: 400, message: CommerceMessages.quantityOutOfRange });
  });

  it('merges a written line into the lines it was added to, and sums lines per variant', () => {
    const line = (id: string, quantity: number, additional_fields = '') => ({
      id,
      product_id: 'p',
      variant_id: 'v',
      quantity,
      additional_fields,
    });
    expect(withLine([line('a', 1), line('b', 1, '{"x":1}')], line('a', 3))).toEqual([line('a', 3), line('b', 1, '{"x":1}')]);
    expect(withLine([line('a', 1)], line('c', 2))).toEqual([line('a', 1), line('c', 2)]);
    expect(
      quantitiesByVariant([
        { productId: 'q', variantId: 'v', quantity: 1 },
        { productId: 'p', variantId: 'v', quantity: 2 },
        { productId: 'q', variantId: 'v', quantity: 3 },
      ]),
    ).toEqual([
      { productId: 'p', variantId: 'v', quantity: 2 },
      { productId: 'q', variantId: 'v', quantity: 4 },
    ]);
  });
});
