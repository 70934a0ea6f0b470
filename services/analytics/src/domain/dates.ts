// UTC buckets: every rollup is keyed by the UTC hour or the UTC day of the server's receipt time
// (or of the event's occurredAt for bus events), so replicas in any time zone agree.
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The start of the UTC hour of `ms`, as epoch milliseconds. */
export const hourStart = (ms: number): number => Math.floor(ms / HOUR_MS) * HOUR_MS;

/** The UTC day of `ms` as 'YYYY-MM-DD'. */
export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Epoch milliseconds of the start of a 'YYYY-MM-DD' day. */
export const dayStart = (day: string): number => Date.parse(`${day}T00:00:00Z`);

/** Every day from `from` to `to` inclusive. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let ms = dayStart(from); ms <= dayStart(to); ms += DAY_MS) out.push(dayOf(ms));
  return out;
}

/** Every hour start from the start of `from` to the end of `to`, as ISO strings. */
export function hoursBetween(from: string, to: string): string[] {
  const out: string[] = [];
  const end = dayStart(to) + DAY_MS;
  for (let ms = dayStart(from); ms < end; ms += HOUR_MS) out.push(new Date(ms).toISOString());
  return out;
}

export type RangeResult =
  { ok: true; from: string; to: string; days: number } | { ok: false; reason: 'reversed' | 'too-long' | 'hourly-too-long' };

/** The report range: defaults to the `defaultDays` days ending today; bounded in length. */
export function resolveRange(
  query: { from?: string | undefined; to?: string | undefined; interval: 'day' | 'hour' },
  now: number,
  limits: { defaultDays: number; maxDays: number; maxHourlyDays: number },
): RangeResult {
  const to = query.to ?? dayOf(now);
  const from = query.from ?? dayOf(dayStart(to) - (limits.defaultDays - 1) * DAY_MS);
  if (dayStart(from) > dayStart(to)) return { ok: false, reason: 'reversed' };
  const days = Math.round((dayStart(to) - dayStart(from)) / DAY_MS) + 1;
  if (days > limits.maxDays) return { ok: false, reason: 'too-long' };
  if (query.interval === 'hour' && days > limits.maxHourlyDays) return { ok: false, reason: 'hourly-too-long' };
  return { ok: true, from, to, days };
}
