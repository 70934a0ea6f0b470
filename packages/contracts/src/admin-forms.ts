// The admin's forms (issue 35): the schemas a form validates with before it sends, built from the
// same limits and enums as the server's body schemas, and one wording for what a form says about a
// field, a save and a failure. A form checks its fields with these (react-hook-form's zod
// resolver); the body it sends is parsed with the server's own schema (e.g. ProductBody) too.
// Imported as '@sc/contracts/admin-forms' (not from the index): only the admin's areas load these
// schemas, not its shell; their wording (AdminFormMessages) is in messages.ts, which the shell has.
import { z } from 'zod';
import { BillingUnitSchema, ProductType, ProductTypeSchema } from './enums.js';
import { MAX_VARIANT_OPTIONS, MAX_VARIANTS } from './content-product.js';
import { ContentMessages } from './content-limits.js';
import { COUPON_CODE, COUPON_CODE_MESSAGE, CouponKind } from './commerce.js';
import { AdminFormMessages, formatMessage, OwnerMessages } from './messages.js';
import { couponPercentageAllowed, EmailPatterns, RuleMessages } from './rules.js';

export { AdminFormMessages };



/** An amount typed as a decimal in the store currency ('12.50'); minor units are made from it. */
export const AMOUNT_TEXT = /^\d{1,12}(\.\d+)?$/;

/** Required text of at most `max` characters (trimmed): `field` as a label says it, `what` as 'Enter …' asks for it. */
export const requiredText = (field: string, max: number, what: string) =>
  z
    .string()
    .trim()
    .min(1, formatMessage(AdminFormMessages.required, { field: what }))
    .max(max, formatMessage(AdminFormMessages.tooLong, { field, max }));

/** An amount typed as text; `optional`: empty is allowed too. */
export function amountText(field: string, example: string, optional = false) {
  const message = formatMessage(AdminFormMessages.amount, { field, example });
  return z
    .string()
    .trim()
    .refine((text) => (optional && text === '') || AMOUNT_TEXT.test(text), message);
}

/** A whole number typed as text, within bounds. */
export const wholeNumberText = (field: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .refine((text) => /^\d{1,9}$/.test(text) && Number(text) >= min && Number(text) <= max, formatMessage(AdminFormMessages.wholeNumber, { field, min, max }));

/** A variant as the product editor holds it (its fields as typed). */
export const VariantForm = z.looseObject({
  sku: requiredText('SKU', 64, 'a SKU'),
  price: amountText('the price', '12.50'),
  salePrice: amountText('the sale price', '9.50', true),
  onSale: z.boolean(),
  qtyInStock: z.string(),
  unlimited: z.boolean(),
  /** Shipping weight in grams as typed; empty: none given (weight-based shipping counts it as 0). */
  weight: z
    .string()
    .trim()
    .refine((text) => text === '' || (/^\d{1,8}$/.test(text) && Number(text) <= 10_000_000), formatMessage(AdminFormMessages.wholeNumber, { field: 'Weight (g)', min: 0, max: 10_000_000 }))
    .optional(),
});

/**
 * The product editor's form: the fields an owner types, checked as the server checks the product
 * body (ProductBody) once it is built from them: a name, each variant's SKU and prices, a sale price
 * for a variant on sale, the gift-card amounts, the subscription's period and cycles.
 */
export const ProductForm = z
  .looseObject({
    title: requiredText('Product name', 200, 'the product name'),
    productType: ProductTypeSchema,
    excerpt: z.string().max(5_000),
    body: z.string().max(200_000),
    options: z.array(z.looseObject({ name: z.string() })).max(MAX_VARIANT_OPTIONS),
    // Checked one by one below: a gift card's variants are made from its amounts, not typed.
    variants: z.array(z.looseObject({})).max(MAX_VARIANTS),
    denominations: z.string(),
    selling: z.looseObject({
      isSubscribable: z.boolean(),
      billingValue: z.string(),
      billingUnit: BillingUnitSchema,
      cycles: z.string(),
      useCustomButton: z.boolean(),
      customButton: z.string().trim().max(60, formatMessage(AdminFormMessages.tooLong, { field: 'Button text', max: 60 })),
    }),
  })
  .superRefine((form, ctx) => {
    const giftCard = form.productType === ProductType.GIFT_CARD;
    if (!giftCard) {
      form.variants.forEach((typed, index) => {
        const variant = VariantForm.safeParse(typed);
        if (!variant.success) {
          for (const issue of variant.error.issues) ctx.addIssue({ code: 'custom', path: ['variants', index, ...issue.path.map(String)], message: issue.message });
        } else if (variant.data.onSale && variant.data.salePrice === '') {
          ctx.addIssue({ code: 'custom', path: ['variants', index, 'salePrice'], message: ContentMessages.salePriceRequired });
        }
      });
    } else {
      const amounts = form.denominations.split(',').map((d) => d.trim()).filter(Boolean);
      if (amounts.length === 0) ctx.addIssue({ code: 'custom', path: ['denominations'], message: ContentMessages.giftCardDenominationsRequired });
      else if (amounts.some((amount) => !AMOUNT_TEXT.test(amount))) ctx.addIssue({ code: 'custom', path: ['denominations'], message: formatMessage(AdminFormMessages.amounts, { field: 'the gift card amounts' }) });
    }
    if (form.selling.isSubscribable) {
      const every = wholeNumberText('Every', 1, 52).safeParse(form.selling.billingValue);
      if (!every.success) ctx.addIssue({ code: 'custom', path: ['selling', 'billingValue'], message: every.error.issues[0]?.message ?? '' });
      const cycles = wholeNumberText('Billing cycles', 0, 520).safeParse(form.selling.cycles);
      if (!cycles.success) ctx.addIssue({ code: 'custom', path: ['selling', 'cycles'], message: cycles.error.issues[0]?.message ?? '' });
    }
  });
export type ProductForm = z.input<typeof ProductForm>;

/**
 * The new-coupon form: the code as the server takes it (CouponInput's characters and length), the
 * discount (a percentage, or an amount in the store currency), an optional minimum subtotal and
 * expiry date. The form makes CouponInput's body from it (basis points, minor units).
 */
export const CouponForm = z
  .object({
    code: requiredText('Code', 64, 'a code').regex(COUPON_CODE, COUPON_CODE_MESSAGE),
    kind: CouponKind,
    value: z.string(),
    minimum: amountText('the minimum subtotal', '50.00', true),
    expires: z.union([z.literal(''), z.iso.date()]),
  })
  .superRefine((form, ctx) => {
    const text = form.value.trim();
    if (form.kind === 'percentage' && !(/^\d+(\.\d+)?$/.test(text) && couponPercentageAllowed(Math.round(Number(text) * 100)))) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: RuleMessages.couponPercentage });
    }
    if (form.kind === 'fixed-amount' && !(AMOUNT_TEXT.test(text) && Number(text) > 0)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: formatMessage(AdminFormMessages.positiveAmount, { field: 'the amount off', example: '5.00' }) });
    }
  });
export type CouponForm = z.input<typeof CouponForm>;

/**
 * Website settings › General: the site's title and domains, and the settings typed as text (the
 * rest are choices the server's UpdateSiteSettingsBody checks). A business email may be empty.
 */
export const SiteSettingsForm = z.looseObject({
  title: requiredText('Site title', 200, 'the site title'),
  domains: z.string().max(10_000),
  settings: z.looseObject({
    locale: z.string().trim().max(35),
    country: z.string().trim().regex(/^([A-Za-z]{2})?$/, AdminFormMessages.countryCode),
    businessEmail: z
      .string()
      .nullable()
      .refine((email) => !email || EmailPatterns.owner.test(email.trim()), OwnerMessages.invalidEmail),
  }),
});
export type SiteSettingsForm = z.input<typeof SiteSettingsForm>;
