// SPEC 5 add-to-cart rules and SPEC 8 failure wording, as the product form applies them.
import { describe, expect, it } from '@jest/globals';
import { CartMessages, ProductType, type IslandVariant, type ProductFormData } from '@sc/contracts';
import type { Failure } from '../lib/http.js';
import {
  alertTitle,
  chooseVariant,
  failureMessage,
  inStock,
  optionNames,
  paidCents,
  parseQuantity,
  selectionOf,
  showsQuantity,
  showsVariantPicker,
  unselectedMessage,
} from './rules.js';

const money = (value: number) => ({ value: String(value), currency: 'USD' as const });
const variant = (id: string, attributes: Record<string, string>, qty = 5, unlimited = false): IslandVariant => ({
  id,
  sku: id.toUpperCase(),
  attributes,
  priceMoney: money(1000),
  salePriceMoney: money(0),
  onSale: false,
  qtyInStock: qty,
  unlimited,
});
const product = (over: Partial<ProductFormData> = {}): ProductFormData => ({
  itemId: 'p1',
  collectionId: 'c1',
  title: 'Tote',
  productType: ProductType.PHYSICAL,
  variantOptionOrdering: ['Colour', 'Size', 'Strap'],
  variants: [variant('a', { Colour: 'Olive', Size: 'M', Strap: 'Long' }), variant('b', { Colour: 'Navy', Size: 'L', Strap: 'Short' })],
  isSubscribable: false,
  subscriptionPlan: null,
  giftCardDenominations: [],
  additionalFieldsFormId: null,
  addButtonText: 'Add To Cart',
  quantityAllowed: true,
  soldOut: false,
  expressCheckout: false,
  currency: 'USD',
  ...over,
});
const failure = (over: Partial<Failure>): Failure => ({
  status: 400,
  crumbFail: false,
  message: '',
  errors: null,
  network: false,
  ...over,
});

describe('options and variants', () => {
  it('orders options by variantOptionOrdering, else by first use', () => {
    expect(optionNames(product())).toEqual(['Colour', 'Size', 'Strap']);
    expect(optionNames(product({ variantOptionOrdering: [] }))).toEqual(['Colour', 'Size', 'Strap']);
  });

  it('names the options not chosen yet in the three SPEC 5 forms', () => {
    expect(unselectedMessage(['Colour'])).toBe('Please select the Colour option.');
    expect(unselectedMessage(['Colour', 'Size'])).toBe('Please select the Colour and Size options.');
    expect(unselectedMessage(['Colour', 'Size', 'Strap'])).toBe('Please select the Colour, Size and Strap options.');
    expect(chooseVariant(product(), { Size: 'M' })).toEqual({ ok: false, message: 'Please select the Colour and Strap options.' });
  });

  it('finds the matching variant, or says the combination is unavailable', () => {
    expect(chooseVariant(product(), { Colour: 'Navy', Size: 'L', Strap: 'Short' })).toMatchObject({ ok: true, value: { id: 'b' } });
    expect(chooseVariant(product(), { Colour: 'Navy', Size: 'M', Strap: 'Short' })).toEqual({
      ok: false,
      message: 'Sorry, that item variant is unavailable. Please select another variant.',
    });
  });

  it('asks gift card buyers for a denomination', () => {
    const card = product({
      productType: ProductType.GIFT_CARD,
      variantOptionOrdering: ['Amount'],
      variants: [variant('g1', { Amount: '25.00' }), variant('g2', { Amount: '50.00' })],
    });
    expect(chooseVariant(card, {})).toEqual({ ok: false, message: 'Select a denomination for the Gift Card' });
  });

  it('shows a picker only for more than one variant of a product that is not digital', () => {
    expect(showsVariantPicker(product())).toBe(true);
    expect(showsVariantPicker(product({ productType: ProductType.DIGITAL }))).toBe(false);
    expect(showsVariantPicker(product({ variants: [variant('a', {})] }))).toBe(false);
  });
});

describe('quantity', () => {
  it('parses numbers and gives the SPEC 5 messages', () => {
    expect(parseQuantity(' 3 ')).toEqual({ ok: true, value: 3 });
    expect(parseQuantity('')).toEqual({ ok: false, message: 'Quantity must be a number.' });
    expect(parseQuantity('two')).toEqual({ ok: false, message: 'Quantity must be a number.' });
    expect(parseQuantity('1.5')).toEqual({ ok: false, message: 'Quantity must be a whole number' });
    // The range is checked before sending, with the server's own words (one rule, in @sc/contracts).
    expect(parseQuantity('10000')).toEqual({ ok: false, message: 'Quantity must be between 1 and 9999.' });
    expect(parseQuantity('0')).toEqual({ ok: false, message: 'Quantity must be between 1 and 9999.' });
    expect(parseQuantity('9999')).toEqual({ ok: true, value: 9999 });
  });

  it('hides the input where multiples are impossible', () => {
    const one = variant('a', {}, 1);
    expect(showsQuantity(product(), undefined)).toBe(true);
    expect(showsQuantity(product({ isSubscribable: true }), undefined)).toBe(false);
    expect(showsQuantity(product({ quantityAllowed: false, productType: ProductType.SERVICE }), undefined)).toBe(false);
    expect(showsQuantity(product({ productType: ProductType.SERVICE }), undefined)).toBe(true);
    expect(showsQuantity(product({ productType: ProductType.DIGITAL }), undefined)).toBe(false);
    expect(showsQuantity(product({ variants: [one] }), one)).toBe(false);
    expect(showsQuantity(product({ variants: [variant('u', {}, 0, true)] }), undefined)).toBe(true);
  });
});

describe('stock before an additional-fields form', () => {
  const result = { results: [{ itemId: 'p1', variantId: 'a', sku: 'A', unlimited: false, qtyInStock: 3 }] };
  it('is in stock while the stock exceeds what the cart holds', () => {
    expect(inStock(result, 'a', 2)).toBe(true);
    expect(inStock(result, 'a', 3)).toBe(false);
    expect(inStock({ results: [{ ...result.results[0]!, unlimited: true, qtyInStock: 0 }] }, 'a', 50)).toBe(true);
    expect(inStock(result, 'b', 0)).toBe(false);
  });
});

describe('SPEC 8 wording', () => {
  it('maps crumb failures by cookie support, 429, offline and server messages', () => {
    expect(failureMessage(failure({ status: 401, crumbFail: true }), true)).toBe(CartMessages.sessionExpired);
    expect(failureMessage(failure({ status: 401, crumbFail: true }), false)).toBe(CartMessages.enableCookies);
    expect(failureMessage(failure({ status: 429, message: 'slow down' }), true)).toBe('Please try again in a few seconds.');
    expect(failureMessage(failure({ status: 409, message: 'Sorry, we do not have enough of that item available.' }), true)).toBe(
      'Sorry, we do not have enough of that item available.',
    );
    expect(failureMessage(failure({ status: 0, network: true }), true)).toBe('Please check your internet connection.');
    expect(failureMessage(failure({ status: 500 }), true)).toBe('Please try again.');
  });

  it('titles the alert by the kind of purchase', () => {
    expect(alertTitle(product())).toBe('Unable to Add Item');
    expect(alertTitle(product({ expressCheckout: true }))).toBe('Unable to Purchase Item');
    expect(alertTitle(product({ productType: ProductType.GIFT_CARD }))).toBe('Unable to purchase Gift Card');
  });
});

describe('the variant a shared address names', () => {
  it('chooses every option of a known ?variant= id and nothing for an unknown or missing one', () => {
    expect(selectionOf(product(), 'b')).toEqual({ Colour: 'Navy', Size: 'L', Strap: 'Short' });
    expect(selectionOf(product(), 'zz')).toEqual({});
    expect(selectionOf(product(), null)).toEqual({});
    expect(selectionOf(product(), '')).toEqual({});
  });

  it('pays the sale price of a variant on sale, else its price', () => {
    expect(paidCents(variant('a', {}))).toBe(1000);
    expect(paidCents({ ...variant('a', {}), onSale: true, salePriceMoney: money(750) })).toBe(750);
  });
});
