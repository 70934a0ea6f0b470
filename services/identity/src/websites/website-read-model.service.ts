// The websites read model: content owns websites and announces each creation and change
// (content.website.created / .updated with title and domains); identity keeps the latest of each,
// so the website switcher can name an owner's websites without asking content on every call. A
// website an owner made through the API names them (createdBy): they become its admin.
import { ContentWebsiteChanged, Role, type EventEnvelope } from '@sc/contracts';
import { handleOnce, type ServiceContext } from '@sc/platform';
import type { IdentityDB } from '../tables.js';
import { upsertWebsite } from './website.repository.js';
import { grantRole } from '../owners/owner.repository.js';

export class WebsiteReadModelService {
  readonly #ctx: ServiceContext<IdentityDB>;

  constructor(ctx: ServiceContext<IdentityDB>) {
    this.#ctx = ctx;
  }

  /** Applies one content website event once per consumer name (idempotent). */
  async apply(event: EventEnvelope, consumer: string): Promise<void> {
    if (event.type !== 'content.website.created' && event.type !== 'content.website.updated') return;
    const data = ContentWebsiteChanged.parse(event.data);
    await handleOnce(this.#ctx.db, consumer, event, async (trx) => {
      await upsertWebsite(trx, { id: event.websiteId, title: data.title, domains: data.domains, changedAt: new Date(event.occurredAt) });
      if (event.type === 'content.website.created' && data.createdBy) await grantRole(trx, event.websiteId, data.createdBy, Role.ADMIN);
    });
  }
}
