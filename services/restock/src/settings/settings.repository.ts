// The owner's waitlist settings: one JSON document per website (the defaults until saved).
import { DEFAULT_RESTOCK_SETTINGS, RestockSettings } from '@sc/contracts';
import { sql } from 'kysely';
import type { Db } from '../tables.js';
import { jsonb } from '@sc/platform';

export class SettingsRepository {
  constructor(private readonly db: Db) {}

  async read(websiteId: string): Promise<RestockSettings> {
    const row = await this.db.selectFrom('settings').select('settings').where('website_id', '=', websiteId).executeTakeFirst();
    if (!row) return DEFAULT_RESTOCK_SETTINGS;
    return RestockSettings.parse(typeof row.settings === 'string' ? JSON.parse(row.settings) : row.settings);
  }

  async write(websiteId: string, settings: RestockSettings): Promise<void> {
    const json = jsonb<RestockSettings>(settings);
    await this.db
      .insertInto('settings')
      .values({ website_id: websiteId, settings: json })
      .onConflict((oc) => oc.column('website_id').doUpdateSet({ settings: json, updated_at: sql<Date>`now()` }))
      .execute();
  }
}
