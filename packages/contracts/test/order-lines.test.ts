// The wording of an order line's details, shared by the confirmation, the order page, the mails,
// the admin and the CSV.
import { describe, expect, it } from '@jest/globals';
import { answersOf, lineDetails, lineTitle } from '../src/order-lines.js';

describe('order line details', () => {
  it('names the options in order, then the answers', () => {
    expect(
      lineDetails({ options: { Colour: 'Olive', Size: 'Large' }, additionalFields: '{"initials":"MKE","font":"Serif","note":""}' }),
    ).toBe('Colour: Olive, Size: Large, MKE, Serif');
    expect(lineTitle({ productName: 'Linen Apron', options: { Size: 'M' }, additionalFields: null })).toBe('Linen Apron (Size: M)');
  });

  it('is the bare name without options or answers (older orders have no options)', () => {
    expect(lineTitle({ productName: 'Bowl', additionalFields: null })).toBe('Bowl');
    expect(lineTitle({ productName: 'Bowl', options: {}, additionalFields: '' })).toBe('Bowl');
  });

  it('shows an unnamed option by its value, answers that are not JSON as written, and at most 200 characters of answers', () => {
    expect(lineDetails({ options: { '': 'Blue' }, additionalFields: 'plain text' })).toBe('Blue, plain text');
    expect(answersOf(JSON.stringify({ a: 'x'.repeat(300) }))).toHaveLength(200);
    expect(answersOf('{"n": 3, "o": {"nested": true}}')).toBe('3');
  });
});
