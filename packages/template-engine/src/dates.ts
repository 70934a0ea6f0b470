// Date helpers: template data carries instants as epoch milliseconds (or ISO strings); calendar
// fields are computed in the site's time zone with the tz database of @phensley/timezone.
import { TZ } from '@phensley/timezone';

/** Epoch milliseconds of a value, or null when it is not a date. */
export function toInstant(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '') {
    if (/^-?\d+(\.\d+)?$/.test(v.trim())) return Number(v);
    const t = Date.parse(v);
    return Number.isNaN(t) ? null : t;
  }
  return null;
}

/** Calendar fields of an instant in a zone. */
export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
  offsetMinutes: number;
}

/**
 * Year, month (1-12), day, hour (0-23), minute, second, weekday (0 = Sunday) and UTC offset in a
 * zone. The offset comes from the tz database in @phensley/timezone (pure arithmetic, far cheaper
 * than an Intl formatter per call); the fields are the shifted instant's UTC fields.
 */
export function zonedParts(ms: number, timeZone: string): ZonedParts {
  const offset = TZ.fromUTC(timeZone, ms)?.offset ?? 0;
  const d = new Date(ms + offset);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    weekday: d.getUTCDay(),
    offsetMinutes: Math.round(offset / 60000),
  };
}

/** Short name of the zone at an instant ('EDT', 'JST'). */
export function zoneName(ms: number, timeZone: string): string {
  return TZ.fromUTC(timeZone, ms)?.abbr ?? timeZone;
}

/** True when two instants fall on the same calendar day in the zone. */
export function sameDay(a: number, b: number, timeZone: string): boolean {
  const x = zonedParts(a, timeZone);
  const y = zonedParts(b, timeZone);
  return x.year === y.year && x.month === y.month && x.day === y.day;
}
