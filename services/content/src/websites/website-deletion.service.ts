// Deleting a website (issue 34): only an admin of the website, who repeats its title or a domain
// to confirm. It is hidden at once (every content route treats it as not found, its domains stop
// resolving, the storefront cache is dropped), its creator can restore it for WEBSITE_RESTORE_DAYS
// days, and after that every row and file of it in this service is purged (purgeDue, run
// periodically) and content.website.purged tells every other service to delete its rows of it
// (packages/platform/src/privacy/purge-website.ts: orders, carts, forms, sign-ups, site users, analytics).
import {
  Role,
  WEBSITE_RESTORE_DAYS,
  WebsiteMessages,
  type DeletedWebsite,
  type Identity,
  type RestorableWebsiteList,
  type Website,
} from '@sc/contracts';
import { AppError, type Logger, type ServiceContext } from '@sc/platform';
import { directEvents, type ContentEvents } from '../shared/cache-first-outbox.js';
import type { PublicCache } from '../shared/public-cache.js';
import type { AssetStorage } from '../assets/asset-storage.types.js';
import { websiteNotFound } from '../shared/errors.js';
import type { ContentDB } from '../tables.js';
import {
  deletedBefore,
  deletedCreatedBy,
  domainsOf,
  findWebsite,
  findWebsiteEvenDeleted,
  purgeWebsite,
  setDeleted,
  verifiedDomainsOf,
} from './websites.repository.js';
import type { WebsiteService } from './websites.service.js';

const RESTORE_MS = WEBSITE_RESTORE_DAYS * 24 * 3_600_000;

export class WebsiteDeletionService {
  constructor(
    private readonly ctx: ServiceContext<ContentDB>,
    private readonly websites: WebsiteService,
    private readonly cache: PublicCache,
    private readonly events: ContentEvents = directEvents,
    private readonly files?: Pick<AssetStorage, 'deleteWebsite'>,
  ) {}

  /** Hides the website; `identity` must be an owner holding the admin role on it. */
  async delete(identity: Identity, websiteId: string, confirm: string): Promise<DeletedWebsite> {
    if (identity.kind !== 'owner' || !identity.roles.includes(Role.ADMIN)) throw new AppError('FORBIDDEN', WebsiteMessages.adminRequired);
    const deletedAt = new Date();
    await this.ctx.transaction(async (trx) => {
      const website = await findWebsite(trx, websiteId);
      if (!website) throw websiteNotFound();
      const names = [website.title.trim().toLowerCase(), ...(await domainsOf(trx, websiteId))];
      if (!names.includes(confirm.trim().toLowerCase()))
        throw new AppError('VALIDATION_FAILED', WebsiteMessages.confirmMismatch, { fields: { confirm: WebsiteMessages.confirmMismatch } });
      const previousDomains = await verifiedDomainsOf(trx, websiteId);
      await setDeleted(trx, websiteId, deletedAt);
      await this.events.enqueue(trx, 'content.website.updated', websiteId, {
        title: website.title,
        templateId: website.template_id,
        domains: [],
        previousDomains,
        deleted: true,
      });
    });
    await this.cache.bump(websiteId);
    return { websiteId, deleted: true, purgeAfter: new Date(deletedAt.getTime() + RESTORE_MS).toISOString() };
  }

  /** The websites `ownerId` made and deleted that can still be restored, with the days left before each is purged. */
  async restorable(ownerId: string, now = Date.now()): Promise<RestorableWebsiteList> {
    const rows = await deletedCreatedBy(this.ctx.db, ownerId, new Date(now - RESTORE_MS));
    return {
      websites: rows.map((row) => {
        const purgeAfter = row.deleted_at.getTime() + RESTORE_MS;
        return {
          websiteId: row.id,
          title: row.title,
          address: row.address,
          deletedAt: row.deleted_at.toISOString(),
          purgeAfter: new Date(purgeAfter).toISOString(),
          daysLeft: Math.max(0, Math.floor((purgeAfter - now) / (24 * 3_600_000))),
        };
      }),
    };
  }

  /** Brings a deleted website back, for the owner who made it, before it is purged. */
  async restore(ownerId: string, websiteId: string): Promise<Website> {
    await this.ctx.transaction(async (trx) => {
      const website = await findWebsiteEvenDeleted(trx, websiteId);
      if (!website || website.created_by !== ownerId) throw websiteNotFound();
      if (!website.deleted_at || website.deleted_at.getTime() + RESTORE_MS < Date.now())
        throw new AppError('CONFLICT', WebsiteMessages.notDeleted);
      await setDeleted(trx, websiteId, null);
      const domains = await verifiedDomainsOf(trx, websiteId);
      await this.events.enqueue(trx, 'content.website.updated', websiteId, {
        title: website.title,
        templateId: website.template_id,
        domains,
        previousDomains: [],
        deleted: false,
      });
    });
    await this.cache.bump(websiteId);
    return this.websites.get(websiteId);
  }

  /**
   * Purges every website deleted more than WEBSITE_RESTORE_DAYS ago: its uploaded files, its rows,
   * and content.website.purged for the other services (in the same transaction); answers how many.
   */
  async purgeDue(now = Date.now(), logger?: Logger): Promise<number> {
    const due = await deletedBefore(this.ctx.db, new Date(now - RESTORE_MS));
    for (const websiteId of due) {
      // Files first: if their deletion fails, the rows stay and the next run tries again.
      await this.files?.deleteWebsite(websiteId);
      await this.ctx.transaction(async (trx) => {
        await purgeWebsite(trx, websiteId);
        await this.events.enqueue(trx, 'content.website.purged', websiteId, {});
      });
      await this.cache.bump(websiteId);
      logger?.info({ websiteId }, 'purged a website deleted more than 30 days ago');
    }
    return due.length;
  }
}
