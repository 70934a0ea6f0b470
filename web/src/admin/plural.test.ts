import { describe, expect, it } from '@jest/globals';
import { counted, nounFor } from './plural.js';

describe('counted', () => {
  it('says 1 visit, 0 visits, 2 visits and groups thousands', () => {
    expect([
      counted(1, 'visit', 'visits'),
      counted(0, 'visit', 'visits'),
      counted(2, 'visit', 'visits'),
      counted(1204, 'page view', 'page views'),
    ]).toEqual(['1 visit', '0 visits', '2 visits', '1,204 page views']);
    expect([nounFor(1, 'visitor', 'visitors'), nounFor(5, 'visitor', 'visitors')]).toEqual(['visitor', 'visitors']);
  });
});
