import { describe, expect, it } from '@jest/globals';
import { MSG_INVALID_DATE } from '../../src/engine/errors.js';
import { NOW, out } from './helpers.js';

// 2024-03-10T17:05:09Z: 13:05:09 EDT in the default zone (America/New_York).
const t = Date.UTC(2024, 2, 10, 17, 5, 9);

describe('date', () => {
  it('formats with strftime conversions in the site zone', () => {
    expect(out('{t|date %A, %B %d}', { t })).toBe('Sunday, March 10');
    expect(out('{t|date %Y-%m-%d %H:%M:%S %Z %z}', { t })).toBe('2024-03-10 13:05:09 EDT -0400');
    expect(out('{t|date %I:%M %p %j %a %b %e %y}', { t })).toBe('01:05 PM 070 Sun Mar 10 24');
    expect(out('{t|date %D %F %T %R %r %u %w %U %W %V %G %g %C %P %x %X %% %h}', { t })).toBe(
      '03/10/24 2024-03-10 13:05:09 13:05 01:05:09 PM 7 0 10 10 10 2024 24 20 pm 03/10/24 13:05:09 % Mar',
    );
    expect(out('{t|date %c}', { t })).toBe('Sun 10 Mar 2024 13:05:09 EDT');
  });

  it('pads %e and %k/%l with a space, as the YUI format the documentation names says (" 1" to "31")', () => {
    // 2024-12-03T21:04Z: 16:04 EST on December 3.
    const dec3 = Date.UTC(2024, 11, 3, 21, 4);
    expect(out('{d|date %b %e}|{d|date %e}|{d|date %d}', { d: dec3 })).toBe('Dec  3| 3|03');
    expect(out('{d|date %l:%M %p}|{d|date %k}|{d|date %I}', { d: dec3 })).toBe(' 4:04 PM|16|04');
  });

  it('defaults to %Y-%m-%d and takes the zone from the options or the website', () => {
    expect(out('{t|date}', { t })).toBe('2024-03-10');
    expect(out('{t|date %H:%M}', { t }, { timezone: 'Europe/Paris' })).toBe('18:05');
    expect(out('{t|date %H:%M}', { t, website: { timeZone: 'Asia/Tokyo' } })).toBe('02:05');
  });

  it('accepts ISO strings; prints "Invalid date." for non-dates and nothing for missing values', () => {
    expect(out('{s|date %Y}', { s: '2021-06-01T00:00:00Z' })).toBe('2021');
    expect(out('{s|date %Y}|{missing|date %Y}', { s: 'nope' })).toBe(`${MSG_INVALID_DATE}|`);
  });
});

describe('locale date formatters', () => {
  it('datetime uses date and time styles', () => {
    expect(out('{t|datetime}|{t|datetime date:short}|{t|datetime full}', { t })).toBe('March 10, 2024|3/10/24|Sunday, March 10, 2024');
    expect(out('{t|datetime date:medium time:short}', { t }).replace(/\u202f/g, ' ')).toBe('Mar 10, 2024, 1:05 PM');
    expect(out('{t|datetime date:long}', { t }, { locale: 'fr-FR' })).toBe('10 mars 2024');
  });

  it('datetimefield formats chosen fields', () => {
    expect(out('{t|datetimefield month:long day:numeric}|{t|datetimefield weekday:short}', { t })).toBe('March 10|Sun');
  });

  it('datetime-interval formats a range', () => {
    expect(out('{r|datetime-interval}|{s|datetime-interval e}', { r: { start: t, end: t + 2 * 86400000 }, s: t, e: t + 86400000 * 40 })).toBe(
      'March 10\u2009–\u200912, 2024|March 10\u2009–\u2009April 19, 2024',
    );
    expect(out('{r|datetime-interval}', { r: [t + 1, t] })).toBe(MSG_INVALID_DATE);
  });
});

describe('relative time formatters', () => {
  it('relative-time uses year, month, week, day, hour and minute; under a minute is special', () => {
    const data = { a: NOW - 30000, b: NOW - 3 * 86400000, c: NOW - 400 * 86400000, d: NOW - 5 * 3600000, e: NOW - 45 * 86400000, f: NOW + 120000, g: NOW - 14 * 86400000, h: NOW - 60000 };
    expect(out('{a|relative-time}|{b|relative-time}|{c|relative-time}|{d|relative-time}|{e|relative-time}|{f|relative-time}|{g|relative-time}|{h|relative-time}', data)).toBe(
      'less than a minute ago|3 days ago|1 year ago|5 hours ago|1 month ago|in 2 minutes|2 weeks ago|1 minute ago',
    );
  });

  it('timesince wraps the relative time in a span', () => {
    expect(out('{a|timesince}', { a: NOW - 2 * 3600000 })).toBe(`<span class="timesince" data-date="${NOW - 2 * 3600000}">2 hours ago</span>`);
  });

  it('humanizeDuration shows the largest whole unit', () => {
    expect(out('{a|humanizeDuration}|{b|humanizeDuration}|{c|humanizeDuration}|{d|humanizeDuration}', { a: 45000, b: 3 * 3600000, c: 86400000, d: 500 })).toBe(
      '45 seconds|3 hours|1 day|0 seconds',
    );
  });
});

describe('google-calendar-url', () => {
  it('builds an add-event link with title, compact UTC dates and location', () => {
    const e = { title: 'Party & Fun', startDate: t, endDate: t + 3600000, location: { addressLine1: '1 Main St', addressLine2: 'NYC', addressCountry: 'US' } };
    expect(out('{e|google-calendar-url}', { e })).toBe(
      'https://www.google.com/calendar/event?action=TEMPLATE&text=Party%20%26%20Fun&dates=20240310T170509Z/20240310T180509Z&location=1%20Main%20St%2C%20NYC%2C%20US',
    );
    expect(out('{e|google-calendar-url}', { e: { title: 'X', startDate: t } })).toBe(
      'https://www.google.com/calendar/event?action=TEMPLATE&text=X&dates=20240310T170509Z/20240310T170509Z',
    );
  });
});
