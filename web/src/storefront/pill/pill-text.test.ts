// SPEC 2 cart pill wording and SPEC 9 '100+'.
import { describe, expect, it } from '@jest/globals';
import { pillText, pillVisible } from './pill-text.js';

describe('cart pill', () => {
  it('counts items, switching to 100+ above 100', () => {
    expect(pillText(1)).toEqual({ count: '1', noun: 'item', label: 'One item in cart' });
    expect(pillText(2)).toEqual({ count: '2', noun: 'items', label: '2 items in cart' });
    expect(pillText(100)).toEqual({ count: '100', noun: 'items', label: '100 items in cart' });
    expect(pillText(101)).toEqual({ count: '100+', noun: 'items', label: 'More than 100 items in cart' });
  });

  it('shows only for a loaded cart with something in it', () => {
    expect(pillVisible(true, 0)).toBe(false);
    expect(pillVisible(false, 3)).toBe(false);
    expect(pillVisible(true, 3)).toBe(true);
  });
});
