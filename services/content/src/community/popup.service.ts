// The popup overlay (slide type popup-overlay): one per website, a site document. Each save is a
// new version; the popup island shows it again to visitors who closed it when the version they
// closed differs (SPEC 3 local storage: closed-date, version, submitted).
import type { PopupOverlay, PopupOverlayBody } from '@sc/contracts';
import type { ServiceContext } from '@sc/platform';
import { directEvents, type ContentEvents } from '../shared/cache-first-outbox.js';
import type { ContentDB } from '../tables.js';
import { findDocument, saveDocument } from '../site/site-documents.service.js';
import { requireWebsite } from '../websites/websites.service.js';

/** The popup of a website that has never set one: off. */
const NONE: PopupOverlay = Object.freeze({
  enabled: false,
  kind: 'newsletter',
  title: 'Stay in touch',
  body: '',
  buttonText: 'Sign up',
  buttonUrl: null,
  formId: null,
  delaySeconds: 5,
  hideForDays: 30,
  pages: 'all',
  version: 0,
  updatedOn: 0,
});

export class PopupService {
  constructor(
    private readonly ctx: ServiceContext<ContentDB>,
    private readonly events: ContentEvents = directEvents,
  ) {}

  async get(websiteId: string): Promise<PopupOverlay> {
    await requireWebsite(this.ctx.db, websiteId);
    const stored = (await findDocument(this.ctx.db, websiteId, 'popup-overlay')) as Partial<PopupOverlay> | undefined;
    return { ...NONE, ...stored };
  }

  /** The popup visitors get: null when it is off. */
  async public(websiteId: string): Promise<PopupOverlay | null> {
    const popup = await this.get(websiteId);
    return popup.enabled ? popup : null;
  }

  /** Saves the popup as a new version (the version read and written in one transaction, the row locked). */
  async save(websiteId: string, body: PopupOverlayBody): Promise<PopupOverlay> {
    await requireWebsite(this.ctx.db, websiteId);
    return this.ctx.transaction(async (trx) => {
      const current = await trx
        .selectFrom('site_documents')
        .select('document')
        .where('website_id', '=', websiteId)
        .where('kind', '=', 'popup-overlay')
        .forUpdate()
        .executeTakeFirst();
      const version = Number((current?.document as Partial<PopupOverlay> | undefined)?.version ?? 0) + 1;
      const popup: PopupOverlay = { ...body, version, updatedOn: Date.now() };
      await saveDocument(trx, websiteId, 'popup-overlay', popup);
      await this.events.enqueue(trx, 'content.popup-overlay.updated', websiteId, { version, enabled: popup.enabled });
      return popup;
    });
  }
}
