// The website's analytics settings as owners see and change them; a change made here is seen at
// once by this process's ingestion, by the other replicas' within 500 ms (SettingsCache).
import type { AnalyticsSettings, UpdateAnalyticsSettingsBody } from '@sc/contracts';
import type { Kysely } from 'kysely';
import type { AnalyticsDB } from '../tables.js';
import { readSettings, updateOwnerSettings, type SettingsCache } from './settings.repository.js';

export class SettingsService {
  readonly #db: Kysely<AnalyticsDB>;
  readonly #cache: SettingsCache;

  constructor(db: Kysely<AnalyticsDB>, cache: SettingsCache) {
    this.#db = db;
    this.#cache = cache;
  }

  get(websiteId: string): Promise<AnalyticsSettings> {
    return readSettings(this.#db, websiteId);
  }

  async update(websiteId: string, patch: UpdateAnalyticsSettingsBody): Promise<AnalyticsSettings> {
    await updateOwnerSettings(this.#db, websiteId, patch);
    await this.#cache.changed(websiteId);
    return readSettings(this.#db, websiteId);
  }

  /** The settings changed elsewhere (content's site settings, through the bus). */
  changed(websiteId: string): Promise<void> {
    return this.#cache.changed(websiteId);
  }
}
