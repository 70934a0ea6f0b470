// The checkout's address lookup calls (SPEC 7, SPEC 8 missing tracking context) and its keys, and
// the cart page's minimum-subtotal rule (SPEC 8).
import { describe, expect, it, jest } from '@jest/globals';
import { autocompletePath, CHECKOUT_PLACES_CONTEXT, detailsPath, filledFrom, movedIndex } from './address-lookup.js';
import { minimumSubtotalMessage } from './cart-rules.js';

describe('address lookup', () => {
  it('asks for suggestions with the country only when the lookup knows it', () => {
    expect(autocompletePath(' 41 Fore St ', 'us', 't1')).toBe(
      '/api/google-maps/places/autocomplete?input=41+Fore+St&sessionToken=t1&country=US',
    );
    expect(autocompletePath('41 Fore St', 'DE', 't1')).toBe('/api/google-maps/places/autocomplete?input=41+Fore+St&sessionToken=t1');
  });

  it('sends the tracking context with details, and says so on the console when it is missing', () => {
    const log = { error: jest.fn() };
    expect(detailsPath('offline:abc', 't1', CHECKOUT_PLACES_CONTEXT, log)).toBe(
      '/api/google-maps/places/details?placeId=offline%3Aabc&sessionToken=t1&productPage=checkout&productSection=shipping-address',
    );
    expect(log.error).not.toHaveBeenCalled();
    expect(detailsPath('p', 't1', { productPage: 'checkout' }, log)).toBe(
      '/api/google-maps/places/details?placeId=p&sessionToken=t1&productPage=checkout',
    );
    expect(log.error).toHaveBeenCalledWith('Missing tracking context for place details: productSection');
  });

  it('moves through the suggestions with the arrow keys, wrapping around', () => {
    expect(movedIndex(-1, 1, 3)).toBe(0);
    expect(movedIndex(-1, -1, 3)).toBe(2);
    expect(movedIndex(2, 1, 3)).toBe(0);
    expect(movedIndex(0, -1, 3)).toBe(2);
    expect(movedIndex(-1, 1, 0)).toBe(-1);
  });

  it('fills the address from a place and keeps the name', () => {
    const before = { name: 'Maren Ellis', line1: 'x', line2: 'y', city: 'z', region: '', postalCode: '', country: 'US' };
    expect(
      filledFrom(before, { line1: '41 Fore Street', line2: '', city: 'Portland', region: 'ME', postalCode: '04101', country: 'US' }),
    ).toEqual({
      name: 'Maren Ellis',
      line1: '41 Fore Street',
      line2: '',
      city: 'Portland',
      region: 'ME',
      postalCode: '04101',
      country: 'US',
    });
  });
});

describe('minimum order subtotal', () => {
  it('gives the SPEC 8 message below the minimum only', () => {
    expect(minimumSubtotalMessage({ subtotalCents: 9_999, minimumOrderSubtotalCents: 10_000 }, 'USD')).toBe(
      'To check out, your order subtotal must be $100.00 or more.',
    );
    expect(minimumSubtotalMessage({ subtotalCents: 10_000, minimumOrderSubtotalCents: 10_000 }, 'USD')).toBeNull();
    expect(minimumSubtotalMessage({ subtotalCents: 0, minimumOrderSubtotalCents: 0 }, 'USD')).toBeNull();
  });
});
