// Locale-aware dates through @phensley/cldr: an instant is placed in the site's zone and
// formatted with CLDR widths or a skeleton, as written in the formatter's arguments
// (`{d|datetime date:long time:short}`, `{d|datetime short}`, `{d|datetime yMMMd}`).
import type { CalendarDate, CalendarType, DateFormatOptions } from '@phensley/cldr';
import type { Ctx } from '../context.js';
import { cldrFor } from '../cldr.js';

const WIDTHS = new Set(['short', 'medium', 'long', 'full']);
/** Calendars a `calendar:` word may name; without one the reference writes Gregorian dates whatever the locale's own calendar (th, ja-u-ca-japanese). */
export const CALENDARS = new Set<string>(['buddhist', 'gregory', 'iso8601', 'japanese', 'persian']);
type Width = 'short' | 'medium' | 'long' | 'full';

/** Epoch milliseconds of a value: a number or a numeric string; anything else is the epoch. */
export function instantOf(v: unknown): number {
  if (typeof v === 'number') return Number.isFinite(v) ? v : 0;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v);
    return Number.isFinite(n) ? n : 0;
  }
  return 0;
}

/** The instant as a calendar date in the render's zone. */
export function zonedDate(c: Ctx, ms: number): CalendarDate {
  return cldrFor(c.env.locale).Calendars.toGregorianDate({ date: ms, zoneId: c.env.timeZone });
}

const optionCache = new Map<string, DateFormatOptions>();

/** Date format options from the formatter's words; none means the long date. */
export function dateOptions(args: readonly string[]): DateFormatOptions {
  const key = args.join('\u0000');
  let o = optionCache.get(key);
  if (o) return o;
  o = { ca: 'gregory' };
  let skeleton = '';
  for (const a of args) {
    const i = a.indexOf(':');
    const k = i < 0 ? '' : a.slice(0, i);
    const v = i < 0 ? a : a.slice(i + 1);
    if (k === '') {
      if (WIDTHS.has(v)) o.datetime = v as Width;
      else skeleton += v;
    } else if (k === 'date' || k === 'time' || k === 'datetime' || k === 'wrap') {
      if (WIDTHS.has(v)) o[k] = v as Width;
      else if (k !== 'wrap') skeleton += v;
    } else if (k === 'skeleton') skeleton += v;
    else if (k === 'calendar' && CALENDARS.has(v)) o.ca = v as CalendarType;
  }
  if (skeleton !== '') o.skeleton = skeleton;
  if (o.date === undefined && o.time === undefined && o.datetime === undefined && o.skeleton === undefined) o.date = 'long';
  if (optionCache.size < 1000) optionCache.set(key, o);
  return o;
}

/** Formats an instant with CLDR options in the render's locale and zone. */
export function formatDateTime(c: Ctx, ms: number, args: readonly string[]): string {
  return cldrFor(c.env.locale).Calendars.formatDate(zonedDate(c, ms), dateOptions(args));
}
