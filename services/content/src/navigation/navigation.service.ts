// Navigation (SPEC 7 POST /api/widget/UpdateNavigation) and the site layout the storefront reads
// (GET /api/commondata/GetSiteLayout: layout[0] is the main navigation, and without one the SPEC's
// 'Unable to find site main navigation').
import {
  InfrastructureMessages,
  MAIN_NAVIGATION,
  MAX_NAVIGATION_DEPTH,
  OwnerUiMessages,
  type NavigationItemBody,
  type NavigationLink,
  type SiteLayout,
  type UpdateNavigationBody,
} from '@sc/contracts';
import type { ServiceContext } from '@sc/platform';
import { directEvents, type ContentEvents } from '../shared/cache-first-outbox.js';
import type { CollectionRow, ContentDB } from '../tables.js';
import { invalid, notFound } from '../shared/errors.js';
import { collectionUrl } from '../domain/mappers.js';
import { collectionsByIds } from '../collections/collection-rows.service.js';
import type { Db } from '../shared/db.js';
import { findNavigation, navigationsOf, saveNavigation } from './navigation.repository.js';

/** A navigation as stored: items and the sitemaps read the main navigation's links. */
export { findNavigation } from './navigation.repository.js';
import { requireWebsite } from '../websites/websites.service.js';

function collectIds(items: readonly NavigationItemBody[], depth: number, ids: Set<string>): void {
  if (depth > MAX_NAVIGATION_DEPTH)
    throw invalid(`Navigation can be nested at most ${MAX_NAVIGATION_DEPTH} levels deep.`, 'navigation.items');
  for (const item of items) {
    if (item.collectionId) ids.add(item.collectionId);
    if (item.items) collectIds(item.items, depth + 1, ids);
  }
}

/** Checks a navigation's items: nesting depth, and every page is one of this website's. */
async function checkItems(db: Db, websiteId: string, items: readonly NavigationItemBody[]): Promise<void> {
  const ids = new Set<string>();
  collectIds(items, 1, ids);
  const found = await collectionsByIds(db, websiteId, [...ids]);
  if (found.length !== ids.size) throw invalid(OwnerUiMessages.unableToLocateContent, 'navigation.items');
}

/** Adds one item at the end of a navigation (the store creation flow's addToMainNav). */
export async function appendToNavigation(
  db: Db,
  events: ContentEvents,
  websiteId: string,
  fieldName: string,
  templateId: string,
  item: NavigationItemBody,
): Promise<void> {
  const current = await findNavigation(db, websiteId, fieldName);
  const items = [...((current?.items as NavigationItemBody[] | undefined) ?? []), item];
  await checkItems(db, websiteId, items);
  await saveNavigation(db, websiteId, fieldName, templateId, items);
  await events.enqueue(db, 'content.navigation.updated', websiteId, { fieldName, templateId });
}

function toLinks(items: readonly NavigationItemBody[], collections: Map<string, CollectionRow>): NavigationLink[] {
  const links: NavigationLink[] = [];
  for (const item of items) {
    const collection = item.collectionId ? collections.get(item.collectionId) : undefined;
    // Pages that were deleted or disabled since the navigation was saved are left out.
    if (item.collectionId && (!collection || !collection.enabled)) continue;
    const url = collection
      ? collectionUrl(collection.url_id)
      : (item.externalLink ?? (item.memberAreaId ? `/members/${item.memberAreaId}` : ''));
    links.push({
      title: item.title ?? collection?.navigation_title ?? item.externalLink ?? '',
      url,
      collectionId: item.collectionId ?? null,
      externalLink: item.externalLink ?? null,
      memberAreaId: item.memberAreaId ?? null,
      children: toLinks(item.items ?? [], collections),
    });
  }
  return links;
}

export class NavigationService {
  constructor(
    private readonly ctx: ServiceContext<ContentDB>,
    private readonly events: ContentEvents = directEvents,
  ) {}

  async update(websiteId: string, body: UpdateNavigationBody): Promise<void> {
    await this.ctx.transaction(async (trx) => {
      const website = await requireWebsite(trx, websiteId);
      if (body.templateId !== website.template_id)
        throw invalid(`The template ${body.templateId} is not this website's template.`, 'templateId');
      await checkItems(trx, websiteId, body.navigation.items);
      await saveNavigation(trx, websiteId, body.fieldName, body.templateId, body.navigation.items);
      await this.events.enqueue(trx, 'content.navigation.updated', websiteId, { fieldName: body.fieldName, templateId: body.templateId });
    });
  }

  /** Every navigation of the website, the main one first. */
  async siteLayout(websiteId: string): Promise<SiteLayout> {
    await requireWebsite(this.ctx.db, websiteId);
    const rows = await navigationsOf(this.ctx.db, websiteId);
    const main = rows.find((row) => row.field_name === MAIN_NAVIGATION);
    if (!main) throw notFound(InfrastructureMessages.mainNavigationMissing);
    const ordered = [main, ...rows.filter((row) => row !== main)];
    const ids = new Set<string>();
    const walk = (items: readonly NavigationItemBody[]) => {
      for (const item of items) {
        if (item.collectionId) ids.add(item.collectionId);
        if (item.items) walk(item.items);
      }
    };
    for (const row of ordered) walk(row.items as NavigationItemBody[]);
    const collections = new Map((await collectionsByIds(this.ctx.db, websiteId, [...ids])).map((row) => [row.id, row]));
    return {
      layout: ordered.map((row) => ({
        identifier: row.field_name,
        templateId: row.template_id,
        links: toLinks(row.items as NavigationItemBody[], collections),
      })),
    };
  }
}
