// The per-website documents of SPEC 7: header and footer (/api/site-header-footer), multilingual
// settings (/api/multilingual/*) and commerce preferences per namespace
// (/api/v1/commerce-preferences/{namespace}).
import type { z } from 'zod';
import type { CommercePreferencesBody } from '@sc/contracts';
import {
  DEFAULT_HEADER_FOOTER,
  MAX_COMMERCE_PREFERENCES_BYTES,
  type HeaderFooter,
  type HeaderFooterBody,
  type MultilingualLanguage,
  type MultilingualSettings,
  type UpdateLanguagesBody,
} from '@sc/contracts';
import { AppError, type ServiceContext } from '@sc/platform';
import { directEvents, type ContentEvents } from '../shared/cache-first-outbox.js';
import type { ContentDB } from '../tables.js';
import { settingsOf } from '../domain/mappers.js';
import { findDocument, findPreferences, saveDocument, savePreferences } from './site.repository.js';

/** Other features' site documents (the popup overlay), read and written in their own transactions. */
export { findDocument, saveDocument } from './site.repository.js';
import { requireWebsite } from '../websites/websites.service.js';

/** A namespace's preferences: free-form JSON. */
type Preferences = z.infer<typeof CommercePreferencesBody>;

interface StoredMultilingual {
  languages: MultilingualLanguage[];
  connected: boolean;
  connectedOn: number | null;
}

export class SiteDocumentService {
  constructor(
    private readonly ctx: ServiceContext<ContentDB>,
    private readonly events: ContentEvents = directEvents,
  ) {}

  async headerFooter(websiteId: string): Promise<HeaderFooter> {
    await requireWebsite(this.ctx.db, websiteId);
    const stored = (await findDocument(this.ctx.db, websiteId, 'header-footer')) as Partial<HeaderFooter> | undefined;
    return {
      header: { ...DEFAULT_HEADER_FOOTER.header, ...stored?.header },
      footer: { ...DEFAULT_HEADER_FOOTER.footer, ...stored?.footer },
    };
  }

  /** Saves the header and footer fields given over the current ones. */
  async updateHeaderFooter(websiteId: string, body: HeaderFooterBody): Promise<HeaderFooter> {
    const current = await this.headerFooter(websiteId);
    const next: HeaderFooter = { header: { ...current.header, ...body.header }, footer: { ...current.footer, ...body.footer } };
    await this.ctx.transaction(async (trx) => {
      await saveDocument(trx, websiteId, 'header-footer', next);
      await this.events.enqueue(trx, 'content.header-footer.updated', websiteId, {});
    });
    return next;
  }

  async #multilingual(websiteId: string): Promise<StoredMultilingual> {
    const website = await requireWebsite(this.ctx.db, websiteId);
    const stored = (await findDocument(this.ctx.db, websiteId, 'multilingual')) as StoredMultilingual | undefined;
    // Until the owner sets languages, the site has one: its locale, published.
    return (
      stored ?? {
        languages: [{ languageCode: settingsOf(website).locale, isDefault: true, published: true, custom: false }],
        connected: false,
        connectedOn: null,
      }
    );
  }

  async multilingualSettings(websiteId: string): Promise<MultilingualSettings> {
    const state = await this.#multilingual(websiteId);
    const defaultLanguage = state.languages.find((l) => l.isDefault)?.languageCode ?? state.languages[0]?.languageCode ?? 'en-US';
    return {
      defaultLanguage,
      languages: state.languages,
      urlStrategy: 'subdirectory',
      connected: state.connected,
      connectedOn: state.connectedOn,
    };
  }

  async multilingualStatus(websiteId: string) {
    const state = await this.#multilingual(websiteId);
    return {
      status: state.connected ? ('CONNECTED' as const) : ('NOT_CONNECTED' as const),
      connected: state.connected,
      languageCount: state.languages.length,
      publishedLanguageCount: state.languages.filter((l) => l.published).length,
    };
  }

  async languages(websiteId: string): Promise<{ languages: MultilingualLanguage[] }> {
    return { languages: (await this.#multilingual(websiteId)).languages };
  }

  /** Sets the languages; a second language connects the site to translation (the connection DELETE removes). */
  async setLanguages(websiteId: string, body: UpdateLanguagesBody): Promise<{ languages: MultilingualLanguage[] }> {
    const current = await this.#multilingual(websiteId);
    const connected = current.connected || body.languages.length > 1;
    const next: StoredMultilingual = {
      languages: body.languages,
      connected,
      connectedOn: connected ? (current.connectedOn ?? Date.now()) : null,
    };
    await this.#saveMultilingual(websiteId, next);
    return { languages: next.languages };
  }

  /** Disconnects translation: only the default language is left. */
  async disconnect(websiteId: string): Promise<void> {
    const current = await this.#multilingual(websiteId);
    const keep = current.languages.filter((l) => l.isDefault);
    await this.#saveMultilingual(websiteId, { languages: keep, connected: false, connectedOn: null });
  }

  async #saveMultilingual(websiteId: string, state: StoredMultilingual): Promise<void> {
    await this.ctx.transaction(async (trx) => {
      await saveDocument(trx, websiteId, 'multilingual', state);
      await this.events.enqueue(trx, 'content.multilingual.updated', websiteId, {
        languages: state.languages.map((l) => l.languageCode),
        connected: state.connected,
      });
    });
  }

  /** SPEC 3: the namespace's preferences plus the websiteId (which clients drop). */
  async preferences(websiteId: string, namespace: string): Promise<Preferences> {
    await requireWebsite(this.ctx.db, websiteId);
    const stored = ((await findPreferences(this.ctx.db, websiteId, namespace)) ?? {}) as Preferences;
    return { ...stored, websiteId };
  }

  /** Replaces a namespace's preferences; a websiteId sent back from a read is dropped, not stored. */
  async savePreferences(websiteId: string, namespace: string, preferences: Preferences): Promise<Preferences> {
    await requireWebsite(this.ctx.db, websiteId);
    const { websiteId: _dropped, ...kept } = preferences;
    if (Buffer.byteLength(JSON.stringify(kept)) > MAX_COMMERCE_PREFERENCES_BYTES) {
      throw new AppError('PAYLOAD_TOO_LARGE', `Preferences can be at most ${MAX_COMMERCE_PREFERENCES_BYTES / 1024} KB.`);
    }
    await this.ctx.transaction(async (trx) => {
      await savePreferences(trx, websiteId, namespace, kept);
      await this.events.enqueue(trx, 'content.commerce-preferences.updated', websiteId, { namespace });
    });
    return { ...kept, websiteId };
  }
}
