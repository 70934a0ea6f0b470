// Refund rules (pure): where the money goes back, how much may go, what may go back to stock.
import { describe, expect, it } from '@jest/globals';
import { CommerceMessages, ProductType, type OrderItem } from '@sc/contracts';
import { planRefund, statusAfterRefund, type RefundableOrder } from '../../src/domain/refunds.js';

const item = (over: Partial<OrderItem> = {}): OrderItem => ({
  itemId: 'mug',
  variantId: 'mug-v',
  sku: 'MUG',
  productName: 'Mug',
  productType: ProductType.PHYSICAL,
  quantity: 3,
  unitPrice: { value: '1000', currency: 'USD' },
  additionalFields: null,
  ...over,
});
const order = (over: Partial<RefundableOrder> = {}): RefundableOrder => ({
  status: 'paid',
  currency: 'USD',
  grandTotalCents: 3000,
  giftCardCents: 0,
  items: [item()],
  ...over,
});

describe(planRefund.name, () => {
  it('refunds everything that is left by default, the card first, then the gift card', () => {
    expect(planRefund(order({ giftCardCents: 1000 }), [], { restock: false })).toEqual({
      ok: true,
      plan: { amountCents: 3000, toCardCents: 2000, toGiftCardCents: 1000, restock: [] },
    });
    const earlier = [{ cardCents: 1500, giftCardCents: 0, restocked: [] }];
    expect(planRefund(order({ giftCardCents: 1000 }), earlier, { amountCents: 1000, restock: false })).toMatchObject({
      ok: true,
      plan: { toCardCents: 500, toGiftCardCents: 500 },
    });
  });

  it('refuses more than is left, with the amount in the store currency', () => {
    const earlier = [{ cardCents: 2500, giftCardCents: 0, restocked: [] }];
    expect(planRefund(order(), earlier, { amountCents: 501, restock: false })).toEqual({
      ok: false,
      message: 'A refund cannot be more than the $5.00 left to refund on this order.',
    });
    expect(planRefund(order({ currency: 'JPY', grandTotalCents: 500 }), [], { amountCents: 600, restock: false })).toMatchObject({
      message: expect.stringContaining('¥500'),
    });
  });

  it('restocks tracked lines up to what was bought less what went back before', () => {
    const items = [item(), item({ itemId: 'pdf', variantId: 'pdf-v', sku: 'PDF', productType: ProductType.DIGITAL, quantity: 1 })];
    const earlier = [{ cardCents: 0, giftCardCents: 0, restocked: [{ itemId: 'mug', variantId: 'mug-v', sku: 'MUG', quantity: 1 }] }];
    expect(planRefund(order({ items }), earlier, { amountCents: 0, restock: true })).toEqual({
      ok: true,
      plan: {
        amountCents: 0,
        toCardCents: 0,
        toGiftCardCents: 0,
        restock: [{ itemId: 'mug', variantId: 'mug-v', sku: 'MUG', quantity: 2 }],
      },
    });
    expect(
      planRefund(order({ items }), earlier, { amountCents: 0, restock: [{ itemId: 'mug', variantId: 'mug-v', quantity: 3 }] }),
    ).toEqual({
      ok: false,
      message: CommerceMessages.restockTooMany,
    });
    expect(planRefund(order({ items }), [], { amountCents: 0, restock: [{ itemId: 'pdf', variantId: 'pdf-v', quantity: 1 }] })).toEqual({
      ok: false,
      message: CommerceMessages.restockTooMany,
    });
    expect(planRefund(order({ items }), [], { amountCents: 0, restock: [{ itemId: 'cup', variantId: 'cup-v', quantity: 1 }] })).toEqual({
      ok: false,
      message: CommerceMessages.restockUnknownItem,
    });
  });

  it('refuses orders that were never paid and refunds of nothing', () => {
    for (const status of ['pending', 'payment-failed'])
      expect(planRefund(order({ status }), [], { restock: false })).toEqual({ ok: false, message: CommerceMessages.refundNotAllowed });
    expect(planRefund(order(), [], { amountCents: 0, restock: false })).toEqual({ ok: false, message: CommerceMessages.refundNothing });
  });

  it('names the order refunded when nothing is left, and keeps fulfilled or cancelled otherwise', () => {
    expect(statusAfterRefund('paid', 3000, 3000)).toBe('refunded');
    expect(statusAfterRefund('paid', 3000, 1000)).toBe('partially-refunded');
    expect(statusAfterRefund('fulfilled', 3000, 1000)).toBe('fulfilled');
    expect(statusAfterRefund('partially-refunded', 3000, 3000)).toBe('refunded');
  });
});
