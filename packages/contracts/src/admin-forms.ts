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
import { COUPON_CODE, COUPON_CODE_MESSAGE, CouponKind, IssueGiftCardBody, ShippingOptionInput, TaxRuleInput } from './commerce.js';
import { FooterSettings, HeaderSettings } from './content.js';
import { Colour } from './content-colour.js';
import { ImageUrl, PageUrl } from './content-image.js';
import { SEO_LIMITS, SeoSettingsPatch } from './seo.js';
import { EMAIL_FORMAT_EXAMPLE, FormSettings } from './forms.js';
import { PopupOverlayBody } from './content-community.js';
import { AdminFormMessages, formatMessage, OwnerMessages } from './messages.js';
import { couponPercentageAllowed, EmailPatterns, RuleMessages } from './rules.js';

export { AdminFormMessages };

/** The longest a string schema allows (its max check), for a form that words the limit itself. */
const maxOf = (schema: z.ZodString, fallback: number): number => schema.maxLength ?? fallback;

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
    .refine(
      (text) => /^\d{1,9}$/.test(text) && Number(text) >= min && Number(text) <= max,
      formatMessage(AdminFormMessages.wholeNumber, { field, min, max }),
    );

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
    .refine(
      (text) => text === '' || (/^\d{1,8}$/.test(text) && Number(text) <= 10_000_000),
      formatMessage(AdminFormMessages.wholeNumber, { field: 'Weight (g)', min: 0, max: 10_000_000 }),
    )
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
      customButton: z
        .string()
        .trim()
        .max(60, formatMessage(AdminFormMessages.tooLong, { field: 'Button text', max: 60 })),
    }),
  })
  .superRefine((form, ctx) => {
    const giftCard = form.productType === ProductType.GIFT_CARD;
    if (!giftCard) {
      form.variants.forEach((typed, index) => {
        const variant = VariantForm.safeParse(typed);
        if (!variant.success) {
          for (const issue of variant.error.issues)
            ctx.addIssue({ code: 'custom', path: ['variants', index, ...issue.path.map(String)], message: issue.message });
        } else if (variant.data.onSale && variant.data.salePrice === '') {
          ctx.addIssue({ code: 'custom', path: ['variants', index, 'salePrice'], message: ContentMessages.salePriceRequired });
        }
      });
    } else {
      const amounts = form.denominations
        .split(',')
        .map((d) => d.trim())
        .filter(Boolean);
      if (amounts.length === 0)
        ctx.addIssue({ code: 'custom', path: ['denominations'], message: ContentMessages.giftCardDenominationsRequired });
      else if (amounts.some((amount) => !AMOUNT_TEXT.test(amount)))
        ctx.addIssue({
          code: 'custom',
          path: ['denominations'],
          message: formatMessage(AdminFormMessages.amounts, { field: 'the gift card amounts' }),
        });
    }
    if (form.selling.isSubscribable) {
      const every = wholeNumberText('Every', 1, 52).safeParse(form.selling.billingValue);
      if (!every.success)
        ctx.addIssue({ code: 'custom', path: ['selling', 'billingValue'], message: every.error.issues[0]?.message ?? '' });
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
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: formatMessage(AdminFormMessages.positiveAmount, { field: 'the amount off', example: '5.00' }),
      });
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
    country: z
      .string()
      .trim()
      .regex(/^([A-Za-z]{2})?$/, AdminFormMessages.countryCode),
    businessEmail: z
      .string()
      .nullable()
      .refine((email) => !email || EmailPatterns.owner.test(email.trim()), OwnerMessages.invalidEmail),
  }),
});
export type SiteSettingsForm = z.input<typeof SiteSettingsForm>;

/** Optional text of at most `max` characters, said in the admin's words. */
const optionalText = (field: string, max: number) => z.string().max(max, formatMessage(AdminFormMessages.tooLong, { field, max }));

/**
 * Issue a gift card: the amount in the store currency (IssueGiftCardBody's amountCents is made from
 * it), an optional recipient (the owner-side email rule and message) and note (the body's limit).
 */
export const GiftCardForm = z.object({
  amount: amountText('the amount of the gift card', '25.00').refine(
    (text) => Number(text) > 0,
    formatMessage(AdminFormMessages.positiveAmount, { field: 'the amount of the gift card', example: '25.00' }),
  ),
  recipientEmail: z.string().refine((email) => email.trim() === '' || EmailPatterns.owner.test(email.trim()), OwnerMessages.invalidEmail),
  note: optionalText('Note', maxOf(IssueGiftCardBody.shape.note.unwrap(), 500)),
});
export type GiftCardForm = z.input<typeof GiftCardForm>;

/**
 * Header and footer: HeaderFooterBody's own fields (the colours' and the logo address's messages
 * are the server's), the texts' limits worded for the form; an empty logo address means no logo.
 */
export const HeaderFooterForm = z.looseObject({
  header: z.looseObject({
    siteTitle: optionalText('Header text', maxOf(HeaderSettings.shape.siteTitle, 200)),
    logo: z.looseObject({ assetUrl: z.union([z.literal(''), PageUrl]) }).nullable(),
    backgroundColor: Colour,
    textColor: Colour,
  }),
  footer: z.looseObject({
    text: optionalText('Footer text', maxOf(FooterSettings.shape.text, 5_000)),
    backgroundColor: Colour,
    textColor: Colour,
  }),
});
export type HeaderFooterForm = z.input<typeof HeaderFooterForm>;

/**
 * The popup: PopupOverlayBody as typed (the button link as text, empty for none), with its texts'
 * limits worded for the form and the body's own rules for a newsletter's form and a promotion's link.
 */
export const PopupForm = z
  .looseObject({
    title: requiredText('Title', maxOf(PopupOverlayBody.shape.title, 200), 'a title'),
    body: optionalText('Text', maxOf(PopupOverlayBody.shape.body, 2_000)),
    buttonText: requiredText('Button text', maxOf(PopupOverlayBody.shape.buttonText, 60), 'the button text'),
    buttonUrl: z.union([z.literal(''), PopupOverlayBody.shape.buttonUrl.unwrap()]),
    delaySeconds: z
      .number()
      .int()
      .min(0)
      .max(120, formatMessage(AdminFormMessages.wholeNumber, { field: 'Show after', min: 0, max: 120 })),
    hideForDays: z
      .number()
      .int()
      .min(0)
      .max(365, formatMessage(AdminFormMessages.wholeNumber, { field: 'Wait', min: 0, max: 365 })),
  })
  .superRefine((popup, ctx) => {
    // The body's own check (a newsletter's form, a promotion's link), with the form's nulls.
    const body = PopupOverlayBody.safeParse({ ...popup, buttonUrl: popup.buttonUrl || null, formId: popup.formId || null });
    if (body.success) return;
    for (const issue of body.error.issues)
      if (issue.path[0] === 'formId' || issue.path[0] === 'buttonUrl')
        ctx.addIssue({ code: 'custom', path: issue.path.map(String), message: issue.message });
  });
export type PopupForm = z.input<typeof PopupForm>;

/** Two-letter country codes separated by commas (empty: everywhere). */
const COUNTRY_LIST = /^\s*([A-Za-z]{2}\s*(,\s*[A-Za-z]{2}\s*)*)?,?\s*$/;
/** Weight bands as "grams=amount" separated by commas (empty: a flat rate). */
const WEIGHT_BANDS = /^\s*(\d{1,8}\s*=\s*\d{1,12}(\.\d+)?\s*(,\s*\d{1,8}\s*=\s*\d{1,12}(\.\d+)?\s*)*)?,?\s*$/;

/** A shipping option as typed: ShippingOptionInput's fields as text (amounts in the store currency). */
export const ShippingOptionForm = z
  .looseObject({
    name: requiredText('Name', maxOf(ShippingOptionInput.shape.name, 100), 'a name for the shipping option'),
    rate: amountText('the rate', '5.00'),
    freeOver: amountText('the free-over amount', '50.00', true),
    countries: z.string().regex(COUNTRY_LIST, AdminFormMessages.countryList),
    regions: z.string(),
    weights: z.string().regex(WEIGHT_BANDS, AdminFormMessages.weightBands),
    pickup: z.boolean(),
  })
  .superRefine((option, ctx) => {
    const grams = option.weights
      .split(',')
      .map((band) => band.split('=')[0]?.trim() ?? '')
      .filter(Boolean);
    if (new Set(grams.map(Number)).size !== grams.length)
      ctx.addIssue({ code: 'custom', path: ['weights'], message: AdminFormMessages.weightBandsDistinct });
    if (grams.some((g) => Number(g) < 1)) ctx.addIssue({ code: 'custom', path: ['weights'], message: AdminFormMessages.weightBands });
  });

/** A tax rule as typed: TaxRuleInput's fields, the rate as a percentage. */
export const TaxRuleForm = z.looseObject({
  name: requiredText('Name', maxOf(TaxRuleInput.shape.name, 100), 'a name for the tax rule'),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, AdminFormMessages.countryCode),
  region: optionalText('Region', 64),
  rate: z
    .string()
    .trim()
    .refine((text) => /^\d{1,3}(\.\d{1,2})?$/.test(text) && Number(text) <= 100, AdminFormMessages.taxRate),
  appliesToShipping: z.boolean(),
});

/**
 * Shipping and tax: UpdateStoreRulesBody as typed (amounts in the store currency, lists as text);
 * the form makes the body from it and parses it with UpdateStoreRulesBody before sending.
 */
export const StoreRulesForm = z.object({
  minimum: amountText('the minimum order subtotal', '10.00'),
  donation: amountText('the minimum donation', '1.00').refine(
    (text) => Number(text) > 0,
    formatMessage(AdminFormMessages.positiveAmount, { field: 'the minimum donation', example: '1.00' }),
  ),
  // UpdateStoreRulesBody's list limits.
  shipping: z.array(ShippingOptionForm).max(50),
  taxes: z.array(TaxRuleForm).max(200),
  pricesIncludeTax: z.boolean(),
});
export type StoreRulesForm = z.input<typeof StoreRulesForm>;

/** A redirect as a line of the form: `/old-path -> /new-path 301` (or 302; 301 when left out). */
export const REDIRECT_LINE = /^(\S+)\s*->\s*(\S+)(?:\s+(301|302))?$/;

/**
 * Settings › Search & social: SeoSettings as typed (no social image: empty; the redirects one a
 * line, each line checked here, the rules themselves by the server's UrlRedirect once parsed).
 */
export const SiteSeoForm = z.object({
  description: optionalText('Site description', SEO_LIMITS.description),
  socialImage: z.union([z.literal(''), ImageUrl]),
  robotsTxt: SeoSettingsPatch.shape.robotsTxt.unwrap(),
  redirects: z.string().superRefine((text, ctx) => {
    const bad = text.split('\n').findIndex((line) => line.trim() !== '' && !REDIRECT_LINE.test(line.trim()));
    if (bad >= 0) ctx.addIssue({ code: 'custom', message: formatMessage(AdminFormMessages.redirectLine, { line: bad + 1 }) });
  }),
});
export type SiteSeoForm = z.input<typeof SiteSeoForm>;

/**
 * A post, event or gallery image as typed (ItemBody's limits; dates as the browser's local
 * date-time text; the ticket price in the store currency, blank for none). `event`: the event's
 * own fields are checked too.
 */
export function itemForm(currency: string, event: boolean) {
  return z
    .looseObject({
      title: requiredText('Title', 200, 'a title'),
      author: optionalText('Author', 100),
      excerpt: optionalText('Excerpt', 5_000),
      body: optionalText('Body', 200_000),
      status: z.string(),
      publishOn: z.string(),
      start: z.string(),
      end: z.string(),
      ticketPrice: z.string(),
      ticketUrl: z.union([z.literal(''), PageUrl]),
    })
    .superRefine((item, ctx) => {
      if (item.status === 'scheduled' && !item.publishOn)
        ctx.addIssue({ code: 'custom', path: ['publishOn'], message: AdminFormMessages.publishOnRequired });
      if (!event) return;
      if (!item.start) ctx.addIssue({ code: 'custom', path: ['start'], message: AdminFormMessages.eventDatesRequired });
      if (!item.end) ctx.addIssue({ code: 'custom', path: ['end'], message: AdminFormMessages.eventDatesRequired });
      if (item.ticketPrice.trim() !== '' && !AMOUNT_TEXT.test(item.ticketPrice.trim()))
        ctx.addIssue({ code: 'custom', path: ['ticketPrice'], message: formatMessage(AdminFormMessages.ticketPrice, { currency }) });
    });
}

/** Lines of a textarea as a trimmed list without blanks. */
const linesOf = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * The form builder: the form's settings as edited, and the addresses told of each submission one a
 * line. The settings the form would send are checked with the server's own FormSettings (its issues
 * land on the fields they name); the name and the addresses have the admin's and SPEC 5's wording.
 */
export const FormBuilderForm = z
  .object({
    settings: z.looseObject({ name: requiredText('Form name', 200, 'a form name') }),
    notify: z
      .string()
      .refine(
        (text) => linesOf(text).every((email) => EmailPatterns.owner.test(email)),
        formatMessage(OwnerMessages.emailFormat, { email: EMAIL_FORMAT_EXAMPLE }),
      ),
  })
  .superRefine((form, ctx) => {
    const body = FormSettings.safeParse({ ...form.settings, storage: { notifyEmails: linesOf(form.notify) } });
    if (body.success) return;
    for (const issue of body.error.issues) {
      if (issue.path[0] === 'name' || issue.path[0] === 'storage') continue;
      ctx.addIssue({ code: 'custom', path: ['settings', ...issue.path.map(String)], message: issue.message });
    }
  });
export type FormBuilderForm = z.input<typeof FormBuilderForm>;
