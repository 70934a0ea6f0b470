// What a page tells search engines and social networks (issue 37): its title and description
// (the owner's SEO fields, else the excerpt, the body's first words, the site's description), the
// Open Graph and Twitter card tags (og:image with its width and height at one of our own image
// sizes), and JSON-LD built from the same data the page shows, typed with schema-dts. Pure: the
// page's facts come in, the head's tags go out; the theme prints them through htmlattr and
// site-json (which writes no `<` at all, so owner text can never close the script element).
import {
  fromMinorUnits,
  type Category,
  type Collection,
  type ContentItem,
  type CurrencyCode,
  type ImageOut,
  type SeoFields,
  type SeoSettings,
} from '@sc/contracts';
import type {
  BlogPosting,
  BreadcrumbList,
  Event,
  ItemAvailability,
  Offer,
  Organization,
  Product,
  ProductGroup,
  Thing,
  WebSite,
  WithContext,
} from 'schema-dts';
import { absoluteUrl } from './seo-urls.js';

/** SPEC 9 image widths our asset store serves (`?format=1500w`). */
const IMAGE_WIDTHS = [100, 300, 500, 750, 1000, 1500, 2500] as const;
/** The width asked for social cards: large enough for every network's big card. */
const SOCIAL_WIDTH = 1500;
export const DESCRIPTION_MAX = 160;

export type Family = 'products' | 'blog' | 'events' | 'gallery' | 'page' | 'lessons';

/** The facts of a page that its head's tags are made from. */
export interface SeoInput {
  origin: string;
  /** The canonical URL (seo-urls.ts). */
  canonical: string;
  noindex: boolean;
  pageType: number;
  /** The document title without the site's name ('' on the home page). */
  pageTitle: string;
  site: { title: string; locale: string; currency: CurrencyCode; seo: SeoSettings; country: string; businessEmail?: string | null };
  collection: (Collection & { seo?: SeoFields | undefined }) | null;
  item: (ContentItem & { seo?: SeoFields | undefined }) | null;
  category: Category | null;
  family: Family | null;
  home: boolean;
  /** The first picture the page shows (a list's first item's, a layout's first image or listed item's). */
  pageImage: { assetUrl: string; originalSize: string; altText?: string | undefined } | null;
  /** The blog's feeds (RSS and Atom) when the page belongs to a blog. */
  feed: { title: string; url: string; atomUrl: string } | null;
}

export interface MetaTag {
  attr: 'name' | 'property';
  name: string;
  content: string;
}

export interface SeoView {
  title: string;
  description: string;
  canonical: string;
  noindex: boolean;
  meta: MetaTag[];
  /** JSON-LD blocks, printed with site-json. */
  jsonLd: Array<WithContext<Thing>>;
  feed: { title: string; url: string; atomUrl: string } | null;
}

/** Text of owner HTML: tags dropped, entities of the common kind read, spaces collapsed. */
export function plainText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;|&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Cut at a word boundary to at most `max` characters, with an ellipsis when cut. */
export function truncate(text: string, max: number = DESCRIPTION_MAX): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  if (text[max - 1] === ' ') return `${cut.trimEnd()}…`;
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The description: the owner's, else the excerpt, the body's first words, the collection's, the site's. */
export function descriptionOf(input: Pick<SeoInput, 'item' | 'collection' | 'category' | 'site'>): string {
  const { item, collection, site } = input;
  const candidates = [
    item?.seo?.description,
    item ? plainText(item.excerpt) : undefined,
    item ? plainText(item.body) : undefined,
    item ? undefined : collection?.seo?.description,
    item ? undefined : plainText(collection?.description ?? ''),
    item ? undefined : firstBlockText(collection),
    site.seo.description,
  ];
  return truncate(candidates.find((c): c is string => typeof c === 'string' && c.trim() !== '')?.trim() ?? '');
}

/** The text of a layout page's first text block (its opening words). */
function firstBlockText(collection: Collection | null): string {
  for (const block of collection?.layout?.blocks ?? []) {
    const html = block.data.html;
    if ((block.type === 2 || block.type === 44) && typeof html === 'string') {
      const text = plainText(html);
      if (text) return text;
    }
  }
  return '';
}

export interface SocialImage {
  url: string;
  width?: number | undefined;
  height?: number | undefined;
  alt: string;
}

/** An image of our own asset store at a width it serves, with its height in proportion; other links as they are. */
export function socialImage(
  origin: string,
  image: Pick<ImageOut, 'assetUrl' | 'originalSize'> & { altText?: string | undefined; title?: string | undefined },
): SocialImage {
  const size = /^(\d+)x(\d+)$/.exec(image.originalSize ?? '');
  const alt = image.altText || image.title || '';
  const w = size ? Number(size[1]) : 0;
  const h = size ? Number(size[2]) : 0;
  if (/^https?:\/\//i.test(image.assetUrl)) return { url: image.assetUrl, ...(w && h ? { width: w, height: h } : {}), alt };
  if (!w || !h) return { url: absoluteUrl(origin, image.assetUrl), alt };
  // The largest served width not above the original nor the social width (the original when smaller than all).
  const width = [...IMAGE_WIDTHS].reverse().find((x) => x <= Math.min(w, SOCIAL_WIDTH)) ?? IMAGE_WIDTHS[0];
  return { url: `${absoluteUrl(origin, image.assetUrl)}?format=${width}w`, width, height: Math.round((h * width) / w), alt };
}

/** The images an item shows (a product's pictures, else its main image), in order. */
function itemImages(item: ContentItem | null): ImageOut[] {
  if (!item) return [];
  const list = [...(item.items ?? []), ...(item.mainImage ? [item.mainImage] : []), ...(item.image ? [item.image] : [])];
  const seen = new Set<string>();
  return list.filter((img) => img.assetUrl && !seen.has(img.assetUrl) && (seen.add(img.assetUrl), true));
}

/** The social image: the owner's, the item's first picture, the page's first picture, the site's. */
export function imageOf(input: Pick<SeoInput, 'origin' | 'item' | 'collection' | 'site' | 'pageImage'>): SocialImage | null {
  const { origin, item, collection, site } = input;
  const own = item?.seo?.socialImage ?? (item ? undefined : collection?.seo?.socialImage);
  if (own) return { url: absoluteUrl(origin, own), alt: '' };
  const first = itemImages(item)[0] ?? (item ? null : input.pageImage);
  if (first) return socialImage(origin, first);
  return site.seo.socialImage ? { url: absoluteUrl(origin, site.seo.socialImage), alt: '' } : null;
}

/** The variants' availability as schema.org names it. */
function availability(variant: NonNullable<ContentItem['structuredContent']>['variants'][number]): ItemAvailability {
  // No PreOrder: the store sells nothing before it is in stock, and a scheduled product is only
  // shown once its time has come (it is on sale then, not ahead of it).
  if (variant.unlimited || variant.qtyInStock > 0) return 'https://schema.org/InStock';
  return 'https://schema.org/OutOfStock';
}

/** A variant's price as paid (the sale price when on sale), in major units. */
function variantPrice(variant: NonNullable<ContentItem['structuredContent']>['variants'][number], currency: CurrencyCode): string {
  const money = variant.onSale ? variant.salePriceMoney : variant.priceMoney;
  return fromMinorUnits(BigInt(money.value), money.currency ?? currency);
}

/** Whether a product has a variant that can be bought now. */
export function inStock(item: ContentItem): boolean {
  return (item.structuredContent?.variants ?? []).some((v) => v.unlimited || v.qtyInStock > 0);
}

/** Product, or ProductGroup with a Product per variant when it has several, each with its Offer. */
function productLd(
  input: SeoInput,
  item: ContentItem,
  images: string[],
  description: string,
): WithContext<Product> | WithContext<ProductGroup> {
  const content = item.structuredContent;
  const currency = input.site.currency;
  const brand: Organization = { '@type': 'Organization', name: input.site.title };
  const variants = content?.variants ?? [];
  const offerOf = (variant: (typeof variants)[number]): Offer => ({
    '@type': 'Offer',
    url: input.canonical,
    price: variantPrice(variant, currency),
    priceCurrency: variant.priceMoney.currency ?? currency,
    availability: availability(variant),
    ...(variant.sku ? { sku: variant.sku } : {}),
    itemCondition: 'https://schema.org/NewCondition',
  });
  const base = { name: item.title, description, image: images, brand, url: input.canonical };
  if (variants.length <= 1) {
    const variant = variants[0];
    const product: WithContext<Product> = {
      '@context': 'https://schema.org',
      '@type': 'Product',
      ...base,
      ...(variant?.sku ? { sku: variant.sku } : {}),
      ...(variant?.gtin ? { gtin: variant.gtin } : {}),
      ...(variant ? { offers: offerOf(variant) } : {}),
    };
    return product;
  }
  const varies = [...new Set(variants.flatMap((v) => Object.keys(v.attributes)))];
  const group: WithContext<ProductGroup> = {
    '@context': 'https://schema.org',
    '@type': 'ProductGroup',
    ...base,
    productGroupID: item.id,
    ...(varies.length > 0 ? { variesBy: varies } : {}),
    hasVariant: variants.map((variant): Product => ({
      '@type': 'Product',
      name: [item.title, ...Object.values(variant.attributes)].join(' – '),
      image: variant.mainImage ? [socialImage(input.origin, variant.mainImage).url] : images,
      ...(variant.sku ? { sku: variant.sku } : {}),
      ...(variant.gtin ? { gtin: variant.gtin } : {}),
      offers: offerOf(variant),
    })),
  };
  return group;
}

function blogPostingLd(input: SeoInput, item: ContentItem, images: string[], description: string): WithContext<BlogPosting> {
  const published = item.publishOn ?? item.addedOn;
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: item.title,
    description,
    url: input.canonical,
    mainEntityOfPage: input.canonical,
    datePublished: new Date(published).toISOString(),
    dateModified: new Date(Math.max(item.updatedOn, published)).toISOString(),
    author: item.author ? { '@type': 'Person', name: item.author.displayName } : { '@type': 'Organization', name: input.site.title },
    publisher: { '@type': 'Organization', name: input.site.title },
    ...(images.length > 0 ? { image: images } : {}),
  };
}

function eventLd(input: SeoInput, item: ContentItem, images: string[], description: string): WithContext<Event> {
  const location = item.location;
  const address = [location?.addressLine1, location?.addressLine2].filter(Boolean).join(', ');
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: item.title,
    description,
    url: input.canonical,
    ...(item.startDate ? { startDate: new Date(item.startDate).toISOString() } : {}),
    ...(item.endDate ? { endDate: new Date(item.endDate).toISOString() } : {}),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: {
      '@type': 'Place',
      name: location?.addressLine1 || input.site.title,
      address: { '@type': 'PostalAddress', streetAddress: address, addressCountry: location?.addressCountry || input.site.country },
      ...(typeof location?.mapLat === 'number' && typeof location.mapLng === 'number'
        ? { geo: { '@type': 'GeoCoordinates', latitude: location.mapLat, longitude: location.mapLng } }
        : {}),
    },
    organizer: { '@type': 'Organization', name: input.site.title, url: `${input.origin}/` },
    ...(images.length > 0 ? { image: images } : {}),
    ...(item.tickets ? eventOffers(input, item.tickets) : {}),
  };
}

/** An event's admission as the page shows it: one Offer at its price (free when 0), sold out or not. */
function eventOffers(input: SeoInput, tickets: NonNullable<ContentItem['tickets']>): Pick<Event, 'offers' | 'isAccessibleForFree'> {
  const { price } = tickets;
  const offer: Offer = {
    '@type': 'Offer',
    url: tickets.url ? absoluteUrl(input.origin, tickets.url) : input.canonical,
    price: fromMinorUnits(BigInt(price.value), price.currency),
    priceCurrency: price.currency,
    availability: tickets.soldOut ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
  };
  return { offers: offer, ...(BigInt(price.value) === 0n ? { isAccessibleForFree: true } : {}) };
}

/** The breadcrumb the page shows: the collection, then the item (or the category). */
function breadcrumbLd(input: SeoInput): WithContext<BreadcrumbList> | null {
  const { collection, item, category } = input;
  if (!collection || (!item && !category)) return null;
  const last = item ? { name: item.title, url: input.canonical } : { name: category?.displayName ?? '', url: input.canonical };
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: collection.title, item: absoluteUrl(input.origin, collection.fullUrl) },
      { '@type': 'ListItem', position: 2, name: last.name, item: last.url },
    ],
  };
}

/** The site's own blocks on the home page: the business and the site with its search. */
function homeLd(input: SeoInput): Array<WithContext<Thing>> {
  const home = `${input.origin}/`;
  const organization: WithContext<Organization> = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: input.site.title,
    url: home,
    ...(input.site.seo.socialImage ? { logo: absoluteUrl(input.origin, input.site.seo.socialImage) } : {}),
    ...(input.site.businessEmail ? { email: input.site.businessEmail } : {}),
    ...(input.site.country ? { address: { '@type': 'PostalAddress', addressCountry: input.site.country } } : {}),
  };
  const website: WithContext<WebSite> = {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: input.site.title,
    url: home,
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${input.origin}/search?q={search_term_string}` },
      // schema.org's documented form for the query's input (not in schema-dts's types).
      ...({ 'query-input': 'required name=search_term_string' } as object),
    },
  };
  return [organization, website];
}

/** The head's tags of a page. */
export function seoView(input: SeoInput): SeoView {
  const { item, family, site } = input;
  const description = descriptionOf(input);
  const ownTitle = item?.seo?.title || (item ? '' : input.collection?.seo?.title) || '';
  const title = ownTitle || (input.pageTitle ? `${input.pageTitle} — ${site.title}` : site.title);
  const image = imageOf(input);
  const images = itemImages(item).map((img) => socialImage(input.origin, img).url);
  if (images.length === 0 && image) images.push(image.url);
  const isProduct = Boolean(item && family === 'products');
  const isArticle = Boolean(item && (family === 'blog' || family === 'lessons'));
  const meta: MetaTag[] = [];
  const property = (name: string, content: string | number | undefined) => {
    if (content !== undefined && content !== '') meta.push({ attr: 'property', name, content: String(content) });
  };
  const named = (name: string, content: string | undefined) => {
    if (content) meta.push({ attr: 'name', name, content });
  };
  property('og:site_name', site.title);
  property('og:title', ownTitle || input.pageTitle || site.title);
  property('og:type', isProduct ? 'product' : isArticle ? 'article' : 'website');
  property('og:url', input.canonical);
  property('og:locale', site.locale.replace('-', '_'));
  property('og:description', description);
  if (image) {
    property('og:image', image.url);
    if (image.url.startsWith('https:')) property('og:image:secure_url', image.url);
    property('og:image:width', image.width);
    property('og:image:height', image.height);
    property('og:image:alt', image.alt);
  }
  const jsonLd: Array<WithContext<Thing>> = [];
  if (item && isProduct) {
    const variants = item.structuredContent?.variants ?? [];
    const cheapest = variants.reduce<(typeof variants)[number] | undefined>(
      (low, v) => (!low || Number(variantPrice(v, site.currency)) < Number(variantPrice(low, site.currency)) ? v : low),
      undefined,
    );
    if (cheapest) {
      property('product:price:amount', variantPrice(cheapest, site.currency));
      property('product:price:currency', cheapest.priceMoney.currency ?? site.currency);
      property('product:availability', inStock(item) ? 'instock' : 'oos');
    }
    jsonLd.push(productLd(input, item, images, description));
  } else if (item && isArticle) {
    property('article:published_time', new Date(item.publishOn ?? item.addedOn).toISOString());
    property('article:modified_time', new Date(item.updatedOn).toISOString());
    if (item.author) property('article:author', item.author.displayName);
    for (const tag of item.tags.slice(0, 10)) property('article:tag', tag);
    jsonLd.push(blogPostingLd(input, item, images, description));
  } else if (item && family === 'events') {
    jsonLd.push(eventLd(input, item, images, description));
  }
  named('twitter:card', image ? 'summary_large_image' : 'summary');
  named('twitter:title', ownTitle || input.pageTitle || site.title);
  named('twitter:description', description);
  if (image) {
    named('twitter:image', image.url);
    named('twitter:image:alt', image.alt);
  }
  const crumbs = breadcrumbLd(input);
  if (crumbs) jsonLd.push(crumbs);
  if (input.home) jsonLd.push(...homeLd(input));
  return { title, description, canonical: input.canonical, noindex: input.noindex, meta, jsonLd, feed: input.feed };
}
