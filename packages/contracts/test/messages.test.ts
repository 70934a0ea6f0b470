import { describe, expect, it } from '@jest/globals';
import {
  AddToCartMessages,
  CartMessages,
  CartPillMessages,
  ColourMessages,
  FormMessages,
  formatMessage,
  InfrastructureMessages,
  InstallmentMessages,
  Labels,
  LIKERT_DEFAULT_LABELS,
  MessageCatalogue,
  OwnerMessages,
  OwnerUiMessages,
  RestockMessages,
  TemplateEngineMessages,
  TimeMessages,
} from '../src/index.js';

describe('catalogue wording', () => {
  it('keeps the real ellipsis in progress labels', () => {
    expect(AddToCartMessages.adding).toBe('Adding\u2026');
    expect(FormMessages.submitting).toBe('Submitting\u2026');
    expect(AddToCartMessages.adding).not.toContain('...');
    expect(AddToCartMessages.added).toBe('Added!');
    expect(RestockMessages.signedUp).toBe('Signed up!');
  });
  it('has the cart pill spoken labels', () => {
    expect(CartPillMessages.moreThanHundredItems).toBe('More than 100 items in cart');
    expect(CartPillMessages.oneItem).toBe('One item in cart');
    expect(formatMessage(CartPillMessages.manyItems, { n: 7 })).toBe('7 items in cart');
    expect(CartPillMessages.cart).toBe('Cart');
    expect(CartPillMessages.countOverflow).toBe('100+');
  });
  it('has the cart errors verbatim', () => {
    expect(CartMessages.sessionExpired).toBe('Your session has expired. Please reload the page and try again.');
    expect(CartMessages.enableCookies).toBe('Please enable cookies in your browser, reload the page, and try again.');
    expect(CartMessages.rateLimited).toBe('Please try again in a few seconds.');
    expect(CartMessages.unableToAddItemTitle).toBe('Unable to Add Item');
    expect(CartMessages.unableToPurchaseItemTitle).toBe('Unable to Purchase Item');
    expect(CartMessages.unableToPurchaseGiftCardTitle).toBe('Unable to purchase Gift Card');
    expect(CartMessages.unableToAddItem).toBe('Unable to add item');
    expect(CartMessages.emptyCart).toBe('You have nothing in your shopping cart.');
    expect(formatMessage(CartMessages.minimumSubtotal, { subtotal: '$10.00' })).toBe(
      'To check out, your order subtotal must be $10.00 or more.',
    );
  });
  it('has the add-to-cart validation verbatim', () => {
    expect(AddToCartMessages.variantUnavailable).toBe('Sorry, that item variant is unavailable. Please select another variant.');
    expect(AddToCartMessages.notEnoughStock).toBe('Sorry, we do not have enough of that item available.');
    // One ends with a full stop, the other does not: both as in the SPEC.
    expect(AddToCartMessages.quantityNotNumber).toBe('Quantity must be a number.');
    expect(AddToCartMessages.quantityNotWhole).toBe('Quantity must be a whole number');
    expect(AddToCartMessages.giftCardDenominationRequired).toBe('Select a denomination for the Gift Card');
  });
  it('has the form messages verbatim, with the abbreviated one written out', () => {
    expect(FormMessages.required).toBe('Required');
    expect(FormMessages.problemScrollDown).toBe('Your form has encountered a problem. Please scroll down to review.');
    expect(FormMessages.problemScrollUp).toBe('Your form has encountered a problem. Please scroll up to review.');
    expect(FormMessages.unauthorized).toBe('Unable to submit form. Please try again later.');
    expect(FormMessages.notConfigured).toBe('This form has not been configured yet.');
    expect(FormMessages.rateLimited).toBe('Unable to submit form. Submission rate limit exceeded. Please try again later.');
    expect(FormMessages.sendFailed).toBe('Unable to send form. Please try again later.');
    expect(FormMessages.unknownError).toBe('Unknown error, please try again later.');
    expect(FormMessages.recaptchaFailed).toBe('reCAPTCHA failed. Refresh this page and try again.');
    expect(FormMessages.captchaRequired).toBe('Complete CAPTCHA before submitting.');
    expect(formatMessage(FormMessages.characterCounter, { count: 12, max: 100 })).toBe('12 / 100');
    expect(formatMessage(FormMessages.emailInvalid, { email: 'name@example.com' })).toBe(
      'Email is not valid. Email addresses should follow the format name@example.com.',
    );
    expect(RestockMessages.emailBlank).toBe('Email cannot be blank');
    expect(RestockMessages.emailInvalid).toBe('Email is invalid');
    expect(RestockMessages.submitFailed).toBe(FormMessages.unauthorized);
  });
  it('has the installment texts written out', () => {
    expect(formatMessage(InstallmentMessages.payments, { n: 4, amount: '$2.50' })).toBe('4 interest-free payments of $2.50');
    expect(formatMessage(InstallmentMessages.paymentsWith, { n: 4, amount: '$2.50' })).toBe('or 4 interest-free payments of $2.50 with');
    expect(formatMessage(InstallmentMessages.availableUpTo, { amount: '$2,000.00' })).toBe('available for orders up to $2,000.00');
    expect(formatMessage(InstallmentMessages.availableOver, { amount: '$35.00' })).toBe('available for orders over $35.00');
  });
  it('has the colour, owner, infrastructure and template-engine messages verbatim', () => {
    expect(ColourMessages.missingHslValue).toBe('Missing an H/S/L value.');
    expect(OwnerMessages.datasetNeedsRow).toBe('Your dataset must have at least one row');
    expect(formatMessage(OwnerMessages.fileTooLarge, { fileName: 'a.csv', maxSize: '20 MB' })).toBe(
      'The file a.csv is too large. The maximum allowed file size is 20 MB.',
    );
    expect(formatMessage(OwnerMessages.linkFormat, { host: 'example.com' })).toBe('Links must be formatted as example.com or example.com');
    expect(OwnerUiMessages.unableToConnect).toBe('Unable to connect. Please try again');
    expect(formatMessage(InfrastructureMessages.trackingFailed, { code: 503 })).toBe('Error tracking event: HTTP Status 503');
    expect(InfrastructureMessages.storageUnavailable).toBe('Unable access local/session storage.');
    expect(InfrastructureMessages.subscriptionPriceUnavailable).toBe('Unavailable');
    expect(TemplateEngineMessages.unitsMetricNotImplemented).toBe('"units-metric?" formatter is not yet implemented');
    expect(TemplateEngineMessages.mismatchedOperator).toBe('Mismatched operator found:');
    expect(TemplateEngineMessages.invalidDate).toBe('Invalid date.');
    expect(TimeMessages.lessThanAMinuteAgo).toBe('less than a minute ago');
  });
  it('has the default labels', () => {
    expect(Labels).toMatchObject({
      addToCart: 'Add To Cart',
      subscribe: 'Subscribe',
      quantity: 'Quantity',
      selectValue: 'Select Value',
      value: 'Value',
      quickView: 'Quick View',
      soldOut: 'sold out',
      sale: 'sale',
      notAnswered: 'N/A',
    });
    expect(formatMessage(Labels.selectVariant, { variantName: 'Size' })).toBe('Select Size');
    expect(LIKERT_DEFAULT_LABELS).toEqual(['Strongly Disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly Agree']);
  });
  it('contains only non-empty strings with no stray whitespace or typographic quotes', () => {
    for (const group of Object.values(MessageCatalogue)) {
      for (const text of Object.values(group)) {
        expect(typeof text).toBe('string');
        expect(text.trim()).toBe(text);
        expect(text.length).toBeGreaterThan(0);
        expect(text).not.toMatch(/[\u2018\u2019\u201c\u201d]/);
      }
    }
  });
});

describe('formatMessage', () => {
  it('fills every placeholder', () => {
    expect(formatMessage(AddToCartMessages.selectOption, { option: 'Size' })).toBe('Please select the Size option.');
    expect(formatMessage(AddToCartMessages.selectTwoOptions, { option1: 'Size', option2: 'Colour' })).toBe(
      'Please select the Size and Colour options.',
    );
    expect(formatMessage(AddToCartMessages.selectManyOptions, { optionsList: 'Size, Colour', lastOption: 'Fit' })).toBe(
      'Please select the Size, Colour and Fit options.',
    );
    expect(formatMessage('{a}{b}{a}', { a: 1, b: 2n })).toBe('121');
  });
  it('returns a template without placeholders unchanged', () => {
    expect(formatMessage(CartMessages.tryAgain)).toBe('Please try again.');
    expect(formatMessage(Labels.truncationSuffix)).toBe('...');
  });
  it('does not re-expand placeholders inside parameter values', () => {
    expect(formatMessage('{a} and {b}', { a: '{b}', b: 'x' })).toBe('{b} and x');
  });
  it('throws on a missing parameter', () => {
    const template: string = AddToCartMessages.selectTwoOptions;
    expect(() => formatMessage(template, { option1: 'Size' })).toThrow('Missing message parameter {option2}');
    expect(() => formatMessage(template, {})).toThrow('Missing message parameter {option1}');
  });
  it('requires the placeholders of a literal template at compile time', () => {
    // @ts-expect-error option2 is missing
    expect(() => formatMessage(AddToCartMessages.selectTwoOptions, { option1: 'Size' })).toThrow('{option2}');
    // @ts-expect-error a template with placeholders needs params
    expect(() => formatMessage(CartMessages.minimumSubtotal)).toThrow('{subtotal}');
  });
  it('does not read inherited properties', () => {
    const template: string = '{toString}';
    expect(() => formatMessage(template, {})).toThrow('Missing message parameter {toString}');
  });
});
