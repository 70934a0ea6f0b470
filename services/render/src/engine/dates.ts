// Date helpers: template data carries instants as epoch milliseconds (or ISO strings); calendar
// fields are computed in the site's time zone with Intl, so no zone data is shipped.

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

const partFormats = new Map<string, Intl.DateTimeFormat>();
const zoneNameFormats = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** Year, month (1-12), day, hour (0-23), minute, second, weekday (0 = Sunday) and UTC offset in a zone. */
export function zonedParts(ms: number, timeZone: string): ZonedParts {
  let f = partFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric',
      hour: 'numeric', minute: 'numeric', second: 'numeric', weekday: 'short',
    });
    partFormats.set(timeZone, f);
  }
  const p: Record<string, string> = {};
  for (const part of f.formatToParts(ms)) p[part.type] = part.value;
  const year = Number(p.year);
  const month = Number(p.month);
  const day = Number(p.day);
  const hour = Number(p.hour);
  const minute = Number(p.minute);
  const second = Number(p.second);
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const offsetMinutes = Math.round((asUtc - (ms - (ms % 1000 + 1000) % 1000)) / 60000);
  return { year, month, day, hour, minute, second, weekday: WEEKDAYS[p.weekday ?? ''] ?? 0, offsetMinutes };
}

/** Short name of the zone at an instant ('EDT', 'GMT+1'). */
export function zoneName(ms: number, timeZone: string): string {
  let z = zoneNameFormats.get(timeZone);
  if (!z) {
    z = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' });
    zoneNameFormats.set(timeZone, z);
  }
  return z.formatToParts(ms).find((x) => x.type === 'timeZoneName')?.value ?? timeZone;
}

/** True when two instants fall on the same calendar day in the zone. */
export function sameDay(a: number, b: number, timeZone: string): boolean {
  const x = zonedParts(a, timeZone);
  const y = zonedParts(b, timeZone);
  return x.year === y.year && x.month === y.month && x.day === y.day;
}
