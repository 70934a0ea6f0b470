// The part of every page's context that comes from the website: `website` and `websiteSettings`
// in the shape the template language's formatters read (store currency, locale, time zone,
// comments, quantity rules), navigation with the current entry marked, header and footer, and the
// site context the islands read. Pure: the content answers come in, the context goes out.
import {
  DEFAULT_SITE_STYLES,
  siteFontStylesheets,
  siteStyleCss,
  islandDataId,
  pageTypeName,
  type ExperimentsContext,
  type HeaderFooter,
  type NavigationLink,
  type PopupOverlay,
  type SiteContextData,
  type SiteLayout,
} from '@sc/contracts';
import type { PublicSite } from '../content/content-reader.js';
import { homeCollectionId } from '../domain/seo-urls.js';

/** What content says about the website, read once per page. */
export interface SiteData {
  site: PublicSite;
  layout: SiteLayout;
  headerFooter: HeaderFooter;
  /** The popup overlay visitors get (null when off; absent when not read, e.g. error pages). */
  popup?: PopupOverlay | null | undefined;
  /** The experiment flags after the session's overrides (domain/experiments.ts); site.settings.betaFlags already carry them. */
  experiments?: ExperimentsContext | undefined;
  /** The hosts the page is served on ("shop.example.com:8080"): links to them in rich text are same-site. */
  hosts?: readonly string[] | undefined;
}

export interface NavEntry {
  title: string;
  url: string;
  external: boolean;
  active: boolean;
  children: NavEntry[];
}

/** One island's data, emitted as `<script type="application/json" id="{dataId}">`. */
export interface IslandDataTag {
  name: string;
  dataId: string;
  data: unknown;
}

export interface SiteContext {
  website: Record<string, unknown>;
  websiteSettings: Record<string, unknown>;
  navigation: { main: NavEntry[]; secondary: NavEntry[] };
  header: HeaderFooter['header'];
  footer: HeaderFooter['footer'];
  path: string;
  pageType: number;
  pageTypeName: string;
  /** SPEC 2: no floating cart pill with express checkout, a custom cart, or on the cart page. */
  showCartPill: boolean;
  /** SPEC 4 experiments in force (null when not computed). */
  experiments: ExperimentsContext | null;
  year: number;
}

function isActive(url: string, path: string, first: boolean): boolean {
  if (url === '' || /^https?:/i.test(url)) return false;
  if (path === '/' && first) return true;
  return path === url || path.startsWith(`${url}/`);
}

function navEntries(links: readonly NavigationLink[], path: string, top: boolean, homeId: string | null): NavEntry[] {
  return links.map((link, index) => {
    // The home page's one URL is '/' (its own path answers a 301 there).
    const url = link.collectionId !== null && link.collectionId === homeId && link.externalLink === null ? '/' : link.url;
    return {
      title: link.title,
      url,
      external: link.externalLink !== null,
      active: isActive(url, path, top && index === 0),
      children: navEntries(link.children, path, false, homeId),
    };
  });
}

/** The site part of a page's context. */
export function siteContext(data: SiteData, path: string, pageType: number, now: number): SiteContext {
  const { site, layout, headerFooter } = data;
  const settings = site.settings;
  const main = layout.layout.find((l) => l.identifier === 'mainNav') ?? layout.layout[0];
  const secondary = layout.layout.find((l) => l.identifier !== (main?.identifier ?? '') && l.identifier === 'secondaryNav');
  const store = settings.store;
  const home = homeCollectionId(layout);
  return {
    website: {
      id: site.id,
      identifier: site.id,
      siteTitle: headerFooter.header.siteTitle || site.title,
      title: site.title,
      templateId: site.templateId,
      language: settings.locale,
      timeZone: settings.timeZone,
      currency: settings.currency,
      country: settings.country,
      siteStatus: settings.siteStatus,
      colors: settings.colors,
      // Site styles: a :root rule made from the chosen values only, and the fonts' stylesheets (served by render).
      styleCss: siteStyleCss(settings.styles ?? DEFAULT_SITE_STYLES),
      fontStylesheets: siteFontStylesheets(settings.styles ?? DEFAULT_SITE_STYLES),
    },
    websiteSettings: {
      storeSettings: {
        selectedCurrency: settings.currency,
        multipleQuantityAllowedForServices: store.allowMultipleQuantityForServices,
        expressCheckout: store.expressCheckout,
        customCart: store.customCart,
        nativeReviewsEnabled: store.nativeReviewsEnabled,
        importedReviewsEnabled: store.importedReviewsEnabled,
        installmentsEnabled: store.installmentsEnabled,
      },
      commentsEnabled: settings.commentsEnabled,
      cookieSettings: settings.cookieSettings,
      betaFlags: settings.betaFlags,
      captchaSiteKey: settings.captchaSiteKey,
    },
    experiments: data.experiments ?? null,
    navigation: { main: navEntries(main?.links ?? [], path, true, home), secondary: navEntries(secondary?.links ?? [], path, false, home) },
    header: headerFooter.header,
    footer: headerFooter.footer,
    path,
    pageType,
    pageTypeName: pageTypeName(pageType) ?? '',
    showCartPill: !store.expressCheckout && !store.customCart && pageType !== 200,
    year: new Date(now).getUTCFullYear(),
  };
}

/** SPEC 3 "Website context read" for the islands (who is signed in is asked of identity). */
export function siteContextData(
  data: SiteData,
  path: string,
  pageType: number,
  ids: { collectionId?: string | undefined; itemId?: string | undefined },
): IslandDataTag {
  const { site } = data;
  const s = site.settings;
  const value: SiteContextData = {
    websiteId: site.id,
    templateId: site.templateId,
    siteTitle: data.headerFooter.header.siteTitle || site.title,
    pageType,
    path,
    collectionId: ids.collectionId ?? null,
    itemId: ids.itemId ?? null,
    locale: s.locale,
    timeZone: s.timeZone,
    currency: s.currency,
    country: s.country,
    siteStatus: s.siteStatus,
    cookieSettings: s.cookieSettings,
    betaFlags: s.betaFlags,
    captchaSiteKey: s.captchaSiteKey,
    ...(data.experiments ? { experiments: data.experiments } : {}),
  };
  return { name: 'site-context', dataId: islandDataId('site-context'), data: value };
}
