// Addresses laid out by their country's conventions (orders/address-format.ts, on
// @fragaria/address-formatter): the order page, the receipt and the admin print these lines.
import { describe, expect, it } from '@jest/globals';
import { addressLines } from '../../src/orders/address-format.js';

describe('addressLines', () => {
  it('lays out the US, Canada, Germany, France and the UK each its own way, the country named last', () => {
    expect(
      addressLines({
        name: 'Maren Ellis',
        line1: '41 Fore Street',
        line2: 'Unit 2',
        city: 'Portland',
        region: 'ME',
        postalCode: '04101',
        country: 'US',
      }),
    ).toEqual(['Maren Ellis', '41 Fore Street', 'Unit 2', 'Portland, ME 04101', 'United States of America']);
    expect(
      addressLines({ name: 'A. Chen', line1: '1 King St W', city: 'Toronto', region: 'ON', postalCode: 'M5H 1A1', country: 'CA' }),
    ).toEqual(['A. Chen', '1 King St W', 'Toronto, ON M5H 1A1', 'Canada']);
    expect(addressLines({ name: 'Hans Muster', line1: 'Hauptstraße 5', city: 'Berlin', postalCode: '10115', country: 'DE' })).toEqual([
      'Hans Muster',
      'Hauptstraße 5',
      '10115 Berlin',
      'Germany',
    ]);
    expect(
      addressLines({ name: 'Marie Curie', line1: '1 rue de Rivoli', line2: 'Apt 3', city: 'Paris', postalCode: '75001', country: 'FR' }),
    ).toEqual(['Marie Curie', '1 rue de Rivoli', 'Apt 3', '75001 Paris', 'France']);
    expect(addressLines({ name: 'Jane Doe', line1: '10 Downing Street', city: 'London', postalCode: 'SW1A 2AA', country: 'GB' })).toEqual([
      'Jane Doe',
      '10 Downing Street',
      'London',
      'SW1A 2AA',
      'United Kingdom',
    ]);
  });

  it('prints what the buyer typed as text, never as a template or markup', () => {
    const lines = addressLines({
      name: '<b>{{road}}</b>',
      line1: '{{{attention}}} 5',
      city: 'Portland',
      region: 'ME',
      postalCode: '04101',
      country: 'US',
    });
    expect(lines.slice(0, 2)).toEqual(['<b>{{road}}</b>', '{{{attention}}} 5']);
  });
});
