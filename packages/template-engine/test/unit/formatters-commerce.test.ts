import { describe, expect, it } from '@jest/globals';
import { out } from './helpers.js';
const usd = (cents: number) => ({ value: String(cents), currency: 'USD' });
const product = (sc: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  id: 'p1',
  collectionId: 'c1',
  structuredContent: { productType: 1, ...sc },
  ...extra,
});
const variant = (cents: number, more: Record<string, unknown> = {}) => ({ priceMoney: usd(cents), qtyInStock: 5, ...more });

describe('price formatters', () => {
  const p = product({ variants: [variant(2000), variant(1500, { onSale: true, salePriceMoney: usd(1200) }), variant(1800)] });

  it('from-price, normal-price and sale-price pick the lowest', () => {
    expect(out('{p|site-from-price}|{p|site-normal-price}|{p|site-sale-price}', { p })).toBe('$12.00|$15.00|$12.00');
    expect(out('{p|site-sale-price}', { p: product({ variants: [variant(100)] }) })).toBe('');
  });

  it('product-price: from, sale and plain forms', () => {
    expect(out('{p|site-product-price}', { p })).toBe('<div class="product-price">from $12.00</div>');
    expect(out('{p|site-product-price}', { p: product({ variants: [variant(1500, { onSale: true, salePriceMoney: usd(1200) })] }) })).toBe(
      '<div class="product-price"><span class="sale-price">$12.00</span> <span class="original-price">$15.00</span></div>',
    );
    expect(out('{p|site-product-price}', { p: product({ variants: [variant(999)] }) })).toBe('<div class="product-price">$9.99</div>');
  });
});

describe('subscription-price', () => {
  const sub = (period: unknown, cycles = 0) =>
    product({ isSubscribable: true, subscriptionPlan: { billingPeriod: period, numBillingCycles: cycles }, variants: [variant(1000)] });

  it('words the billing period and duration, in years when whole', () => {
    expect(out('{p|site-subscription-price}', { p: sub({ value: 1, unit: 'MONTH' }) })).toBe('$10.00 every month');
    expect(out('{p|site-subscription-price}', { p: sub({ value: 2, unit: 'WEEK' }, 26) })).toBe('$10.00 every 2 weeks, for 1 year');
    expect(out('{p|site-subscription-price}', { p: sub({ value: 1, unit: 'MONTH' }, 24) })).toBe('$10.00 every month, for 2 years');
    expect(out('{p|site-subscription-price noYears}', { p: sub({ value: 1, unit: 'MONTH' }, 24) })).toBe(
      '$10.00 every month, for 24 months',
    );
    expect(out('{p|site-subscription-price}', { p: sub({ value: 1, unit: 'MONTH' }, 5) })).toBe('$10.00 every month, for 5 months');
  });

  it("shows 'Unavailable' without a usable plan", () => {
    expect(out('{p|site-subscription-price}', { p: sub({ value: 1, unit: 'DAY' }) })).toBe('Unavailable');
    expect(out('{p|site-product-price}', { p: sub({ value: 1, unit: 'YEAR' }) })).toBe(
      '<div class="product-price">$10.00 every year</div>',
    );
  });
});

describe('status formatters', () => {
  it('product-status: sold out first, then sale, else nothing', () => {
    expect(out('{p|site-product-status}', { p: product({ variants: [variant(1, { qtyInStock: 0, onSale: true })] }) })).toBe(
      '<div class="product-mark sold-out">sold out</div>',
    );
    expect(out('{p|site-product-status}', { p: product({ variants: [variant(1, { onSale: true })] }) })).toBe(
      '<div class="product-mark sale">sale</div>',
    );
    expect(out('{p|site-product-status}', { p: product({ variants: [variant(1)] }) })).toBe('');
  });

  it('product-scarcity shows low limited stock', () => {
    expect(
      out('{p|site-product-scarcity}', { p: product({ variants: [variant(1, { qtyInStock: 2 }), variant(1, { qtyInStock: 1 })] }) }),
    ).toBe('<div class="product-scarcity">Only 3 left in stock</div>');
    expect(out('{p|site-product-scarcity 2}', { p: product({ variants: [variant(1, { qtyInStock: 3 })] }) })).toBe('');
    expect(out('{p|site-product-scarcity}', { p: product({ variants: [variant(1, { unlimited: true })] }) })).toBe('');
  });

  it('product-restock-notification carries the product and single variant ids', () => {
    expect(out('{p|site-product-restock-notification}', { p: product({ variants: [variant(1, { id: 'v9' })] }) })).toBe(
      '<div class="product-restock-notification" data-product-id="p1" data-variant-id="v9"></div>',
    );
  });
});

describe('button formatters', () => {
  it('add-to-cart-btn: default, custom and subscription labels', () => {
    const attrs = 'data-collection-id="c1" data-item-id="p1" data-product-type="1"';
    expect(out('{p|site-add-to-cart-btn}', { p: product({ variants: [] }) })).toBe(
      `<div class="sqs-add-to-cart-button-wrapper" role="button" tabindex="0"><div class="sqs-add-to-cart-button sqs-suppress-edit-mode sqs-editable-button" ${attrs} data-use-custom-label="false" data-original-label="Add To Cart"><div class="sqs-add-to-cart-button-inner">Add To Cart</div></div></div>`,
    );
    expect(out('{p|site-add-to-cart-btn}', { p: product({ useCustomAddButtonText: true, customAddButtonText: 'Grab <it>' }) })).toContain(
      '<div class="sqs-add-to-cart-button-inner">Grab &lt;it&gt;</div>',
    );
    expect(out('{p|site-add-to-cart-btn}', { p: product({ isSubscribable: true }) })).toContain('>Subscribe</div>');
  });

  it('product-checkout and product-quick-view', () => {
    expect(out('{p|site-product-checkout}', { p: product({}) })).toBe(
      '<div class="sqs-add-to-cart-button-wrapper" role="button" tabindex="0"><div class="sqs-add-to-cart-button sqs-editable-button use-native-checkout" data-collection-id="c1" data-item-id="p1" data-product-type="1"><div class="sqs-add-to-cart-button-inner">Buy Now</div></div></div>',
    );
    expect(out('{p|site-product-quick-view}', { p: product({}) })).toBe(
      '<span class="sqs-product-quick-view-button" role="button" tabindex="0" data-id="p1">Quick View</span>',
    );
    expect(out('{p|site-product-quick-view Peek}', { p: product({}) })).toContain('>Peek</span>');
  });
});

describe('quantity-input', () => {
  const INPUT =
    '<div class="product-quantity-input" data-item-id="p1"><div class="quantity-label">Quantity:</div><input aria-label="Quantity" type="number" min="1" max="9999" step="1" value="1"></div>';

  it('is shown for physical products with stock above 1', () => {
    expect(out('{p|site-quantity-input}', { p: product({ variants: [variant(1)] }) })).toBe(INPUT);
  });

  it('is hidden when multiples are impossible', () => {
    expect(out('{p|site-quantity-input}', { p: product({ variants: [variant(1, { qtyInStock: 1 })] }) })).toBe('');
    expect(out('{p|site-quantity-input}', { p: product({ isSubscribable: true, variants: [variant(1)] }) })).toBe('');
    expect(out('{p|site-quantity-input}', { p: product({ productType: 2, variants: [variant(1)] }) })).toBe('');
    expect(out('{p|site-quantity-input}', { p: product({ productType: 3, variants: [variant(1)] }) })).toBe(INPUT);
    expect(
      out('{p|site-quantity-input}', {
        p: product({ productType: 3, variants: [variant(1)] }),
        websiteSettings: { storeSettings: { multipleQuantityAllowedForServices: false } },
      }),
    ).toBe('');
  });
});

describe('cart formatters', () => {
  it('cart-quantity shows 100+ above 100', () => {
    expect(out('{c|site-cart-quantity}|{d|site-cart-quantity}', { c: { totalQuantity: 3 }, d: { totalQuantity: 101 } })).toBe(
      '<span class="sqs-cart-quantity">3</span>|<span class="sqs-cart-quantity">100+</span>',
    );
    expect(out('{@|site-cart-quantity}', { cart: { totalQuantity: 2 } })).toBe('<span class="sqs-cart-quantity">2</span>');
  });

  it('cart-subtotal and cart-url', () => {
    expect(out('{c|site-cart-subtotal}|{@|site-cart-url}', { c: { subtotalCents: 4550 } })).toBe(
      '<span class="sqs-cart-subtotal">$45.50</span>|/cart',
    );
  });
});

describe('variant formatters', () => {
  const p = product(
    {
      variants: [
        { id: 'v1', attributes: { Color: 'Red', Size: 'S' } },
        { id: 'v2', attributes: { Color: 'Blue', Size: 'S' } },
      ],
    },
    { variantOptionOrdering: ['Size', 'Color'] },
  );

  it("variant-descriptor lists a variant's option values", () => {
    expect(out('{v|site-variant-descriptor}', { v: { attributes: { Color: 'Red', Size: 'L' } } })).toBe('Red, L');
  });

  it('variants-select renders a dropdown and radio buttons per option', () => {
    const html = out('{p|site-variants-select}', { p });
    expect(html).toContain(
      '<div class="variant-option"><div class="variant-option-title">Size: </div><div class="variant-select-wrapper"><select aria-label="Select Size" data-variant-option-name="Size"><option value="">Select Size</option><option value="S">S</option></select></div>',
    );
    expect(html).toContain(
      '<input type="radio" class="variant-radiobtn" value="Blue" name="variant-option-Color" id="variant-option-Color-Blue"><label for="variant-option-Color-Blue">Blue</label>',
    );
    expect(html.indexOf('Select Size')).toBeLessThan(html.indexOf('Select Color'));
    expect(html.startsWith('<div class="product-variants" data-item-id="p1" data-variants="[{&quot;id&quot;:&quot;v1&quot;')).toBe(true);
  });

  it('variants-select is empty for one variant or a digital product', () => {
    expect(out('{p|site-variants-select}', { p: product({ variants: [{ attributes: { A: 'x' } }] }) })).toBe('');
    expect(out('{p|site-variants-select}', { p: product({ productType: 2, variants: [{}, {}] }) })).toBe('');
  });
});
