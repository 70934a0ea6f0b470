// SPEC 3 product rules (pure): variants, option values, gift cards, subscriptions, sale prices.
import { describe, expect, it } from '@jest/globals';
import { ImageBody, ProductInput, ProductType, type ProductVariant } from '@sc/contracts';
import { AppError } from '@sc/platform';
import { buildStructuredContent } from '../../src/items/product.js';

const usd = (value: number) => ({ value: String(value), currency: 'USD' as const });
const build = (input: unknown, previous: ProductVariant[] = []) => buildStructuredContent(ProductInput.parse(input), 'USD', previous);

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe(buildStructuredContent.name, () => {
  it('orders option values as the product orders its options and sums up prices', () => {
    const { structuredContent, variantOptionOrdering } = build({
      productType: ProductType.PHYSICAL,
      variantOptionOrdering: ['Colour', 'Size'],
      variants: [
        { sku: 'A', attributes: { Size: 'M', Colour: 'Red' }, priceMoney: usd(2000), qtyInStock: 3 },
        { sku: 'B', attributes: { Size: 'L', Colour: 'Red' }, priceMoney: usd(2500), salePriceMoney: usd(1800), onSale: true },
      ],
    });
    expect(variantOptionOrdering).toEqual(['Colour', 'Size']);
    expect(structuredContent.variants[0]).toMatchObject({
      sku: 'A',
      optionValues: [
        { optionName: 'Colour', value: 'Red' },
        { optionName: 'Size', value: 'M' },
      ],
      priceMoney: usd(2000),
      salePriceMoney: usd(0),
      onSale: false,
      price: 2000,
      salePrice: 0,
      qtyInStock: 3,
      unlimited: false,
    });
    expect(structuredContent).toMatchObject({
      priceMoney: usd(2000),
      salePriceMoney: usd(1800),
      onSale: true,
      isSubscribable: false,
      subscriptionPlan: null,
    });
  });

  it('keeps variant ids across edits (by id, else by SKU)', () => {
    const first = build({ productType: 1, variants: [{ sku: 'A', priceMoney: usd(100) }] }).structuredContent.variants;
    const again = build({ productType: 1, variants: [{ sku: 'A', priceMoney: usd(150) }] }, first).structuredContent.variants;
    expect(again[0]!.id).toBe(first[0]!.id);
  });

  it('makes one unlimited variant per gift card denomination', () => {
    const { structuredContent } = build({ productType: ProductType.GIFT_CARD, giftCardDenominations: [usd(2500), usd(5000)] });
    expect(structuredContent.giftCardDenominations).toEqual([usd(2500), usd(5000)]);
    expect(structuredContent.variants.map((v) => [v.sku, v.attributes, v.unlimited])).toEqual([
      ['GIFT-2500', { Amount: '25.00' }, true],
      ['GIFT-5000', { Amount: '50.00' }, true],
    ]);
  });

  it.each([
    [{ productType: ProductType.GIFT_CARD }, 'A gift card needs at least one denomination.'],
    [
      { productType: ProductType.GIFT_CARD, giftCardDenominations: [usd(100)], variants: [{ sku: 'X', priceMoney: usd(1) }] },
      'Gift cards are priced by their denominations, not by variants.',
    ],
    [
      {
        productType: ProductType.DIGITAL,
        isSubscribable: true,
        subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
        variants: [{ sku: 'D', priceMoney: usd(1) }],
      },
      'Only physical and service products can be sold as subscriptions.',
    ],
    [
      { productType: ProductType.GIFT_CARD, isSubscribable: true, giftCardDenominations: [usd(100)] },
      'Only physical and service products can be sold as subscriptions.',
    ],
    [
      { productType: ProductType.PHYSICAL, isSubscribable: true, variants: [{ sku: 'P', priceMoney: usd(1) }] },
      'A subscription product needs a billing period.',
    ],
    [
      { productType: ProductType.PHYSICAL, variants: [{ sku: 'P', priceMoney: { value: '100', currency: 'EUR' } }] },
      'Prices must be in the store currency (USD).',
    ],
    [
      { productType: ProductType.PHYSICAL, variants: [{ sku: 'P', priceMoney: usd(100), onSale: true }] },
      'A variant on sale needs a sale price.',
    ],
    [
      { productType: ProductType.PHYSICAL, variants: [{ sku: 'P', priceMoney: usd(100), salePriceMoney: usd(100), onSale: true }] },
      'A sale price must be lower than the regular price.',
    ],
    [
      {
        productType: ProductType.PHYSICAL,
        variants: [
          { sku: 'P', priceMoney: usd(1) },
          { sku: 'P', priceMoney: usd(2) },
        ],
      },
      'Each variant needs its own SKU; P is used twice.',
    ],
    [
      { productType: ProductType.PHYSICAL, variantOptionOrdering: ['Size'], variants: [{ sku: 'P', priceMoney: usd(1) }] },
      'Every variant must have a value for each option: Size.',
    ],
    [
      {
        productType: ProductType.PHYSICAL,
        variantOptionOrdering: ['Size'],
        variants: [
          { sku: 'P', attributes: { Size: 'S' }, priceMoney: usd(1) },
          { sku: 'Q', attributes: { Size: 'S' }, priceMoney: usd(1) },
        ],
      },
      'Two variants have the same options.',
    ],
    [
      {
        productType: ProductType.DIGITAL,
        variants: [
          { sku: 'A', priceMoney: usd(1) },
          { sku: 'B', priceMoney: usd(1) },
        ],
      },
      'Digital products have exactly one variant and no options.',
    ],
    [
      { productType: ProductType.PHYSICAL, useCustomAddButtonText: true, variants: [{ sku: 'P', priceMoney: usd(1) }] },
      'Enter the text of the custom add button.',
    ],
  ])('refuses %j', (input, message) => {
    expect(refusal(() => build(input))).toBe(message);
  });

  it('accepts a subscription for physical and service products', () => {
    for (const productType of [ProductType.PHYSICAL, ProductType.SERVICE]) {
      const plan = { billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 6 };
      const { structuredContent } = build({
        productType,
        isSubscribable: true,
        subscriptionPlan: plan,
        variants: [{ sku: 'S', priceMoney: usd(900) }],
      });
      expect(structuredContent.subscriptionPlan).toEqual(plan);
    }
  });

  it('gives variants the product image their assetUrl names (fields given override it), or their own full image', () => {
    const sand = ImageBody.parse({
      assetUrl: 'https://img.example.com/sand.jpg',
      originalSize: '800x600',
      filename: 'sand.jpg',
      altText: 'Sand',
    });
    const input = ProductInput.parse({
      productType: ProductType.PHYSICAL,
      variantOptionOrdering: ['Colour'],
      variants: [
        {
          sku: 'S',
          attributes: { Colour: 'Sand' },
          priceMoney: usd(100),
          mainImage: { assetUrl: sand.assetUrl, altText: 'Sand, close up' },
        },
        {
          sku: 'M',
          attributes: { Colour: 'Moss' },
          priceMoney: usd(100),
          mainImage: { assetUrl: 'https://img.example.com/moss.jpg', originalSize: '10x10', filename: 'moss.jpg' },
        },
        { sku: 'N', attributes: { Colour: 'None' }, priceMoney: usd(100) },
      ],
    });
    const [own, full, none] = buildStructuredContent(input, 'USD', [], [sand]).structuredContent.variants;
    expect(own!.mainImage).toEqual({ ...sand, altText: 'Sand, close up' });
    expect(full!.mainImage).toMatchObject({
      assetUrl: 'https://img.example.com/moss.jpg',
      originalSize: '10x10',
      filename: 'moss.jpg',
      altText: '',
      mediaFocalPoint: { x: 0.5, y: 0.5 },
    });
    expect(none!.mainImage).toBeNull();
    // Without the product's images the first is an incomplete image of its own.
    expect(refusal(() => buildStructuredContent(input, 'USD', [], []))).toBe(
      "A variant image that is not one of the product's images needs its originalSize and filename.",
    );
  });

  it('treats digital goods as never out of stock', () => {
    const { structuredContent } = build({
      productType: ProductType.DIGITAL,
      variants: [{ sku: 'D', priceMoney: usd(500), qtyInStock: 0 }],
    });
    expect(structuredContent.variants[0]!.unlimited).toBe(true);
  });
});
