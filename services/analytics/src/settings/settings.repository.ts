// Per-website analytics settings: the owner's (opt-out, session replay toggle and experiment) and
// those mirrored from content's site settings (country, time zone, cookie policy). Ingestion reads
// them on every call, so they are cached in this process for a few seconds; a change made through
// another replica is seen within that time.
import { DEFAULT_SITE_SETTINGS, type AnalyticsSettings, type UpdateAnalyticsSettingsBody } from '@sc/contracts';
import type { Kysely, Transaction } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { WebsiteGenerations } from '@sc/platform';
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
  values: Partial<{
    tracking_enabled: boolean;
    replay_enabled: boolean;
    replay_experiment: boolean;
    country: string;
    time_zone: string;
    restrictive_cookie_policy: boolean;
  }>,
): Promise<void> {
  await db
    .insertInto('settings')
    .values({ website_id: websiteId, country: null, time_zone: null, ...values })
    .onConflict((oc) => oc.column('website_id').doUpdateSet({ ...values, updated_at: new Date() }))
    .execute();
}

/**
 * A few seconds of memory in front of readSettings, shared by concurrent callers. Entries are kept
 * under the website's token in the shared cache (WebsiteGenerations, `settings:gen:<website>`),
 * which every change bumps: an owner's change through one replica (tracking turned off) is
 * followed by every replica within LOCAL_CACHE_RECHECK_MS (500 ms), by this one at once; while
 * Redis is down, within the entries' TTL.
 */
export class SettingsCache {
  readonly #db: Kysely<AnalyticsDB>;
  readonly #ttlMs: number;
  readonly #generations: WebsiteGenerations | undefined;
  readonly #entries = new LRUCache<string, { value: AnalyticsSettings; expires: number; generation: string }>({ max: 10_000 });
  readonly #pending = new Map<string, Promise<AnalyticsSettings>>();

  constructor(db: Kysely<AnalyticsDB>, options: { ttlMs?: number; generations?: WebsiteGenerations } = {}) {
    this.#db = db;
    this.#ttlMs = options.ttlMs ?? 5_000;
    this.#generations = options.generations;
  }

  /** The cached value when fresh (no await on the hot path), else a promise of it. */
  get(websiteId: string): AnalyticsSettings | Promise<AnalyticsSettings> {
    const generation = this.#generations?.current(websiteId) ?? '';
    if (typeof generation !== 'string') return generation.then((g) => this.#fresh(websiteId, g) ?? this.#load(websiteId, g));
    return this.#fresh(websiteId, generation) ?? this.#load(websiteId, generation);
  }

  #fresh(websiteId: string, generation: string): AnalyticsSettings | undefined {
    const entry = this.#entries.get(websiteId);
    return entry && entry.generation === generation && entry.expires > Date.now() ? entry.value : undefined;
  }

  #load(websiteId: string, generation: string): Promise<AnalyticsSettings> {
    const at = `${websiteId}\u0000${generation}`;
    let pending = this.#pending.get(at);
    if (!pending) {
      pending = readSettings(this.#db, websiteId)
        .then((value) => {
          this.#entries.set(websiteId, { value, expires: Date.now() + this.#ttlMs, generation });
          return value;
        })
        .finally(() => this.#pending.delete(at));
      this.#pending.set(at, pending);
    }
    return pending;
  }

  /** After a website's settings changed (committed): this process forgets them at once, the other replicas within the recheck interval. */
  async changed(websiteId: string): Promise<void> {
    this.#entries.delete(websiteId);
    await this.#generations?.bump(websiteId);
  }
}
