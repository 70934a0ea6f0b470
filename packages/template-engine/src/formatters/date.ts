// Date and time formatters, measured against the reference engine. `date` takes a strftime
// pattern (documented: "{addedOn|date %A, %B %d}") and writes English names and tz-database zone
// abbreviations; `datetime`, `datetime-interval` and `relative-time` are locale-aware through
// @phensley/cldr; `timesince` words the distance in English; `humanizeDuration` writes minutes and
// seconds. A value that is not a number (or numeric string) is the epoch. Times are shown in the
// site's zone (render option, else website.timeZone, else America/New_York).
import type { Ctx, FormatterFn } from '../context.js';
import type { ZonedParts } from '../dates.js';
import { TZ } from '@phensley/timezone';
import { zonedParts } from '../dates.js';
import { cldrFor } from '../cldr.js';
import { getPath, isObject, toOutput } from '../values.js';
import { formatDateTime, instantOf, zonedDate } from './cldrdate.js';
import type { CalendarType } from '@phensley/cldr';

const names = new Map<string, { days: string[]; shortDays: string[]; months: string[]; shortMonths: string[] }>();

function localeNames(locale: string): { days: string[]; shortDays: string[]; months: string[]; shortMonths: string[] } {
  let n = names.get(locale);
  if (!n) {
    const fmt = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, { ...o, timeZone: 'UTC' });
    const day = fmt({ weekday: 'long' });
    const sday = fmt({ weekday: 'short' });
    const mon = fmt({ month: 'long' });
    const smon = fmt({ month: 'short' });
    // 2023-01-01 was a Sunday.
    const days = [0, 1, 2, 3, 4, 5, 6].map((d) => day.format(Date.UTC(2023, 0, 1 + d)));
    const shortDays = [0, 1, 2, 3, 4, 5, 6].map((d) => sday.format(Date.UTC(2023, 0, 1 + d)));
    const months = Array.from({ length: 12 }, (_, m) => mon.format(Date.UTC(2023, m, 1)));
    const shortMonths = Array.from({ length: 12 }, (_, m) => smon.format(Date.UTC(2023, m, 1)));
    n = { days, shortDays, months, shortMonths };
    names.set(locale, n);
  }
  return n;
}

const pad = (n: number, w = 2, ch = '0'): string => String(n).padStart(w, ch);

function dayOfYear(p: ZonedParts): number {
  return Math.round((Date.UTC(p.year, p.month - 1, p.day) - Date.UTC(p.year, 0, 1)) / 86400000) + 1;
}

function isoWeek(p: ZonedParts): { week: number; year: number } {
  const d = new Date(Date.UTC(p.year, p.month - 1, p.day));
  const dow = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - dow);
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  return { week: Math.ceil(((d.getTime() - yearStart) / 86400000 + 1) / 7), year: d.getUTCFullYear() };
}

/** Formats an instant with a strftime pattern (the YUI Date.format conversions). */
export function strftime(ms: number, pattern: string, timeZone: string): string {
  const p = zonedParts(ms, timeZone);
  const n = localeNames('en-US');
  const h12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  const conv = (ch: string): string => {
    switch (ch) {
      case 'a':
        return n.shortDays[p.weekday] ?? '';
      case 'A':
        return n.days[p.weekday] ?? '';
      case 'b':
      case 'h':
        return n.shortMonths[p.month - 1] ?? '';
      case 'B':
        return n.months[p.month - 1] ?? '';
      case 'c':
        return strftime(ms, `%a, %b %d, %Y ${h12}:%M:%S %p %Z`, timeZone);
      case 'C':
        return pad(Math.floor(p.year / 100));
      case 'd':
        return pad(p.day);
      case 'D':
        return `${pad(p.month)}/${pad(p.day)}/${pad(p.year % 100)}`;
      case 'e':
        return pad(p.day, 2, ' ');
      case 'F':
        return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
      case 'g':
        return pad(isoWeek(p).year % 100);
      case 'G':
        return String(isoWeek(p).year);
      case 'H':
        return pad(p.hour);
      case 'I':
        return pad(h12);
      case 'j':
        return pad(dayOfYear(p), 3);
      case 'k':
        return pad(p.hour, 2, ' ');
      case 'l':
        return pad(h12, 2, ' ');
      case 'm':
        return pad(p.month);
      case 'M':
        return pad(p.minute);
      case 'i':
        return String(h12);
      case 'n':
        return '\n';
      case 'N':
        return pad((((ms % 1000) + 1000) % 1000) * 1e6, 9);
      case 'q':
        return String(Math.floor((p.month - 1) / 3) + 1);
      case 'v':
        return `${pad(p.day, 2, ' ')}-${n.shortMonths[p.month - 1] ?? ''}-${p.year}`;
      case 'p':
        return p.hour < 12 ? 'AM' : 'PM';
      case 'P':
        return p.hour < 12 ? 'am' : 'pm';
      case 'r':
        return `${h12}:${pad(p.minute)}:${pad(p.second)} ${p.hour < 12 ? 'AM' : 'PM'}`;
      case 'R':
        return `${pad(p.hour)}:${pad(p.minute)}`;
      case 's':
        return String(Math.floor(ms / 1000));
      case 'S':
        return pad(p.second);
      case 't':
        return '\t';
      case 'T':
        return `${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
      case 'u':
        return String(p.weekday === 0 ? 7 : p.weekday);
      case 'U':
        return pad(Math.floor((dayOfYear(p) + 6 - p.weekday) / 7));
      case 'V':
        return pad(isoWeek(p).week);
      case 'w':
        return String(p.weekday);
      case 'W':
        return pad(Math.floor((dayOfYear(p) + 6 - ((p.weekday + 6) % 7)) / 7));
      case 'x':
        return `${pad(p.month)}/${pad(p.day)}/${p.year}`;
      case 'X':
        return `${pad(h12)}:${pad(p.minute)}:${pad(p.second)} ${p.hour < 12 ? 'AM' : 'PM'}`;
      case 'y':
        return pad(p.year % 100);
      case 'Y':
        return String(p.year);
      case 'z': {
        const o = Math.abs(p.offsetMinutes);
        return `${p.offsetMinutes < 0 ? '-' : '+'}${pad(Math.floor(o / 60))}:${pad(o % 60)}`;
      }
      case 'Z':
        return TZ.fromUTC(timeZone, ms)?.abbr ?? '';
      case '%':
        return '%';
      default:
        return '';
    }
  };
  // Any other character after % is dropped with it (%-d prints 'd'), as the reference does.
  return pattern.replace(/%([\s\S])/g, (_m, ch: string) => conv(ch));
}

/** Distance from an instant to now in English words, as the reference's timesince writes it. */
export function timeSince(ms: number, now: number): string {
  const secs = Math.floor((now - ms) / 1000);
  if (secs < 59) return 'less than a minute ago';
  const minutes = Math.floor(secs / 60);
  if (minutes < 2) return 'about a minute ago';
  if (minutes < 60) return `about ${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 2) return 'about an hour ago';
  if (hours < 24) return `about ${hours} hours ago`;
  const days = Math.floor(hours / 24);
  if (days < 2) return 'about a day ago';
  if (days < 7) return `about ${days} days ago`;
  if (days < 30) {
    const weeks = Math.floor(days / 7);
    return weeks < 2 ? 'about a week ago' : `about ${weeks} weeks ago`;
  }
  if (days < 365) {
    const months = Math.floor(days / 30);
    return months < 2 ? 'about a month ago' : `about ${months} months ago`;
  }
  const years = Math.floor(days / 365);
  return years < 2 ? 'about a year ago' : `about ${years} years ago`;
}

function compactUtc(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** A number or numeric string as an instant; null otherwise. */
function strictInstant(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
}

/** Two instants as a range in the locale ('' unless both are numbers). */
export function formatInterval(c: Ctx, start: unknown, end: unknown, args: readonly string[]): string {
  const s = strictInstant(start);
  const e = strictInstant(end);
  if (s === null || e === null) return '';
  try {
    return cldrFor(c.env.locale).Calendars.formatDateInterval(zonedDate(c, s), zonedDate(c, e), intervalOptions(args));
  } catch {
    return '';
  }
}

const INTERVAL_KEYS = new Set(['skeleton', 'date', 'time']);

/** Interval options; always the Gregorian calendar (the reference ignores `calendar:` here). */
function intervalOptions(args: readonly string[]): { skeleton?: string; date?: string; time?: string; ca: CalendarType } {
  const o: { skeleton?: string; date?: string; time?: string; ca: CalendarType } = { ca: 'gregory' };
  for (const a of args) {
    const i = a.indexOf(':');
    if (i < 0) o.skeleton = a;
    else if (INTERVAL_KEYS.has(a.slice(0, i))) o[a.slice(0, i) as 'skeleton'] = a.slice(i + 1);
  }
  return o;
}

const REL_BOOL = new Set(['numericOnly', 'alwaysNow', 'dayOfWeek', 'allowWeeks']);
const REL_STRING = new Set(['field', 'width', 'context']);

function relativeOptions(args: readonly string[]): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const a of args) {
    const i = a.indexOf(':');
    if (i < 0) continue;
    const k = a.slice(0, i);
    const v = a.slice(i + 1);
    if (REL_BOOL.has(k)) o[k] = v === 'true';
    else if (REL_STRING.has(k)) o[k] = v;
  }
  return o;
}

/** Formatters the reference leaves inert: scalars as written, objects empty. */
const inert: FormatterFn = (v) => (isObject(v) ? '' : v);

const strftimeMemo = new Map<string, string>();

export const dateFormatters: Record<string, FormatterFn> = {
  /** strftime-style pattern in the site zone: `{addedOn|date %A, %B %d}`; no pattern renders nothing. */
  date: (v, call, c) => {
    if (call.raw.trim() === '') return '';
    const ms = v === undefined || v === null ? 0 : strictInstant(v);
    if (ms === null) return '';
    // Lists repeat a pattern over many dates: memoise per zone, pattern and instant.
    const key = `${c.env.timeZone}\u0000${call.raw}\u0000${ms}`;
    let out = strftimeMemo.get(key);
    if (out === undefined) {
      out = strftime(ms, call.raw, c.env.timeZone);
      if (strftimeMemo.size >= 2000) strftimeMemo.clear();
      strftimeMemo.set(key, out);
    }
    return out;
  },
  /** Locale date/time: `{t|datetime date:long time:short}`, `{t|datetime short}`, `{t|datetime yMMMd}`; default long date. */
  datetime: (v, call, c) => formatDateTime(c, instantOf(v), call.args),
  datetimefield: inert,
  /**
   * Two instants as a range in the locale, sharing what they share ('Mar 15 – 18, 2024'):
   * `{start,end|datetime-interval}`, optionally with a skeleton.
   */
  'datetime-interval': (v, call, c) => {
    const values = c.multi;
    return formatInterval(c, values ? values[0] : v, values ? values[1] : undefined, call.args);
  },
  /** Distance to now in a span carrying the instant: '<span class="timesince" data-date="…">about 3 days ago</span>'. */
  timesince: (v, _call, c) => {
    const ms = instantOf(v);
    return `<span class="timesince" data-date="${ms}">${timeSince(ms, c.env.now)}</span>`;
  },
  /** Relative time in the locale: '2 hours ago', 'yesterday', 'il y a 3 jours'. */
  'relative-time': (v, call, c) => {
    const cldr = cldrFor(c.env.locale);
    try {
      return cldr.Calendars.formatRelativeTime(zonedDate(c, c.env.now), zonedDate(c, instantOf(v)), relativeOptions(call.args));
    } catch {
      return '';
    }
  },
  /** A duration in milliseconds as minutes and seconds: 3725000 → '62:05'. */
  humanizeDuration: (v) => {
    const ms = strictInstant(v) ?? 0;
    const m = Math.trunc(ms / 60000);
    const s = Math.trunc((ms % 60000) / 1000);
    return `${m}:${s >= 0 && s < 10 ? `0${s}` : s}`;
  },
  /** Google Calendar "add event" link: title, UTC dates in compact form, location. */
  'google-calendar-url': (v) => {
    const start = strictInstant(getPath(v, ['startDate'])) ?? 0;
    const end = strictInstant(getPath(v, ['endDate'])) ?? 0;
    const loc = getPath(v, ['location']);
    const where = ['addressLine1', 'addressLine2', 'addressCountry']
      .map((k) => toOutput(getPath(loc, [k])).trim())
      .filter((s) => s !== '')
      .join(', ');
    let url = `http://www.google.com/calendar/event?action=TEMPLATE&text=${encodeURIComponent(toOutput(getPath(v, ['title'])))}&dates=${compactUtc(start)}/${compactUtc(end)}`;
    if (where !== '') url += `&location=${encodeURIComponent(where)}`;
    return url;
  },
};
