// The offline provider's address rules: reading typed text, the country checks and the layouts.
import { describe, expect, it } from '@jest/globals';
import { addressProblems, formatAddress, normalizeAddress, readAddress, type AddressParts } from '../../src/places/address.js';

const us = (over: Partial<AddressParts> = {}): AddressParts => ({
  line1: '1600 Amphitheatre Pkwy',
  line2: '',
  city: 'Mountain View',
  region: 'CA',
  postalCode: '94043',
  country: 'US',
  ...over,
});

describe('reading a typed address', () => {
  it('reads a US address written the usual way, best reading first', () => {
    const [best] = readAddress('1600 Amphitheatre Pkwy, Mountain View, CA 94043');
    expect(best?.address).toEqual(us());
    expect(best?.problems).toEqual([]);
  });

  it('reads city, region and postal code typed in one piece, and a named country', () => {
    expect(readAddress('221B Baker Street, London NW1 6XE, United Kingdom')[0]?.address).toEqual({
      line1: '221B Baker Street',
      line2: '',
      city: 'London',
      region: '',
      postalCode: 'NW1 6XE',
      country: 'GB',
    });
    expect(readAddress('290 Bremner Blvd, Toronto ON m5v3l9')[0]?.address).toEqual({
      line1: '290 Bremner Blvd',
      line2: '',
      city: 'Toronto',
      region: 'ON',
      postalCode: 'M5V 3L9',
      country: 'CA',
    });
    expect(readAddress('Level 2, 1 Macquarie St, Sydney New South Wales 2000', 'AU')[0]?.address).toEqual({
      line1: 'Level 2',
      line2: '1 Macquarie St',
      city: 'Sydney',
      region: 'NSW',
      postalCode: '2000',
      country: 'AU',
    });
  });

  it('reads nothing from text that names no region or postal code', () => {
    expect(readAddress('12 Main')).toEqual([]);
    expect(readAddress('   ')).toEqual([]);
  });

  it('keeps to the country asked for', () => {
    const readings = readAddress('1 Queen St, Auckland 1010', 'NZ');
    expect(readings.map((r) => r.address.country)).toEqual(['NZ']);
    expect(readings[0]?.address).toMatchObject({ city: 'Auckland', postalCode: '1010' });
  });
});

describe('country rules', () => {
  it.each([
    [us({ postalCode: '10001' }), ['ZIP code 10001 is not in CA.']],
    [us({ postalCode: '9404' }), ['9404 is not a valid ZIP code in United States.']],
    [us({ region: '' }), ['Choose a state.']],
    [us({ region: 'XX' }), ['XX is not a state of United States.']],
    [us({ line1: '', city: '' }), ['Enter a street address.', 'Enter a city.']],
    [{ ...us(), country: 'CA' as const, region: 'BC', postalCode: 'M5V 3L9', city: 'Toronto' }, ['Postal code M5V 3L9 is not in BC.']],
    [{ ...us(), country: 'AU' as const, region: 'VIC', postalCode: '2000', city: 'Sydney' }, ['Postcode 2000 is not in VIC.']],
    [
      { ...us(), country: 'GB' as const, region: '', postalCode: 'SW1A1AA', city: 'London' },
      ['SW1A1AA is not a valid postcode in United Kingdom.'],
    ],
  ])('%j → %j', (address, problems) => {
    expect(addressProblems(address)).toEqual(problems);
  });

  it('accepts well-formed addresses of every country, including ZIP+4 and border regions', () => {
    expect(addressProblems(us({ postalCode: '94043-1351' }))).toEqual([]);
    expect(
      addressProblems(
        normalizeAddress({ line1: '1 Main St', line2: '', city: 'Chester', region: '', postalCode: 'ch1 2hs', country: 'GB' }),
      ),
    ).toEqual([]);
    expect(addressProblems({ line1: '1 Queen St', line2: '', city: 'Auckland', region: '', postalCode: '1010', country: 'NZ' })).toEqual(
      [],
    );
  });
});

describe('layouts', () => {
  it('writes each country its own way', () => {
    expect(formatAddress(us())).toBe('1600 Amphitheatre Pkwy, Mountain View, CA 94043, United States');
    expect(
      formatAddress(
        normalizeAddress({ line1: '290 Bremner Blvd', line2: '', city: 'Toronto', region: 'on', postalCode: 'm5v3l9', country: 'CA' }),
      ),
    ).toBe('290 Bremner Blvd, Toronto ON M5V 3L9, Canada');
    expect(formatAddress({ line1: '1 Queen St', line2: '', city: 'Auckland', region: '', postalCode: '1010', country: 'NZ' })).toBe(
      '1 Queen St, Auckland 1010, New Zealand',
    );
    expect(
      formatAddress(
        normalizeAddress({ line1: '10 Downing St', line2: '', city: 'London', region: '', postalCode: 'sw1a2aa', country: 'GB' }),
      ),
    ).toBe('10 Downing St, London SW1A 2AA, United Kingdom');
  });
});
