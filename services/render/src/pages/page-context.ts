// Page contexts: what a template sees (and what `?format=json` returns), built from content's
// answers. Field names follow the template language (website, websiteSettings, collection, item,
// items, navigation; products keep content's structuredContent, which is already SPEC 3's shape).
// Owner-written HTML is cleaned here once, so templates can print it as rich text. Pure functions.
import {
  blockTypeName,
  DEFAULT_HEADER_FOOTER,
  defaultGallerySettings,
  DEFAULT_SITE_SETTINGS,
  fromMinorUnits,
  PageType,
  SEARCH_LIMITS,
  type CartPageData,
  type Category,
  type DonationData,
  type FormBlockData,
  type NewsletterData,
  type Collection,
  type ContentItem,
  type MemberAreaSummary,
  type PublicComment,
  type SearchResponse,
  type SearchResult,
} from '@sc/contracts';
import type { ItemPage } from '../content/content-reader.js';
import { sanitizeHtml } from '../html/sanitize.js';
import { editorBlockView, galleryDesign, sectionViews, summaryDesign } from './block-views.js';
import { accessDeniedIslands, commentIslands, lessonsIslands, likeIsland, lessonVideo, popupIsland } from '../domain/community-islands.js';
import { cartPillIsland, installmentOffer, islandTag, productIslands } from './product-islands.js';
import { siteContext, siteContextData, type IslandDataTag, type SiteContext, type SiteData } from './site-context.js';

/** Which theme template shows a page. */
export type TemplateName =
  | 'products.list'
  | 'products.item'
  | 'blog.list'
  | 'blog.item'
  | 'events.list'
  | 'events.item'
  | 'gallery.list'
  | 'gallery.item'
  | 'page'
  | 'search'
  | 'cart'
  | 'not-found'
  | 'error'
  | 'lessons.list'
  | 'lessons.item'
  | 'access-denied'
  | 'members';

export interface PageContext extends SiteContext {
  islands: IslandDataTag[];
  [key: string]: unknown;
}

export interface Page {
  status: number;
  template: TemplateName;
  context: PageContext;
  /** A redirect's target (status 301 or 302): a path of the site or an owner's absolute URL. */
  location?: string | undefined;
}

/** A collection listed by a block of a layout page (summary, gallery), with its first items. */
export interface BlockSource {
  collection: Collection;
  items: ContentItem[];
  /** Member-area blocks (type 67): the area as the visitor may know it (keyed `member-area:{id}`). */
  memberArea?: MemberAreaSummary | undefined;
}

const PAGE_TYPES = new Set(['page', 'template-page', 'splash-page']);

/** The theme's family of templates for a collection. */
export function familyOf(collection: Collection): 'products' | 'blog' | 'events' | 'gallery' | 'page' | 'lessons' {
  const name = collection.typeName;
  if (name === 'products' || name === 'events' || name === 'gallery') return name;
  // SPEC 3 collection types 24 (lessons) and 25 (course).
  if (name === 'lessons' || name === 'course') return 'lessons';
  if (PAGE_TYPES.has(name)) return 'page';
  return 'blog';
}

/** An item as templates see it: rich text cleaned, dates as numbers, plus `date` (publish or added). */
export function itemView(item: ContentItem, hosts: readonly string[] = []): Record<string, unknown> {
  return {
    ...item,
    body: sanitizeHtml(item.body, hosts),
    excerpt: sanitizeHtml(item.excerpt, hosts),
    date: item.publishOn ?? item.addedOn,
    ...(item.tickets ? { tickets: ticketsView(item.tickets) } : {}),
  };
}

/** An event's admission as the theme prints it: free, or its price as a decimal the `money` formatter reads. */
function ticketsView(tickets: NonNullable<ContentItem['tickets']>): Record<string, unknown> {
  const { price } = tickets;
  return {
    ...tickets,
    free: BigInt(price.value) === 0n,
    amount: { value: fromMinorUnits(BigInt(price.value), price.currency), currency: price.currency },
  };
}

/** A collection as templates see it: `galleryOptions` as the gallery predicates read them. */
export function collectionView(collection: Collection, hosts: readonly string[] = []): Record<string, unknown> {
  const { gallerySettings, ...rest } = collection;
  return {
    ...rest,
    description: sanitizeHtml(collection.description ?? '', hosts),
    ...(gallerySettings ? { galleryOptions: gallerySettings } : {}),
  };
}

function base(site: SiteData, path: string, pageType: number, now: number, ids: { collectionId?: string; itemId?: string }): PageContext {
  const context = siteContext(site, path, pageType, now);
  const popup = popupIsland(site, path, pageType);
  return {
    ...context,
    ...(popup ? { popupOverlay: (popup.data as { popup: unknown }).popup } : {}),
    islands: [siteContextData(site, path, pageType, ids), ...cartPillIsland(site.site, context.showCartPill), ...(popup ? [popup] : [])],
  };
}

export interface ListOptions {
  path: string;
  now: number;
  page: ItemPage;
  categories: Category[];
  category: Category | null;
  filter: { tag?: string | undefined; category?: string | undefined };
}

/** A collection's list page: its items (one page of them), categories and the link to the next page. */
export function collectionPage(site: SiteData, collection: Collection, options: ListOptions): Page {
  const { path, now, page, categories, category, filter } = options;
  const family = familyOf(collection);
  const context = base(site, path, PageType.MAIN_CONTENT, now, { collectionId: collection.id });
  const items = page.items.map((i) => itemView(i, site.hosts));
  const query = new URLSearchParams();
  if (filter.tag) query.set('tag', filter.tag);
  if (filter.category) query.set('category', filter.category);
  if (page.nextPageCursor) query.set('cursor', page.nextPageCursor);
  Object.assign(context, {
    collection: collectionView(collection, site.hosts),
    items,
    pagination: { nextPage: page.hasNextPage, nextPageUrl: page.hasNextPage ? `${path}?${query.toString()}` : null },
    categories: categories.filter((c) => c.type !== 'ROOT').map((c) => ({ ...c, active: category?.id === c.id })),
    category,
    filter: { tag: filter.tag ?? null, category: filter.category ?? null },
  });
  if (family === 'lessons') {
    context.items = items.map((item, index) => ({ ...item, lessonNumber: index + 1, durationText: durationText(item.durationSeconds) }));
    context.islands.push(...lessonsIslands(site, { page: 'lessons', collectionId: collection.id }));
  }
  if (family === 'events') {
    context.upcoming = items
      .filter((i) => Number(i.endDate ?? i.startDate ?? 0) >= now)
      .sort((a, b) => Number(a.startDate) - Number(b.startDate));
    context.past = items.filter((i) => Number(i.endDate ?? i.startDate ?? 0) < now);
  }
  const template = family === 'page' ? 'page' : (`${family}.list` as TemplateName);
  return { status: 200, template, context };
}

/** A lesson's length as a listing shows it ('12 min', '1 h 5 min'); '' when unknown. */
export function durationText(seconds: unknown): string {
  const n = typeof seconds === 'number' && Number.isFinite(seconds) ? Math.round(seconds / 60) : 0;
  if (n <= 0) return '';
  return n >= 60 ? `${Math.floor(n / 60)} h${n % 60 ? ` ${n % 60} min` : ''}` : `${n} min`;
}

/** The comment area of an item page: the approved comments read from content, and whether new ones are taken. */
export interface CommentArea {
  comments: PublicComment[];
  /** SPEC 4: comments on, not closed, not switched off by the site. */
  open: boolean;
}

/** An item's own page (page type content item); product pages carry their islands, posts and lessons their comment area and like button. */
export function itemPage(site: SiteData, collection: Collection, item: ContentItem, path: string, now: number, area?: CommentArea): Page {
  const family = familyOf(collection);
  const context = base(site, path, PageType.CONTENT_ITEM, now, { collectionId: collection.id, itemId: item.id });
  const view = itemView(item, site.hosts);
  if (area) Object.assign(view, { publicComments: area.comments, commentsOpen: area.open });
  Object.assign(context, { collection: collectionView(collection, site.hosts), item: view });
  if (family === 'blog' || family === 'lessons') {
    context.islands.push(likeIsland([item.id]));
    if (area?.open) context.islands.push(...commentIslands(site, item.id));
  }
  if (family === 'lessons') {
    context.video = lessonVideo(item.videoUrl ?? null);
    context.islands.push(...lessonsIslands(site, { page: 'lesson', collectionId: collection.id, itemId: item.id }));
  }
  if (family === 'products') {
    const islands = productIslands(item, site.site);
    context.islands.push(...islands);
    const has = (name: string) => islands.some((i) => i.name === name);
    context.productIslands = {
      installmentPill: has('installment-pill'),
      restockForm: has('restock-form'),
      reviews: has('product-reviews'),
    };
  }
  const template = family === 'page' ? 'blog.item' : (`${family}.item` as TemplateName);
  return { status: 200, template, context };
}

/** A block of a layout page as the theme's blocks partial reads it. */
function blockView(
  block: NonNullable<Collection['layout']>['blocks'][number],
  index: number,
  sources: ReadonlyMap<string, BlockSource>,
  hosts: readonly string[] = [],
): Record<string, unknown> {
  const data = block.data;
  const text = (key: string): string => (typeof data[key] === 'string' ? data[key] : '');
  const typeName = blockTypeName(block.type) ?? 'unknown';
  const view: Record<string, unknown> = {
    index,
    type: block.type,
    typeName,
    data,
    ...(block.id ? { blockId: block.id } : {}),
    ...editorBlockView(typeName, data),
  };
  switch (view.typeName) {
    case 'html':
    case 'markdown':
      view.html = sanitizeHtml(text('html') || text('text'), hosts);
      break;
    case 'newsletter':
      view.title = text('title') || 'Newsletter';
      view.description = text('description');
      break;
    case 'member-area': {
      const area = typeof data.memberAreaId === 'string' ? sources.get(`member-area:${data.memberAreaId}`)?.memberArea : undefined;
      if (area) view.memberArea = area;
      break;
    }
    case 'map': {
      const lat = Number(data.lat);
      const lng = Number(data.lng);
      if (Number.isFinite(lat) && Number.isFinite(lng)) {
        view.location = { mapLat: lat, mapLng: lng };
        view.mapUrl = `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=${Number(data.zoom) || 15}/${lat}/${lng}`;
      }
      break;
    }
    default: {
      const source = typeof data.collectionId === 'string' ? sources.get(data.collectionId) : undefined;
      if (source) {
        view.collection = collectionView(source.collection, hosts);
        view.items = source.items.map((i) => itemView(i, hosts));
        view.design = summaryDesign(data.design);
        const design = galleryDesign(data.design);
        if (source.collection.gallerySettings)
          view.options = design ? { ...source.collection.gallerySettings, design } : source.collection.gallerySettings;
        else if (design) view.options = { ...defaultGallerySettings(), design };
        // A product block (43) shows the one product it names from its store.
        if (block.type === 43) {
          const item = source.items.find((i) => i.id === data.itemId);
          view.items = [];
          if (item) view.product = itemView(item, hosts);
        }
      }
    }
  }
  return view;
}

/** The collections whose items a layout's blocks list (summary and gallery blocks), with how many. */
export function blockSources(collection: Collection): Array<{ collectionId: string; limit: number }> {
  const wanted = new Map<string, number>();
  for (const block of collection.layout?.blocks ?? []) {
    const id = block.data.collectionId;
    if (typeof id !== 'string') continue;
    // A product block names one product of its store: the store's items are read far enough to find it.
    const limit = block.type === 43 ? 200 : Math.min(Math.max(Number(block.data.limit) || 24, 1), 200);
    wanted.set(id, Math.max(wanted.get(id) ?? 0, limit));
  }
  return [...wanted].map(([collectionId, limit]) => ({ collectionId, limit }));
}

/**
 * The islands of a layout's interactive blocks, so that the page names their entries: the first
 * newsletter (51), form (9) and donation (52) block gives each its data (every mount also carries
 * its own form id and text, so further blocks of a kind work from the same entry).
 */
export function blockIslands(site: SiteData, blocks: ReadonlyArray<Record<string, unknown>>): IslandDataTag[] {
  const settings = site.site.settings;
  const islands: IslandDataTag[] = [];
  const first = (typeName: string) => blocks.find((b) => b.typeName === typeName);
  const dataOf = (block: Record<string, unknown>) => block.data as Record<string, unknown>;
  const text = (value: unknown): string => (typeof value === 'string' ? value : '');

  const newsletter = first('newsletter');
  if (newsletter) {
    const formId = text(dataOf(newsletter).formId);
    islands.push(
      islandTag('newsletter', {
        title: text(newsletter.title),
        description: text(newsletter.description),
        captchaSiteKey: settings.captchaSiteKey,
        ...(formId ? { formId } : {}),
      } satisfies NewsletterData),
    );
  }
  // A form block without a form shows nothing to hydrate (its mount says the form needs JavaScript).
  const form = blocks.find((b) => b.typeName === 'form' && text(dataOf(b).formId) !== '');
  if (form) islands.push(islandTag('form', { formId: text(dataOf(form).formId) } satisfies FormBlockData));
  const donation = first('donation');
  if (donation) {
    const data = dataOf(donation);
    islands.push(
      islandTag('donation', {
        title: text(data.title) || 'Donate',
        description: text(data.description),
        currency: settings.currency,
      } satisfies DonationData),
    );
  }
  return islands;
}

/** A page collection (page type page): its layout of blocks. */
export function layoutPage(
  site: SiteData,
  collection: Collection,
  sources: ReadonlyMap<string, BlockSource>,
  path: string,
  now: number,
): Page {
  const context = base(site, path, PageType.PAGE, now, { collectionId: collection.id });
  const blocks = (collection.layout?.blocks ?? []).map((block, index) => blockView(block, index, sources, site.hosts));
  // The page's first block with pictures is the one on its first screen: its first one is fetched at once, not lazily.
  const pictured = blocks.find(
    (b) =>
      (b.typeName === 'image' && b.image) ||
      (['summary', 'summary-v2', 'gallery'].includes(String(b.typeName)) && Array.isArray(b.items) && b.items.length > 0),
  );
  if (pictured) pictured.firstPictures = true;
  Object.assign(context, { collection: collectionView(collection, site.hosts), blocks, sections: sectionViews(collection.layout, blocks) });
  context.islands.push(...blockIslands(site, blocks));
  return { status: 200, template: 'page', context };
}

/** What the search page shows: the query as searched, the page asked for, content's answer (null when nothing was searched). */
export interface SearchView {
  query: string;
  page: number;
  found: SearchResponse | null;
}

const KIND_LABELS: Record<SearchResult['kind'], string> = {
  page: 'Page',
  post: 'Post',
  product: 'Product',
  event: 'Event',
  lesson: 'Lesson',
};

/** The link to a page of results for a query. */
function searchUrl(path: string, query: string, page: number): string {
  const params = new URLSearchParams({ q: query });
  if (page > 1) params.set('page', String(page));
  return `${path}?${params.toString()}`;
}

/**
 * The search page (page type search): the query box, one page of content's ranked results with
 * their excerpts (matched words in <mark>), links to the pages before and after, and the search
 * island (the site's navigation collections, from the layout already read).
 */
export function searchPage(site: SiteData, view: SearchView, path: string, now: number): Page {
  const context = base(site, path, PageType.SEARCH, now, {});
  const { query, found } = view;
  const page = found?.page ?? view.page;
  const pageSize = found?.pageSize ?? SEARCH_LIMITS.pageSize;
  const total = found?.total ?? 0;
  const pageCount = Math.min(Math.ceil(total / pageSize), SEARCH_LIMITS.maxPage);
  const results = (found?.results ?? []).map((r) => ({
    ...r,
    // Content escapes everything but its <mark> highlights; cleaned again here like all HTML a template prints as it is.
    excerptHtml: sanitizeHtml(r.excerptHtml, site.hosts),
    kindLabel: KIND_LABELS[r.kind],
  }));
  Object.assign(context, {
    search: {
      query,
      searched: found !== null,
      total,
      page,
      pageSize,
      pageCount,
      first: results.length > 0 ? (page - 1) * pageSize + 1 : 0,
      last: (page - 1) * pageSize + results.length,
      results,
      previousPageUrl: found && page > 1 ? searchUrl(path, query, Math.min(page - 1, Math.max(pageCount, 1))) : null,
      nextPageUrl: found && page < pageCount ? searchUrl(path, query, page + 1) : null,
    },
  });
  const collections: { id: string; title: string; fullUrl: string }[] = [];
  const visit = (links: SiteData['layout']['layout'][number]['links']): void => {
    for (const link of links) {
      if (link.collectionId && !collections.some((c) => c.id === link.collectionId))
        collections.push({ id: link.collectionId, title: link.title, fullUrl: link.url });
      visit(link.children);
    }
  };
  for (const nav of site.layout.layout) visit(nav.links);
  context.islands.push(islandTag('search', { query, collections }));
  return { status: 200, template: 'search', context };
}

/** The cart page (page type cart): the full-page cart island's mount. */
export function cartPage(site: SiteData, path: string, now: number): Page {
  const context = base(site, path, PageType.CART, now, {});
  const settings = site.site.settings;
  const page: CartPageData = {
    currency: settings.currency,
    locale: settings.locale,
    expressCheckout: settings.store.expressCheckout,
    installments: installmentOffer(site.site),
  };
  context.islands.push(islandTag('cart-page', page));
  return { status: 200, template: 'cart', context };
}

/**
 * The member-area access-denied page (page type 106, 403): what the area is, why the page is shut,
 * and the way in (sign in, or for paid areas its plans). Nothing of the gated page itself.
 */
export function accessDeniedPage(site: SiteData, area: MemberAreaSummary, path: string, now: number): Page {
  const context = base(site, path, PageType.MEMBER_AREA_ACCESS_DENIED, now, {});
  context.memberArea = area;
  context.islands.push(...accessDeniedIslands(site, area));
  return { status: 403, template: 'access-denied', context };
}

/** A member area's own page (/members/{id}, the URL of its navigation link): its pages, for members. */
export function membersPage(site: SiteData, area: MemberAreaSummary, path: string, now: number): Page {
  const context = base(site, path, PageType.PAGE, now, {});
  context.memberArea = area;
  return { status: 200, template: 'members', context };
}

/** A redirect (301 or 302) to `location`; its body is a link to it, for clients that do not follow. */
export function redirectPage(status: 301 | 302, location: string): Page {
  const context = { location, islands: [] } as unknown as PageContext;
  return { status, template: 'not-found', context, location };
}

/** The not-found page (page type not found, 404). */
export function notFoundPage(site: SiteData, path: string, now: number): Page {
  return { status: 404, template: 'not-found', context: base(site, path, PageType.NOT_FOUND, now, {}) };
}

/** A site for pages shown when content cannot tell us about the website (error pages). */
export function fallbackSite(websiteId: string): SiteData {
  return {
    site: { id: websiteId, title: '', templateId: '', settings: DEFAULT_SITE_SETTINGS },
    layout: { layout: [] },
    headerFooter: DEFAULT_HEADER_FOOTER,
  };
}

/** The error page (page type error) with its status (503 when content is unavailable, else 500). */
export function errorPage(site: SiteData, status: number, path: string, now: number): Page {
  const context = base(site, path, PageType.ERROR, now, {});
  context.error = { status };
  return { status, template: 'error', context };
}
