// A page's `seo` context (issue 37): its canonical URL and what its head tells search engines and
// social networks, made from the page's own context (the item, collection and category it shows)
// and the site. The rules are in domain/seo-urls.ts and domain/seo-meta.ts; this file only reads
// the facts out of a page.
import { PageType, type Category, type Collection, type ContentItem } from '@sc/contracts';
import { feedUrl } from '../domain/feed.js';
import { seoView, type SeoView } from '../domain/seo-meta.js';
import { canonicalUrl, homeCollectionId, isNoindex } from '../domain/seo-urls.js';
import { familyOf, type Page } from './page-context.js';
import type { SiteData } from './site-context.js';

/** The title a page type without a collection or item carries (as the layout's <title> wrote it). */
const TYPE_TITLES: Partial<Record<number, string>> = {
  [PageType.NOT_FOUND]: 'Page not found',
  [PageType.ERROR]: 'Something went wrong',
  [PageType.SEARCH]: 'Search',
  [PageType.MEMBER_AREA_ACCESS_DENIED]: 'Members only',
  [PageType.CART]: 'Cart',
};

/** The page's canonical path: an item's or a plain collection's own URL, '/' for the home page, else the path asked. */
function canonicalPath(
  page: Page,
  collection: Collection | null,
  item: ContentItem | null,
  category: Category | null,
  home: boolean,
): string {
  if (item) return item.fullUrl;
  if (home) return '/';
  if (collection && !category && page.context.pageType !== PageType.CONTENT_ITEM) return collection.fullUrl;
  return page.context.path;
}

type Picture = { assetUrl: string; originalSize: string; altText?: string | undefined };

const isPicture = (value: unknown): value is Picture =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Picture).assetUrl === 'string' &&
  (value as Picture).assetUrl !== '' &&
  typeof (value as Picture).originalSize === 'string';

/** The first picture a page shows: a list's first item's, else a layout block's image or its listed items' first. */
function firstPicture(context: Page['context']): Picture | null {
  const fromItems = (items: unknown): Picture | null => {
    for (const item of Array.isArray(items) ? (items as Array<Record<string, unknown>>) : []) {
      if (isPicture(item.mainImage)) return item.mainImage;
      if (isPicture(item.image)) return item.image;
    }
    return null;
  };
  const listed = fromItems(context.items);
  if (listed) return listed;
  for (const block of Array.isArray(context.blocks) ? (context.blocks as Array<Record<string, unknown>>) : []) {
    const found = isPicture(block.image) ? block.image : (fromItems(block.items) ?? fromItems(block.product ? [block.product] : []));
    if (found) return found;
  }
  return null;
}

/** The `seo` part of a page's context. */
export function pageSeo(
  page: Page,
  site: SiteData,
  origin: string,
  query: { tag?: string | undefined; category?: string | undefined; cursor?: string | undefined },
): SeoView {
  const context = page.context;
  const collection = (context.collection as Collection | undefined) ?? null;
  const item = (context.item as ContentItem | undefined) ?? null;
  const category = (context.category as Category | null | undefined) ?? null;
  const home = collection !== null && !item && !category && collection.id === homeCollectionId(site.layout);
  const listPage = context.pageType === PageType.MAIN_CONTENT;
  const path = canonicalPath(page, collection, item, category, home);
  const canonical = canonicalUrl(origin, path, listPage ? { tag: query.tag, category: query.category, cursor: query.cursor } : {});
  const settings = site.site.settings;
  const family = collection ? familyOf(collection) : null;
  const siteTitle = typeof context.website.siteTitle === 'string' ? context.website.siteTitle : site.site.title;
  return seoView({
    origin,
    canonical,
    noindex: page.status !== 200 || isNoindex(context.pageType, context.path),
    pageType: context.pageType,
    pageTitle: item?.title ?? collection?.title ?? TYPE_TITLES[context.pageType] ?? '',
    site: { title: siteTitle, locale: settings.locale, currency: settings.currency, seo: settings.seo, country: settings.country },
    collection,
    item,
    category,
    family,
    home,
    pageImage: firstPicture(context),
    feed:
      family === 'blog' && collection
        ? {
            title: `${collection.title} — ${siteTitle}`,
            url: feedUrl(origin, collection, 'rss'),
            atomUrl: feedUrl(origin, collection, 'atom'),
          }
        : null,
  });
}
