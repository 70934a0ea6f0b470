// Issue 37's pure rules: the owner's redirects (wildcards, loops refused), trailing-slash
// redirects that never leave the site, canonical URLs, and a page's head through the theme with
// owner text that tries to close the JSON-LD script element or open a comment in it.
import { describe, expect, it } from '@jest/globals';
import {
  DEFAULT_HEADER_FOOTER,
  DEFAULT_SITE_SETTINGS,
  matchRedirect,
  redirectProblem,
  SeoSettings,
  type Collection,
  type ContentItem,
} from '@sc/contracts';
import { canonicalUrl, isNoindex, trailingSlashRedirect } from '../../src/domain/seo-urls.js';
import { descriptionOf, socialImage, truncate } from '../../src/domain/seo-meta.js';
import { itemPage } from '../../src/pages/page-context.js';
import { pageSeo } from '../../src/pages/page-seo.js';
import type { SiteData } from '../../src/pages/site-context.js';
import { Theme } from '../../src/theme/theme.js';
import type { ContentReader } from '../../src/content/content-reader.js';
import { escapeXml, urlXml } from '../../src/domain/sitemap.js';
import { SitemapService } from '../../src/seo/sitemap.service.js';

const HOSTILE = 'Mug </script><script>alert(1)</script> <!--<script> "quoted" & more';

const site: SiteData = {
  site: {
    id: 'w1',
    title: 'Shop',
    templateId: 't',
    settings: { ...DEFAULT_SITE_SETTINGS, seo: { ...DEFAULT_SITE_SETTINGS.seo, description: 'A small shop.' } },
  },
  layout: {
    layout: [
      {
        identifier: 'mainNav',
        templateId: 't',
        links: [{ title: 'Shop', url: '/shop', collectionId: 'c1', externalLink: null, memberAreaId: null, children: [] }],
      },
    ],
  },
  headerFooter: { ...DEFAULT_HEADER_FOOTER, header: { ...DEFAULT_HEADER_FOOTER.header, siteTitle: HOSTILE } },
};
const collection = {
  id: 'c1',
  websiteId: 'w1',
  type: 13,
  typeName: 'products',
  title: HOSTILE,
  navigationTitle: 'Shop',
  urlId: 'shop',
  fullUrl: '/shop',
  enabled: true,
  ordering: 'user',
  layout: null,
  gallerySettings: null,
  itemCount: 1,
  createdOn: 0,
  updatedOn: 0,
} satisfies Collection;
const usd = (cents: number) => ({ value: String(cents), currency: 'USD' as const });
const product: ContentItem = {
  id: 'p1',
  websiteId: 'w1',
  collectionId: 'c1',
  recordType: 11,
  title: HOSTILE,
  urlId: 'mug',
  fullUrl: '/shop/mug',
  status: 'published',
  statusLabel: null,
  publishOn: null,
  addedOn: 0,
  updatedOn: 0,
  displayIndex: 1,
  body: '<p>Body</p>',
  excerpt: `<p>${HOSTILE.replace(/</g, '&lt;')}</p>`,
  tags: [],
  categories: [],
  starred: false,
  author: null,
  sourceUrl: null,
  externalLink: null,
  passthrough: false,
  promotedBlockType: null,
  commentState: 0,
  likeCount: 0,
  publicCommentCount: 0,
  mainImage: null,
  variantOptionOrdering: [],
  structuredContent: {
    productType: 1,
    variants: [
      {
        id: 'v0',
        sku: '</script>',
        attributes: {},
        optionValues: [],
        priceMoney: usd(1250),
        salePriceMoney: usd(0),
        onSale: false,
        price: 1250,
        salePrice: 0,
        qtyInStock: 0,
        unlimited: false,
      },
    ],
    isSubscribable: false,
    subscriptionPlan: null,
    priceMoney: usd(1250),
    salePriceMoney: usd(0),
    onSale: false,
    additionalFieldsFormId: null,
    useCustomAddButtonText: false,
    customAddButtonText: '',
    giftCardDenominations: [],
  },
};

describe('owner redirects', () => {
  const rules = SeoSettings.shape.redirects.parse([
    { from: '/old/*', to: '/new/*' },
    { from: '/blog/[year]/[slug]', to: '/journal/[slug]?y=[year]', status: 302 },
    { from: '/gone', to: 'https://elsewhere.example/' },
  ]);

  it('matches literal paths, * (the rest) and [name] (one part), ignoring a trailing slash and case', () => {
    expect(matchRedirect(rules, '/old/a/b')).toEqual({ location: '/new/a/b', status: 301 });
    expect(matchRedirect(rules, '/OLD/x/')).toEqual({ location: '/new/x', status: 301 });
    expect(matchRedirect(rules, '/blog/2024/bread')).toEqual({ location: '/journal/bread?y=2024', status: 302 });
    expect(matchRedirect(rules, '/blog/2024/a/b')).toBeNull();
    expect(matchRedirect(rules, '/gone/')).toEqual({ location: 'https://elsewhere.example/', status: 301 });
    expect(matchRedirect(rules, '/shop')).toBeNull();
    // A wildcard never carries the visitor to another host.
    expect(matchRedirect(SeoSettings.shape.redirects.parse([{ from: '/x/*', to: '/*' }]), '/x//evil.example')).toEqual({
      location: '/evil.example',
      status: 301,
    });
  });

  it('refuses loops (direct, through a chain, a wildcard onto itself) and repeated starts', () => {
    const parse = (list: unknown) => SeoSettings.shape.redirects.parse(list);
    expect(
      redirectProblem(
        parse([
          { from: '/a', to: '/b' },
          { from: '/b', to: '/c' },
          { from: '/c', to: '/a/' },
        ]),
      )?.message,
    ).toBe('The redirect from /a leads back to itself (/a).');
    expect(redirectProblem(parse([{ from: '/x/*', to: '/x/*' }]))).not.toBeNull();
    expect(
      redirectProblem(
        parse([
          { from: '/a', to: '/b' },
          { from: '/A/', to: '/c' },
        ]),
      )?.message,
    ).toBe('Two redirects start from /A/.');
    expect(
      redirectProblem(
        parse([
          { from: '/a', to: '/b' },
          { from: '/b', to: '/c' },
        ]),
      ),
    ).toBeNull();
    expect(SeoSettings.safeParse({ ...DEFAULT_SITE_SETTINGS.seo, redirects: [{ from: '/a', to: '/a', status: 301 }] }).success).toBe(false);
    for (const bad of [
      { from: 'a', to: '/b' },
      { from: '/a', to: 'javascript:alert(1)' },
      { from: '/a', to: '//evil.example' },
      { from: '/a', to: 'evil.example' },
      { from: '/a/*/*', to: '/b' },
    ]) {
      expect(SeoSettings.shape.redirects.safeParse([bad]).success).toBe(false);
    }
  });
});

describe('one URL per page', () => {
  it('drops a trailing slash, keeps the query and never makes a protocol-relative Location', () => {
    expect(trailingSlashRedirect('/shop/?a=1')).toBe('/shop?a=1');
    expect(trailingSlashRedirect('///evil.example//')).toBe('/evil.example');
    expect(trailingSlashRedirect('/')).toBeNull();
    expect(trailingSlashRedirect('/shop?next=/x/')).toBeNull();
  });

  it('keeps only the list parameters in a canonical URL, in one order', () => {
    expect(canonicalUrl('https://a.example', '/shop', { cursor: 'c2', tag: 't', category: 'k' })).toBe(
      'https://a.example/shop?category=k&tag=t&cursor=c2',
    );
    expect(canonicalUrl('https://a.example', '/café')).toBe('https://a.example/caf%C3%A9');
    expect(isNoindex(50, '/account/orders')).toBe(true);
    expect(isNoindex(2, '/about')).toBe(false);
  });
});

describe('descriptions and social images', () => {
  it('falls back from the excerpt to the body and the site description, cut at a word', () => {
    const item = { ...product, excerpt: '', body: '<p>First &amp; <b>second</b></p>' };
    expect(descriptionOf({ item, collection, category: null, site: { ...site.site.settings, title: 'Shop' } })).toBe('First & second');
    expect(descriptionOf({ item: { ...item, body: '' }, collection, category: null, site: { ...site.site.settings, title: 'Shop' } })).toBe(
      'A small shop.',
    );
    expect(truncate('word '.repeat(50), 20)).toBe('word word word word…');
  });

  it('sizes our own images at a width the asset store serves', () => {
    expect(socialImage('https://a.example', { assetUrl: '/api/img.jpg', originalSize: '1600x1200' })).toEqual({
      url: 'https://a.example/api/img.jpg?format=1500w',
      width: 1500,
      height: 1125,
      alt: '',
    });
    expect(socialImage('https://a.example', { assetUrl: '/api/img.jpg', originalSize: '640x480' })).toMatchObject({
      url: 'https://a.example/api/img.jpg?format=500w',
      width: 500,
      height: 375,
    });
  });
});

describe('the head of a page with hostile owner text', () => {
  it('prints JSON-LD that parses back to the owner text and never closes its script element or opens a comment', () => {
    const page = itemPage(site, collection, product, '/shop/mug', 0);
    page.context.seo = pageSeo(page, site, 'https://a.example', {});
    const { html } = Theme.load().render(page.template, page.context, {});
    const head = html.slice(0, html.indexOf('</head>'));
    const scripts = [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
    expect(scripts).toHaveLength(2);
    for (const text of scripts) expect(text).not.toMatch(/<|-->/);
    const product_ = JSON.parse(scripts[0]!) as { name: string; offers: { price: string; availability: string; sku: string } };
    expect(product_.name).toBe(HOSTILE);
    expect(product_.offers).toMatchObject({ price: '12.50', availability: 'https://schema.org/OutOfStock', sku: '</script>' });
    // Only the page's own script elements: nothing the owner wrote opened another.
    expect(head.match(/<script/g)).toHaveLength(2);
    expect(head).toContain('<link rel="canonical" href="https://a.example/shop/mug">');
    expect(head).toContain('&lt;/script&gt;');
  });
});

describe('sitemap files', () => {
  /** A website with `count` products, answered a page at a time as content would (keys are padded numbers). */
  function reader(count: number): ContentReader {
    const key = (i: number) => String(i).padStart(9, '0');
    return {
      site: async () => null,
      sitemapSummary: async () => ({ types: [{ type: 'products', count, lastmod: 0 }] }),
      sitemapEntries: async (_w, _t, page) => {
        const from = page.after ? Number(page.after) + 1 : (page.skip ?? 0);
        const to = Math.min(from + page.limit, count);
        const entries = Array.from({ length: Math.max(to - from, 0) }, (_, k) => ({
          path: `/shop/p-${from + k}`,
          lastmod: null,
          images: [],
        }));
        return { entries, next: to < count && entries.length === page.limit ? key(to - 1) : null };
      },
    } as Partial<ContentReader> as ContentReader;
  }

  it('splits a type at 50,000 URLs: the index names two files, the second starts where the first stopped', async () => {
    const sitemaps = new SitemapService(reader(50_001));
    const index = await sitemaps.index('w', 'https://a.example');
    expect([...(index ?? '').matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1])).toEqual([
      'https://a.example/sitemaps/products-1.xml',
      'https://a.example/sitemaps/products-2.xml',
    ]);
    const text = async (n: number) => {
      let out = '';
      for await (const chunk of (await sitemaps.file('w', 'https://a.example', 'products', n)) ?? []) out += chunk;
      return out;
    };
    const first = await text(1);
    expect(first.match(/<url>/g)).toHaveLength(50_000);
    expect(first).toContain('<loc>https://a.example/shop/p-49999</loc>');
    expect(await text(2)).toMatch(/^<\?xml[^]*<url><loc>https:\/\/a\.example\/shop\/p-50000<\/loc><\/url>\n<\/urlset>\n$/);
    expect(await sitemaps.file('w', 'https://a.example', 'products', 3)).toBeNull();
  });

  it('escapes what XML cannot hold as it is', () => {
    expect(escapeXml(`a&b<c>"d'\u0001`)).toBe('a&amp;b&lt;c&gt;&quot;d&apos;');
    expect(urlXml('https://a.example', { path: '/shop/a b&c', lastmod: Date.UTC(2025, 0, 2), images: ['/i.jpg'] })).toBe(
      '<url><loc>https://a.example/shop/a%20b&amp;c</loc><lastmod>2025-01-02T00:00:00Z</lastmod><image:image><image:loc>https://a.example/i.jpg</image:loc></image:image></url>\n',
    );
  });
});
