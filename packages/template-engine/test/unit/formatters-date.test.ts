import { describe, expect, it } from '@jest/globals';
import { out } from './helpers.js';

describe('date', () => {
  it('pads %e and %k/%l with a space, as the YUI format the documentation names says (" 1" to "31")', () => {
    // 2024-12-03T21:04Z: 16:04 EST on December 3.
    const dec3 = Date.UTC(2024, 11, 3, 21, 4);
    expect(out('{d|date %b %e}|{d|date %e}|{d|date %d}', { d: dec3 })).toBe('Dec  3| 3|03');
    expect(out('{d|date %l:%M %p}|{d|date %k}|{d|date %I}', { d: dec3 })).toBe(' 4:04 PM|16|04');
  });
});
