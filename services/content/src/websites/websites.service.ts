// Websites: creation (seed and sign-up flows), domains (the Host header picks the website) and
// site settings. Every change announces itself through the outbox.
import {
  ContentMessages,
  DEFAULT_SITE_SETTINGS,
  formatMessage,
  SiteSettings,
  WebsiteMessages,
  redirectProblem,
  type PublicSite,
  type UpdateSiteSettingsBody,
  type UpdateWebsiteBody,
  type Website,
} from '@sc/contracts';
import { AppError, type ServiceContext } from '@sc/platform';
import { sql } from 'kysely';
import type { z } from 'zod';
import { directEvents, type ContentEvents } from '../shared/cache-first-outbox.js';
import type { ContentDB } from '../tables.js';
import { invalid, websiteNotFound } from '../shared/errors.js';
import { settingsOf, toWebsite } from '../domain/mappers.js';
import type { Db } from '../shared/db.js';
import { hasProducts } from '../items/item-rows.service.js';
import { newVerificationToken } from './domains.service.js';
import {
  countCreatedBy,
  domainsOf,
  domainsTakenByOthers,
  findWebsite,
  insertAddress,
  insertWebsite,
  lockWebsite,
  replaceDomains,
  updateWebsite,
  verifiedDomainsOf,
  websiteIdByDomain,
  type WebsiteRow,
} from './websites.repository.js';

/** Locks the website's row: a product import takes it first, so two imports of one website run one after the other. */
export { lockWebsite } from './websites.repository.js';

export interface NewWebsite {
  id: string;
  title: string;
  templateId: string;
  domains?: string[];
  settings?: Partial<SiteSettings>;
  /** The website's `<slug>.<BASE_DOMAIN>` address (websites made by owners). */
  address?: string;
  /** The starting design it is made from. */
  design?: string;
  /** The owner making it through the API: identity makes them its admin (from the event). */
  createdBy?: string;
  /** How many websites `createdBy` may have made (this one included). */
  maxPerOwner?: number;
}

/** The website row or a 404: every owner and public route starts here. */
export async function requireWebsite(db: Db, websiteId: string): Promise<WebsiteRow> {
  const row = await findWebsite(db, websiteId);
  if (!row) throw websiteNotFound();
  return row;
}

/** Host header → domain key: lower case, no port, no trailing dot. */
export function domainOfHost(host: string): string {
  const trimmed = host.trim().toLowerCase();
  const withoutPort = trimmed.startsWith('[') ? trimmed.slice(0, trimmed.indexOf(']') + 1) : trimmed.replace(/:\d+$/, '');
  return withoutPort.replace(/\.$/, '');
}

export class WebsiteService {
  constructor(
    private readonly ctx: ServiceContext<ContentDB>,
    private readonly events: ContentEvents = directEvents,
  ) {}

  /** Creates a website with its domains and settings (defaults for what is not given). */
  async create(input: NewWebsite): Promise<Website> {
    const settings = SiteSettings.parse({ ...DEFAULT_SITE_SETTINGS, ...input.settings });
    const domains = [...new Set((input.domains ?? []).map(domainOfHost))];
    return this.ctx.transaction(async (trx) => {
      if (input.createdBy && input.maxPerOwner !== undefined) {
        // One owner's creations take turns, so two at once cannot both pass the limit.
        await sql`select pg_advisory_xact_lock(hashtext(${`content.websites-of:${input.createdBy}`}))`.execute(trx);
        if ((await countCreatedBy(trx, input.createdBy)) >= input.maxPerOwner) {
          throw new AppError('CONFLICT', formatMessage(WebsiteMessages.limitReached, { max: input.maxPerOwner }));
        }
      }
      const taken = await domainsTakenByOthers(trx, input.id, domains);
      if (taken[0] !== undefined) throw invalid(formatMessage(ContentMessages.domainTaken, { domain: taken[0] }), 'domains');
      const row = await insertWebsite(trx, {
        id: input.id,
        title: input.title,
        templateId: input.templateId,
        settings,
        design: input.design ?? null,
        createdBy: input.createdBy ?? null,
      });
      if (input.address) await insertAddress(trx, input.id, input.address);
      await replaceDomains(trx, input.id, domains);
      const all = await domainsOf(trx, input.id);
      await this.events.enqueue(trx, 'content.website.created', input.id, {
        title: row.title,
        templateId: row.template_id,
        domains: all,
        previousDomains: [],
        ...(input.createdBy ? { createdBy: input.createdBy } : {}),
      });
      return toWebsite(row, all);
    });
  }

  async get(websiteId: string): Promise<Website> {
    const row = await requireWebsite(this.ctx.db, websiteId);
    return toWebsite(row, await domainsOf(this.ctx.db, websiteId));
  }

  /** The site as a visitor's page sees it: title, template and the settings that are not private. */
  async publicSite(websiteId: string): Promise<z.infer<typeof PublicSite>> {
    const website = await this.get(websiteId);
    const { businessEmail: _private, ...settings } = website.settings;
    return { id: website.id, title: website.title, templateId: website.templateId, settings };
  }

  async exists(websiteId: string): Promise<boolean> {
    return (await findWebsite(this.ctx.db, websiteId)) !== undefined;
  }

  /** Title and domains; a domain another website has is refused. */
  async update(websiteId: string, body: UpdateWebsiteBody): Promise<Website> {
    return this.ctx.transaction(async (trx) => {
      const current = await lockWebsite(trx, websiteId);
      if (!current) throw websiteNotFound();
      const previousDomains = await verifiedDomainsOf(trx, websiteId);
      let domains = await domainsOf(trx, websiteId);
      if (body.domains) {
        domains = [...new Set(body.domains.map(domainOfHost))].sort();
        const taken = await domainsTakenByOthers(trx, websiteId, domains);
        if (taken[0] !== undefined) throw invalid(formatMessage(ContentMessages.domainTaken, { domain: taken[0] }), 'domains');
        // A domain an owner adds is served once verified (domains.service.ts).
        await replaceDomains(trx, websiteId, domains, newVerificationToken);
        domains = await domainsOf(trx, websiteId);
      }
      const row =
        body.title !== undefined ? await updateWebsite(trx, websiteId, { title: body.title }) : await updateWebsite(trx, websiteId, {});
      await this.events.enqueue(trx, 'content.website.updated', websiteId, {
        title: row.title,
        templateId: row.template_id,
        domains: await verifiedDomainsOf(trx, websiteId),
        previousDomains,
      });
      return toWebsite(row, domains);
    });
  }

  async settings(websiteId: string): Promise<SiteSettings> {
    return settingsOf(await requireWebsite(this.ctx.db, websiteId));
  }

  /** Merges a settings change field by field (nested groups too) and announces what changed. */
  async updateSettings(websiteId: string, patch: UpdateSiteSettingsBody): Promise<SiteSettings> {
    return this.ctx.transaction(async (trx) => {
      const row = await lockWebsite(trx, websiteId);
      if (!row) throw websiteNotFound();
      const current = settingsOf(row);
      const next: SiteSettings = {
        ...current,
        ...patch,
        cookieSettings: { ...current.cookieSettings, ...patch.cookieSettings },
        betaFlags: { ...current.betaFlags, ...patch.betaFlags },
        store: { ...current.store, ...patch.store },
        seo: { ...current.seo, ...patch.seo },
      };
      // Redirects are checked as a whole list: a new one may close a loop with those kept.
      const problem = redirectProblem(next.seo.redirects);
      if (problem) throw invalid(problem.message, `seo.redirects.${problem.index}.from`);
      // Prices are stored in the store currency; switching it would silently change what they mean.
      if (next.currency !== current.currency && (await hasProducts(trx, websiteId))) {
        throw invalid(formatMessage(ContentMessages.currencyLocked, { currency: current.currency }), 'currency');
      }
      const changed = (Object.keys(next) as (keyof SiteSettings)[]).filter(
        (key) => JSON.stringify(next[key]) !== JSON.stringify(current[key]),
      );
      await updateWebsite(trx, websiteId, { settings: next });
      if (changed.length > 0) {
        await this.events.enqueue(trx, 'content.settings.updated', websiteId, {
          changed,
          currency: next.currency,
          locale: next.locale,
          timeZone: next.timeZone,
          country: next.country,
          cookieSettings: { restrictivePolicy: next.cookieSettings.restrictivePolicy },
          betaFlags: { ...next.betaFlags },
        });
      }
      return next;
    });
  }

  /** The website a Host header names, or undefined when no website has that domain. */
  async websiteForHost(host: string): Promise<string | undefined> {
    return websiteIdByDomain(this.ctx.db, domainOfHost(host));
  }
}
