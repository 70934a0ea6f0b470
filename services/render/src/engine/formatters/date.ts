// Date and time formatters. `date` takes a YUI/strftime pattern (documented: "{addedOn|date %A,
// %B %d}"); `datetime`, `datetimefield` and `datetime-interval` are locale-aware through Intl;
// `timesince`/`relative-time` and `humanizeDuration` use the SPEC 9 relative units. Times are
// shown in the site's zone (render option, else website.timeZone, else America/New_York).
import type { Ctx } from '../context.js';
import type { Call, FormatterFn } from '../types.js';
import type { ZonedParts } from '../dates.js';
import { toInstant, zoneName, zonedParts } from '../dates.js';
import { MSG_INVALID_DATE } from '../errors.js';
import { getPath, isObject, toOutput } from '../values.js';
import { options } from './util.js';

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
export function strftime(ms: number, pattern: string, timeZone: string, locale: string): string {
  const p = zonedParts(ms, timeZone);
  const n = localeNames(locale);
  const h12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  const conv = (ch: string): string | null => {
    switch (ch) {
      case 'a': return n.shortDays[p.weekday] ?? '';
      case 'A': return n.days[p.weekday] ?? '';
      case 'b': case 'h': return n.shortMonths[p.month - 1] ?? '';
      case 'B': return n.months[p.month - 1] ?? '';
      case 'c': return strftime(ms, '%a %d %b %Y %T %Z', timeZone, locale);
      case 'C': return pad(Math.floor(p.year / 100));
      case 'd': return pad(p.day);
      case 'D': return `${pad(p.month)}/${pad(p.day)}/${pad(p.year % 100)}`;
      case 'e': return pad(p.day, 2, ' ');
      case 'F': return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
      case 'g': return pad(isoWeek(p).year % 100);
      case 'G': return String(isoWeek(p).year);
      case 'H': return pad(p.hour);
      case 'I': return pad(h12);
      case 'j': return pad(dayOfYear(p), 3);
      case 'k': return pad(p.hour, 2, ' ');
      case 'l': return pad(h12, 2, ' ');
      case 'm': return pad(p.month);
      case 'M': return pad(p.minute);
      case 'n': return '\n';
      case 'p': return p.hour < 12 ? 'AM' : 'PM';
      case 'P': return p.hour < 12 ? 'am' : 'pm';
      case 'r': return `${pad(h12)}:${pad(p.minute)}:${pad(p.second)} ${p.hour < 12 ? 'AM' : 'PM'}`;
      case 'R': return `${pad(p.hour)}:${pad(p.minute)}`;
      case 's': return String(Math.floor(ms / 1000));
      case 'S': return pad(p.second);
      case 't': return '\t';
      case 'T': return `${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
      case 'u': return String(p.weekday === 0 ? 7 : p.weekday);
      case 'U': return pad(Math.floor((dayOfYear(p) + 6 - p.weekday) / 7));
      case 'V': return pad(isoWeek(p).week);
      case 'w': return String(p.weekday);
      case 'W': return pad(Math.floor((dayOfYear(p) + 6 - ((p.weekday + 6) % 7)) / 7));
      case 'x': return `${pad(p.month)}/${pad(p.day)}/${pad(p.year % 100)}`;
      case 'X': return `${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
      case 'y': return pad(p.year % 100);
      case 'Y': return String(p.year);
      case 'z': {
        const o = Math.abs(p.offsetMinutes);
        return `${p.offsetMinutes < 0 ? '-' : '+'}${pad(Math.floor(o / 60))}${pad(o % 60)}`;
      }
      case 'Z': return zoneName(ms, timeZone);
      case '%': return '%';
      default: return null;
    }
  };
  return pattern.replace(/%([A-Za-z%])/g, (m, ch: string) => conv(ch) ?? m);
}

/** Instant of a formatter's input; undefined when absent, null when not a date. */
function instantOf(v: unknown): number | null | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  return toInstant(v);
}

const dtfCache = new Map<string, Intl.DateTimeFormat>();
function dtf(locale: string, opts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(opts)}`;
  let f = dtfCache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, opts);
    if (dtfCache.size > 500) dtfCache.clear();
    dtfCache.set(key, f);
  }
  return f;
}

const STYLES = new Set(['short', 'medium', 'long', 'full']);
const FIELD_OPTIONS = new Set(['weekday', 'era', 'year', 'month', 'day', 'hour', 'minute', 'second', 'timeZoneName', 'dayPeriod']);

/** Intl options from `date:long time:short` (or a bare style meaning the date style) or field options. */
function dateTimeOptions(call: Call, timeZone: string): Intl.DateTimeFormatOptions {
  const o = options(call);
  const opts: Intl.DateTimeFormatOptions = { timeZone };
  let any = false;
  for (const [k, v] of o) {
    if (v === 'true' && STYLES.has(k)) {
      opts.dateStyle = k as Intl.DateTimeFormatOptions['dateStyle'];
      any = true;
    } else if (k === 'date' && STYLES.has(v)) {
      opts.dateStyle = v as Intl.DateTimeFormatOptions['dateStyle'];
      any = true;
    } else if (k === 'time' && STYLES.has(v)) {
      opts.timeStyle = v as Intl.DateTimeFormatOptions['timeStyle'];
      any = true;
    } else if (FIELD_OPTIONS.has(k)) {
      (opts as Record<string, string>)[k] = v;
      any = true;
    } else if (k === 'hour12') {
      opts.hour12 = v !== 'false';
    }
  }
  if (!any) opts.dateStyle = 'long';
  return opts;
}

/** SPEC 9 relative units, largest first (a month is 30 days). */
const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86400000],
  ['month', 30 * 86400000],
  ['week', 7 * 86400000],
  ['day', 86400000],
  ['hour', 3600000],
  ['minute', 60000],
];

/** 'N units ago' / 'in N units'; under a minute 'less than a minute ago' (SPEC 9). */
export function relativeTime(ms: number, now: number, locale: string): string {
  const diff = now - ms;
  const abs = Math.abs(diff);
  if (abs < 60000) return diff >= 0 ? 'less than a minute ago' : 'in less than a minute';
  for (const [unit, size] of UNITS) {
    if (abs >= size) {
      const count = Math.floor(abs / size);
      return new Intl.RelativeTimeFormat(locale, { numeric: 'always' }).format(diff >= 0 ? -count : count, unit);
    }
  }
  return '';
}

function compactUtc(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

function rangeOf(v: unknown, call: Call, c: Ctx): [unknown, unknown] {
  if (Array.isArray(v)) return [v[0], v[1]];
  if (isObject(v) && call.args.every((a) => /[:=]/.test(a))) {
    return [v.start ?? v.startDate, v.end ?? v.endDate];
  }
  const endArg = call.args.find((a) => !/[:=]/.test(a));
  return [v, endArg === undefined ? undefined : c.lookup(endArg)];
}

export const dateFormatters: Record<string, FormatterFn> = {
  /** strftime-style pattern in the site zone: `{addedOn|date %A, %B %d}`; default '%Y-%m-%d'. */
  date: (v, call, c) => {
    const ms = instantOf(v);
    if (ms === undefined) return '';
    if (ms === null) return MSG_INVALID_DATE;
    return strftime(ms, call.raw.trim() === '' ? '%Y-%m-%d' : call.raw, c.env.timeZone, c.env.locale);
  },
  /** Locale date/time: `{t|datetime date:long time:short}`, `{t|datetime full}`; default long date. */
  datetime: (v, call, c) => {
    const ms = instantOf(v);
    if (ms === undefined) return '';
    if (ms === null) return MSG_INVALID_DATE;
    return dtf(c.env.locale, dateTimeOptions(call, c.env.timeZone)).format(ms);
  },
  /** Chosen fields in the locale: `{t|datetimefield month:long day:numeric}`. */
  datetimefield: (v, call, c) => {
    const ms = instantOf(v);
    if (ms === undefined) return '';
    if (ms === null) return MSG_INVALID_DATE;
    return dtf(c.env.locale, dateTimeOptions(call, c.env.timeZone)).format(ms);
  },
  /**
   * A range of two dates in the locale, sharing what they share ('January 1 – 3, 2024'). Input: an
   * array [start, end], an object with start/end (or startDate/endDate), or the start with the
   * end named by an argument.
   */
  'datetime-interval': (v, call, c) => {
    const [a, b] = rangeOf(v, call, c);
    const s = instantOf(a);
    const e = instantOf(b);
    if (s === undefined || e === undefined) return '';
    if (s === null || e === null || e < s) return MSG_INVALID_DATE;
    return dtf(c.env.locale, dateTimeOptions({ ...call, args: call.args.filter((x) => /[:=]/.test(x) || STYLES.has(x)) }, c.env.timeZone)).formatRange(s, e);
  },
  /** Relative time in a span carrying the instant: '<span class="timesince" data-date="…">3 days ago</span>'. */
  timesince: (v, _call, c) => {
    const ms = instantOf(v);
    if (ms === undefined) return '';
    if (ms === null) return MSG_INVALID_DATE;
    return `<span class="timesince" data-date="${ms}">${relativeTime(ms, c.env.now, c.env.locale)}</span>`;
  },
  /** Relative time as text: '3 days ago', 'less than a minute ago'. */
  'relative-time': (v, _call, c) => {
    const ms = instantOf(v);
    if (ms === undefined) return '';
    if (ms === null) return MSG_INVALID_DATE;
    return relativeTime(ms, c.env.now, c.env.locale);
  },
  /** A duration in milliseconds in its largest whole unit: '3 days', '1 hour', '45 seconds'. */
  humanizeDuration: (v, _call, c) => {
    const ms = instantOf(v);
    if (ms === undefined) return '';
    if (ms === null) return MSG_INVALID_DATE;
    const abs = Math.abs(ms);
    const unitList: readonly [string, number][] = [...UNITS, ['second', 1000]];
    const [unit, size] = unitList.find(([, s]) => abs >= s) ?? ['second', 1000];
    return new Intl.NumberFormat(c.env.locale, { style: 'unit', unit, unitDisplay: 'long', maximumFractionDigits: 0 }).format(Math.floor(abs / size));
  },
  /** Google Calendar "add event" link: title, UTC dates in compact form, location (SPEC 7). */
  'google-calendar-url': (v) => {
    const start = toInstant(getPath(v, ['startDate']));
    const end = toInstant(getPath(v, ['endDate'])) ?? start;
    if (start === null || end === null) return '';
    const loc = getPath(v, ['location']);
    const where = ['addressLine1', 'addressLine2', 'addressCountry']
      .map((k) => toOutput(getPath(loc, [k])).trim())
      .filter((s) => s !== '')
      .join(', ');
    let url = `https://www.google.com/calendar/event?action=TEMPLATE&text=${encodeURIComponent(toOutput(getPath(v, ['title'])))}&dates=${compactUtc(start)}/${compactUtc(end)}`;
    if (where !== '') url += `&location=${encodeURIComponent(where)}`;
    return url;
  },
};
