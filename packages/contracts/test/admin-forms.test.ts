// The admin forms' schemas (issue 35): what each refuses, with the one wording the form shows.
import { describe, expect, it } from '@jest/globals';
import {
  AdminFormMessages,
  CouponForm,
  FormBuilderForm,
  GiftCardForm,
  HeaderFooterForm,
  itemForm,
  PopupForm,
  ProductForm,
  SiteSeoForm,
  SiteSettingsForm,
  StoreRulesForm,
} from '../src/admin-forms.js';
import { COUPON_CODE_MESSAGE, CouponInput } from '../src/commerce.js';
import { ContentMessages } from '../src/content-limits.js';
import { OwnerMessages } from '../src/messages.js';

const variant = { sku: 'TOTE-1', price: '12.50', salePrice: '', onSale: false, qtyInStock: '3', unlimited: false, attributes: {} };
const product = {
  title: 'Tote',
  productType: 1,
  excerpt: '',
  body: '',
  options: [],
  variants: [variant],
  denominations: '',
  selling: {
    isSubscribable: false,
    billingValue: '1',
    billingUnit: 'MONTH',
    cycles: '0',
    useCustomButton: false,
    customButton: '',
    formId: '',
  },
};

/** Each refused field's path and message. */
const problems = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('ProductForm', () => {
  it('takes a product as typed', () => {
    expect(problems(ProductForm.safeParse(product))).toEqual([]);
  });

  it('names the field and the wording of each refusal', () => {
    const typed = { ...product, title: ' ', variants: [{ ...variant, sku: '', price: '12,50', onSale: true }] };
    expect(problems(ProductForm.safeParse(typed))).toEqual([
      'title: Enter the product name.',
      'variants.0.sku: Enter a SKU.',
      'variants.0.price: Enter the price as an amount such as 12.50.',
    ]);
    expect(problems(ProductForm.safeParse({ ...product, variants: [{ ...variant, onSale: true }] }))).toEqual([
      `variants.0.salePrice: ${ContentMessages.salePriceRequired}`,
    ]);
  });

  it('takes a variant weight in whole grams, or none (issue 36)', () => {
    expect(
      problems(
        ProductForm.safeParse({
          ...product,
          variants: [
            { ...variant, weight: '450' },
            { ...variant, weight: '' },
          ],
        }),
      ),
    ).toEqual([]);
    expect(problems(ProductForm.safeParse({ ...product, variants: [{ ...variant, weight: '0.5' }] }))).toEqual([
      'variants.0.weight: Weight (g) must be a whole number from 0 to 10000000.',
    ]);
  });

  it('checks a gift card by its amounts, not its variants', () => {
    const giftCard = { ...product, productType: 4, variants: [{ ...variant, price: '' }] };
    expect(problems(ProductForm.safeParse(giftCard))).toEqual([`denominations: ${ContentMessages.giftCardDenominationsRequired}`]);
    expect(problems(ProductForm.safeParse({ ...giftCard, denominations: '25, fifty' }))).toEqual([
      'denominations: Enter the gift card amounts as amounts separated by commas, e.g. 25, 50.',
    ]);
    expect(problems(ProductForm.safeParse({ ...giftCard, denominations: '25, 50' }))).toEqual([]);
  });

  it('checks a subscription period and its cycles', () => {
    const typed = { ...product, selling: { ...product.selling, isSubscribable: true, billingValue: '0', cycles: 'x' } };
    expect(problems(ProductForm.safeParse(typed))).toEqual([
      'selling.billingValue: Every must be a whole number from 1 to 52.',
      'selling.cycles: Billing cycles must be a whole number from 0 to 520.',
    ]);
  });
});

describe('CouponForm', () => {
  const coupon = { code: 'SPRING15', kind: 'percentage' as const, value: '15', minimum: '', expires: '' };

  it('refuses a code as the server does, in its words', () => {
    expect(problems(CouponForm.safeParse({ ...coupon, code: 'spring 15!' }))).toEqual([`code: ${COUPON_CODE_MESSAGE}`]);
    expect(CouponInput.safeParse({ code: 'spring 15!', kind: 'percentage', value: 1500 }).error?.issues[0]?.message).toBe(
      COUPON_CODE_MESSAGE,
    );
  });

  it('checks the discount by its kind, and the minimum subtotal and expiry', () => {
    expect(problems(CouponForm.safeParse({ ...coupon, value: '150' }))).toEqual(['value: A percentage is more than 0 and at most 100.']);
    expect(problems(CouponForm.safeParse({ ...coupon, kind: 'fixed-amount', value: '0' }))).toEqual([
      'value: Enter the amount off as an amount above 0, such as 5.00.',
    ]);
    expect(problems(CouponForm.safeParse({ ...coupon, kind: 'free-shipping', value: 'anything', minimum: 'ten' }))).toEqual([
      'minimum: Enter the minimum subtotal as an amount such as 50.00.',
    ]);
    expect(problems(CouponForm.safeParse({ ...coupon, expires: '2027-02-30x' })).length).toBe(1);
    expect(problems(CouponForm.safeParse({ ...coupon, expires: '2027-02-28' }))).toEqual([]);
  });
});

describe('SiteSettingsForm', () => {
  const typed = { title: 'Harbour & Pine', domains: '', settings: { locale: 'en-US', country: 'US', businessEmail: '' } };

  it('takes an empty business email, and says SPEC 5 for a wrong one', () => {
    expect(problems(SiteSettingsForm.safeParse(typed))).toEqual([]);
    expect(problems(SiteSettingsForm.safeParse({ ...typed, settings: { ...typed.settings, businessEmail: 'hello@' } }))).toEqual([
      `settings.businessEmail: ${OwnerMessages.invalidEmail}`,
    ]);
  });

  it('wants a title and a two-letter country', () => {
    expect(problems(SiteSettingsForm.safeParse({ ...typed, title: '', settings: { ...typed.settings, country: 'USA' } }))).toEqual([
      'title: Enter the site title.',
      `settings.country: ${AdminFormMessages.countryCode}`,
    ]);
  });
});

describe('StoreRulesForm', () => {
  const option = {
    id: 'ship-1',
    name: 'Standard',
    rate: '5.00',
    freeOver: '',
    countries: 'US, ca',
    regions: '',
    weights: '1000=9.00, 3000=14.00',
    pickup: false,
  };
  const tax = { id: 'tax-1', name: 'Maine', country: 'US', region: 'ME', rate: '5.5', appliesToShipping: false };
  const rules = { minimum: '0.00', donation: '1.00', shipping: [option], taxes: [tax], pricesIncludeTax: false };

  it('takes the rules as typed', () => {
    expect(problems(StoreRulesForm.safeParse(rules))).toEqual([]);
  });

  it('names each wrong field of an option and a rule', () => {
    const typed = {
      ...rules,
      donation: '0',
      shipping: [{ ...option, name: ' ', rate: '5,00', countries: 'usa', weights: '1000=9.00, 1000=12.00' }],
      taxes: [{ ...tax, country: 'USA', rate: '101' }],
    };
    expect(problems(StoreRulesForm.safeParse(typed))).toEqual([
      'donation: Enter the minimum donation as an amount above 0, such as 1.00.',
      'shipping.0.name: Enter a name for the shipping option.',
      'shipping.0.rate: Enter the rate as an amount such as 5.00.',
      `shipping.0.countries: ${AdminFormMessages.countryList}`,
      `shipping.0.weights: ${AdminFormMessages.weightBandsDistinct}`,
      `taxes.0.country: ${AdminFormMessages.countryCode}`,
      `taxes.0.rate: ${AdminFormMessages.taxRate}`,
    ]);
  });
});

describe('GiftCardForm, PopupForm, HeaderFooterForm, SiteSeoForm, itemForm, FormBuilderForm', () => {
  it("refuses with the SPEC 5 and the server schemas' wording", () => {
    expect(problems(GiftCardForm.safeParse({ amount: '0', recipientEmail: 'friend@', note: '' }))).toEqual([
      'amount: Enter the amount of the gift card as an amount above 0, such as 25.00.',
      `recipientEmail: ${OwnerMessages.invalidEmail}`,
    ]);
    const popup = {
      enabled: true,
      kind: 'promotion',
      title: ' ',
      body: '',
      buttonText: 'Shop',
      buttonUrl: '',
      formId: '',
      delaySeconds: 3,
      hideForDays: 7,
      pages: 'all',
    };
    expect(problems(PopupForm.safeParse(popup))).toEqual([
      'title: Enter a title.',
      'buttonUrl: A promotion popup needs the page its button opens.',
    ]);
    expect(problems(PopupForm.safeParse({ ...popup, title: 'Sale', buttonUrl: '/shop' }))).toEqual([]);
    const colours = { backgroundColor: '#fff', textColor: '#111' };
    expect(
      problems(
        HeaderFooterForm.safeParse({
          header: { siteTitle: '', logo: { assetUrl: 'not a link', altText: '' }, ...colours },
          footer: { text: '', ...colours },
        }),
      ),
    ).toEqual(['header.logo.assetUrl: not a link is not a valid page URL']);
    expect(
      problems(SiteSeoForm.safeParse({ description: '', socialImage: '', robotsTxt: '', redirects: '/old -> /new 301\n/bad line' })),
    ).toEqual(['redirects: Line 2 of the redirects is not “/from -> /to 301”.']);
    const event = {
      title: 'Raku',
      author: '',
      excerpt: '',
      body: '',
      status: 'scheduled',
      publishOn: '',
      start: '',
      end: '2030-01-01T10:00',
      ticketPrice: '12.5x',
      ticketUrl: '',
    };
    expect(problems(itemForm('USD', true).safeParse(event))).toEqual([
      `publishOn: ${AdminFormMessages.publishOnRequired}`,
      `start: ${AdminFormMessages.eventDatesRequired}`,
      'ticketPrice: Enter the ticket price in USD, such as 12.50 (0 for free admission).',
    ]);
    expect(problems(itemForm('USD', false).safeParse({ ...event, status: 'published' }))).toEqual([]);
    const settings = {
      name: '',
      build: { fields: [], submitButtonText: 'Send' },
      storage: { notifyEmails: [] },
      advanced: { submissionMessage: '', submissionHTML: '', successRedirect: null },
      captcha: { enabled: false, theme: 'light', alignment: 'left', size: 'normal' },
      disclaimer: { enabled: false, message: '' },
    };
    expect(problems(FormBuilderForm.safeParse({ settings, notify: 'studio@example.com\nnope' }))).toEqual([
      'settings.name: Enter a form name.',
      'notify: Emails must be formatted as name@example.com',
    ]);
  });
});
