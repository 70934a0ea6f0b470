// Per-website analytics settings: the owner's (opt-out, session replay toggle and experiment) and
// those mirrored from content's site settings (country, time zone, cookie policy). Ingestion reads
// them on every call, so they are cached in this process for a few seconds; a change made through
// another replica is seen within that time.
import { DEFAULT_SITE_SETTINGS, type AnalyticsSettings, type UpdateAnalyticsSettingsBody } from '@sc/contracts';
import type { Kysely, Transaction } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { AnalyticsDB } from '../tables.js';

type Db = Kysely<AnalyticsDB> | Transaction<AnalyticsDB>;

export const DEFAULT_ANALYTICS_SETTINGS: AnalyticsSettings = Object.freeze({
  trackingEnabled: true,
  sessionReplay: { enabled: false, experiment: false },
  country: DEFAULT_SITE_SETTINGS.country,
  timeZone: DEFAULT_SITE_SETTINGS.timeZone,
  restrictiveCookiePolicy: DEFAULT_SITE_SETTINGS.cookieSettings.restrictivePolicy,
});

export async function readSettings(db: Db, websiteId: string): Promise<AnalyticsSettings> {
  const row = await db.selectFrom('settings').selectAll().where('website_id', '=', websiteId).executeTakeFirst();
  if (!row) return DEFAULT_ANALYTICS_SETTINGS;
  return {
    trackingEnabled: row.tracking_enabled,
    sessionReplay: { enabled: row.replay_enabled, experiment: row.replay_experiment },
    country: row.country ?? DEFAULT_ANALYTICS_SETTINGS.country,
    timeZone: row.time_zone ?? DEFAULT_ANALYTICS_SETTINGS.timeZone,
    restrictiveCookiePolicy: row.restrictive_cookie_policy,
  };
}

/** Applies the owner's change. */
export async function updateOwnerSettings(db: Db, websiteId: string, patch: UpdateAnalyticsSettingsBody): Promise<void> {
  const values = {
    ...(patch.trackingEnabled === undefined ? {} : { tracking_enabled: patch.trackingEnabled }),
    ...(patch.sessionReplay?.enabled === undefined ? {} : { replay_enabled: patch.sessionReplay.enabled }),
    ...(patch.sessionReplay?.experiment === undefined ? {} : { replay_experiment: patch.sessionReplay.experiment }),
  };
  await upsert(db, websiteId, values);
}

/** Applies what content's site settings say (only the fields it sent). */
export async function mirrorSiteSettings(
  db: Db,
  websiteId: string,
  site: { country?: string | undefined; timeZone?: string | undefined; restrictiveCookiePolicy?: boolean | undefined },
): Promise<void> {
  await upsert(db, websiteId, {
    ...(site.country === undefined ? {} : { country: site.country }),
    ...(site.timeZone === undefined ? {} : { time_zone: site.timeZone }),
    ...(site.restrictiveCookiePolicy === undefined ? {} : { restrictive_cookie_policy: site.restrictiveCookiePolicy }),
  });
}

async function upsert(
  db: Db,
  websiteId: string,
  values: Partial<{ tracking_enabled: boolean; replay_enabled: boolean; replay_experiment: boolean; country: string; time_zone: string; restrictive_cookie_policy: boolean }>,
): Promise<void> {
  await db
    .insertInto('settings')
    .values({ website_id: websiteId, country: null, time_zone: null, ...values })
    .onConflict((oc) => oc.column('website_id').doUpdateSet({ ...values, updated_at: new Date() }))
    .execute();
}

/** A few seconds of memory in front of readSettings, shared by concurrent callers. */
export class SettingsCache {
  readonly #db: Kysely<AnalyticsDB>;
  readonly #ttlMs: number;
  readonly #entries = new LRUCache<string, { value: AnalyticsSettings; expires: number }>({ max: 10_000 });
  readonly #pending = new Map<string, Promise<AnalyticsSettings>>();

  constructor(db: Kysely<AnalyticsDB>, ttlMs = 5_000) {
    this.#db = db;
    this.#ttlMs = ttlMs;
  }

  /** The cached value when fresh (no await on the hot path), else a promise of it. */
  get(websiteId: string): AnalyticsSettings | Promise<AnalyticsSettings> {
    const entry = this.#entries.get(websiteId);
    if (entry && entry.expires > Date.now()) return entry.value;
    let pending = this.#pending.get(websiteId);
    if (!pending) {
      pending = readSettings(this.#db, websiteId)
        .then((value) => {
          this.#entries.set(websiteId, { value, expires: Date.now() + this.#ttlMs });
          return value;
        })
        .finally(() => this.#pending.delete(websiteId));
      this.#pending.set(websiteId, pending);
    }
    return pending;
  }

  /** Forgets a website's entry (after this process changed it). */
  forget(websiteId: string): void {
    this.#entries.delete(websiteId);
  }
}
