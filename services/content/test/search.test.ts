// Site search (GET /api/content-service/public/1.0/search) on the configured database (PGlite,
// or Postgres when DATABASE_URL is set): ranked full-text matches among the website's published
// pages, posts, lessons, products and events only, passages with <mark>ed words and everything else
// escaped, ten a page, and clear 400s for a query that cannot be searched.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CollectionType, ProductType, RecordType, SearchMessages, type SearchResponse } from '@sc/contracts';
import { mode } from '@sc/platform/test-kit';
import { excerptHtml } from '../src/domain/search.js';
import { ADMIN, setup, type Kit } from './kit.js';

const SEARCH = '/api/content-service/public/1.0/search';
const usd = (value: number) => ({ value: String(value), currency: 'USD' });
const image = (name: string) => ({ assetUrl: `https://img.example.com/${name}.jpg`, originalSize: '1200x800', filename: `${name}.jpg` });

describe(`site search (${mode.database})`, () => {
  let kit: Kit;
  let site: string;
  let other: string;
  const ids: Record<string, string> = {};

  const owner = (websiteId = site) => ({ websiteId, roles: ADMIN });
  const base = (websiteId = site) => `/api/content-service/1.0/websites/${websiteId}`;
  const search = async (q: string, page?: number, websiteId = site) => {
    const params = new URLSearchParams({ q, ...(page === undefined ? {} : { page: String(page) }) });
    return kit.call('GET', `${SEARCH}?${params.toString()}`, { websiteId });
  };
  const results = async (q: string, page?: number, websiteId = site) => {
    const response = await search(q, page, websiteId);
    expect(response.statusCode).toBe(200);
    return response.json<SearchResponse>();
  };

  async function collection(body: Record<string, unknown>, websiteId = site): Promise<string> {
    const response = await kit.call('POST', `${base(websiteId)}/collections`, owner(websiteId), body);
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string }>().id;
  }
  async function item(collectionId: string, body: Record<string, unknown>, websiteId = site): Promise<string> {
    const response = await kit.call('POST', `${base(websiteId)}/collections/${collectionId}/items`, owner(websiteId), body);
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string }>().id;
  }
  async function store(websiteId: string, urlId: string, enabled = true): Promise<string> {
    const response = await kit.call('POST', `/api/content-service/product/1.1/websites/${websiteId}/products`, owner(websiteId), {
      title: urlId,
      navigationTitle: urlId,
      urlId,
      enabled: true,
    });
    expect(response.statusCode).toBe(200);
    const id = response.json<{ id: string }>().id;
    if (!enabled)
      expect(
        (
          await kit.call('PUT', `/api/content-service/product/1.1/websites/${websiteId}/products/${id}`, owner(websiteId), {
            enabled: false,
          })
        ).statusCode,
      ).toBe(200);
    return id;
  }
  async function product(storeId: string, body: Record<string, unknown>, websiteId = site): Promise<string> {
    const response = await kit.call(
      'POST',
      `/api/content-service/product/1.1/websites/${websiteId}/products/${storeId}/items`,
      owner(websiteId),
      {
        recordType: RecordType.STORE_ITEM,
        structuredContent: {
          productType: ProductType.PHYSICAL,
          variants: [{ sku: `SKU-${Math.random().toString(36).slice(2, 8)}`, priceMoney: usd(1000) }],
        },
        ...body,
      },
    );
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string }>().id;
  }

  beforeAll(async () => {
    kit = await setup();
    site = await kit.newWebsite();
    other = await kit.newWebsite();

    const blog = await collection({ type: CollectionType.GENERIC, kind: 'blog', title: 'Journal', urlId: 'journal' });
    const events = await collection({ type: CollectionType.GENERIC, kind: 'events', title: 'Events', urlId: 'events' });
    const shop = await store(site, 'shop');
    const hidden = await store(site, 'hidden-shop');
    ids.page = await collection({
      type: CollectionType.PAGE,
      title: 'About the studio',
      urlId: 'about',
      layout: {
        blocks: [{ type: 2, data: { html: '<h2>Our story</h2><p>Four people and a sewing machine cutting waxed canvas since 2016.</p>' } }],
      },
    });

    ids.tote = await product(shop, {
      title: 'Waxed Canvas Tote',
      excerpt: '<p>An everyday bag.</p>',
      body: '<p>Cut and sewn in our studio from 18 oz cotton.</p>',
      images: [image('tote')],
    });
    ids.apron = await product(shop, { title: 'Work Apron', body: '<p>Heavy canvas with leather straps, for the workshop.</p>' });
    await product(hidden, { title: 'Canvas Offcuts', body: '<p>Canvas scraps.</p>' });
    await kit.call('PUT', `/api/content-service/product/1.1/websites/${site}/products/${hidden}`, owner(), { enabled: false });
    ids.post = await item(blog, {
      recordType: RecordType.TEXT,
      title: 'Why we wax our cloth by hand',
      body: '<p>Every bolt of canvas is warmed and rubbed with wax. Fish &amp; chips &lt;script&gt;alert(1)&lt;/script&gt; by the harbour at noon.</p>',
      mainImage: image('wax'),
    });
    ids.event = await item(events, {
      recordType: RecordType.EVENT,
      title: 'Open studio evening',
      excerpt: '<p>Try waxing a canvas panel yourself.</p>',
      startDate: '2031-05-01T18:00:00Z',
      endDate: '2031-05-01T21:00:00Z',
    });
    // Never shown: a draft, a private and a needs-review post, and a post scheduled for later.
    ids.draft = await item(blog, {
      recordType: RecordType.TEXT,
      title: 'Zephyrine notes',
      status: 'draft',
      body: '<p>zephyrine canvas</p>',
    });
    await item(blog, { recordType: RecordType.TEXT, title: 'Zephyrine private', status: 'private', body: '<p>zephyrine</p>' });
    await item(blog, { recordType: RecordType.TEXT, title: 'Zephyrine review', status: 'needs-review', body: '<p>zephyrine</p>' });
    await item(blog, {
      recordType: RecordType.TEXT,
      title: 'Zephyrine later',
      status: 'scheduled',
      publishOn: new Date(Date.now() + 86_400_000).toISOString(),
      body: '<p>zephyrine</p>',
    });
    // 23 posts for paging.
    for (let n = 1; n <= 23; n++)
      await item(blog, {
        recordType: RecordType.TEXT,
        title: `Lighthouse log ${String(n).padStart(2, '0')}`,
        body: '<p>Kept at the lighthouse.</p>',
      });

    // Lessons: one in a lessons collection, one in a course; a lesson's video page text is its body.
    const lessons = await collection({ type: CollectionType.LESSONS, title: 'Kiln lessons', urlId: 'kiln-lessons' });
    ids.lessonsCollection = lessons;
    ids.lesson = await item(lessons, {
      recordType: RecordType.LESSON,
      title: 'Loading a kiln',
      body: '<p>Stack the shelves so the kiln breathes.</p>',
    });
    ids.course = await collection({ type: CollectionType.COURSE, title: 'Firing course', urlId: 'firing-course' });
    ids.courseLesson = await item(ids.course, {
      recordType: RecordType.LESSON,
      title: 'Cone packs',
      body: '<p>Read the cones through the kiln spy hole.</p>',
    });
    await item(ids.course, { recordType: RecordType.LESSON, title: 'Kiln log draft', status: 'draft', body: '<p>kiln</p>' });

    // Another website's canvas.
    const theirs = await store(other, 'their-shop');
    ids.theirs = await product(theirs, { title: 'Canvas Bag of Another Site', body: '<p>canvas</p>' }, other);
  }, 240_000);
  afterAll(async () => kit?.close());

  it('ranks a match in the title above matches in the text, across pages, posts, products and events', async () => {
    const answer = await results('canvas');
    expect(answer).toMatchObject({ query: 'canvas', page: 1, pageSize: 10, total: 5 });
    const found = answer.results.map((r) => [r.kind, r.itemId]);
    expect(found[0]).toEqual(['product', ids.tote]);
    expect(new Set(found.map(([, id]) => id))).toEqual(new Set([ids.tote, ids.apron, ids.post, ids.event, ids.page]));
    const ranks = answer.results.map((r) => r.rank);
    expect([...ranks].sort((a, b) => b - a)).toEqual(ranks);
    expect(ranks[0]).toBeGreaterThan(ranks[1]!);
    const tote = answer.results[0]!;
    expect(tote).toMatchObject({
      recordType: RecordType.STORE_ITEM,
      title: 'Waxed Canvas Tote',
      url: '/shop/waxed-canvas-tote',
      assetUrl: 'https://img.example.com/tote.jpg',
    });
    expect(answer.results.find((r) => r.kind === 'page')).toMatchObject({
      itemId: ids.page,
      collectionId: ids.page,
      recordType: null,
      url: '/about',
      assetUrl: null,
    });
    expect(answer.results.find((r) => r.kind === 'post')).toMatchObject({
      recordType: RecordType.TEXT,
      url: expect.stringMatching(/^\/journal\//),
      assetUrl: 'https://img.example.com/wax.jpg',
    });
    expect(answer.results.find((r) => r.kind === 'event')).toMatchObject({
      recordType: RecordType.EVENT,
      url: expect.stringMatching(/^\/events\//),
    });
  });

  it('finds lessons of lesson and course collections like posts, and leaves a gated course to its members', async () => {
    const answer = await results('kiln');
    expect(answer.total).toBe(2);
    expect(answer.results.map((r) => [r.kind, r.itemId])).toEqual([
      ['lesson', ids.lesson],
      ['lesson', ids.courseLesson],
    ]);
    expect(answer.results[0]).toMatchObject({
      recordType: RecordType.LESSON,
      collectionId: ids.lessonsCollection,
      title: 'Loading a kiln',
      url: expect.stringMatching(/^\/kiln-lessons\//),
    });
    expect(answer.results[1]).toMatchObject({
      collectionId: ids.course,
      url: expect.stringMatching(/^\/firing-course\//),
      excerptHtml: expect.stringContaining('<mark>kiln</mark>'),
    });
    expect((await results('cones')).results.map((r) => r.itemId)).toEqual([ids.courseLesson]);

    const area = await kit.call('POST', `${base()}/member-areas`, owner(), { title: 'Firing members', collectionIds: [ids.course] });
    expect(area.statusCode).toBe(201);
    try {
      const found = async (siteUserId?: string) =>
        (await kit.call('GET', `${SEARCH}?q=kiln`, { websiteId: site, ...(siteUserId ? { siteUserId } : {}) }))
          .json<SearchResponse>()
          .results.map((r) => r.itemId);
      expect(await found()).toEqual([ids.lesson]);
      expect(await found('a-member')).toEqual([ids.lesson, ids.courseLesson]);
    } finally {
      await kit.call('DELETE', `${base()}/member-areas/${area.json<{ id: string }>().id}`, owner());
    }
  });

  it('finds words by their stem and by the text of pages', async () => {
    expect((await results('waxing')).results.map((r) => r.itemId)).toEqual(expect.arrayContaining([ids.tote, ids.post, ids.event]));
    expect((await results('sewing machine')).results.map((r) => r.itemId)).toEqual([ids.page]);
  });

  it('marks the matched words and escapes everything else', async () => {
    const [post] = (await results('harbour')).results;
    expect(post?.itemId).toBe(ids.post);
    expect(post?.excerptHtml).toContain('<mark>harbour</mark>');
    expect(post?.excerptHtml).toContain('Fish &amp; chips &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(post?.excerptHtml).not.toMatch(/<(?!\/?mark>)/);
    const [page] = (await results('story')).results;
    expect(page?.excerptHtml).toMatch(/^<mark>Our story<\/mark>|<mark>story<\/mark>/);
    expect(page?.excerptHtml).not.toContain('<h2>');
  });

  it('never shows drafts, private, needs-review or not-yet-due posts, nor a disabled collection, until they are published', async () => {
    expect((await results('zephyrine')).total).toBe(0);
    expect((await results('offcuts')).total).toBe(0);
    const published = await kit.call('PUT', `${base()}/items/${ids.draft}`, owner(), {
      recordType: RecordType.TEXT,
      title: 'Zephyrine notes',
      status: 'published',
      body: '<p>zephyrine canvas</p>',
    });
    expect(published.statusCode).toBe(200);
    expect((await results('zephyrine')).results.map((r) => r.itemId)).toEqual([ids.draft]);
  });

  it("keeps each website's search to its own content", async () => {
    expect((await results('canvas')).results.map((r) => r.itemId)).not.toContain(ids.theirs);
    expect((await results('canvas', 1, other)).results.map((r) => r.itemId)).toEqual([ids.theirs]);
    expect((await results('lighthouse', 1, other)).total).toBe(0);
  });

  it('pages ten results at a time, without repeats, and answers an empty page past the end', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((page) => results('lighthouse', page)));
    expect(pages.map((p) => [p.total, p.results.length])).toEqual([
      [23, 10],
      [23, 10],
      [23, 3],
      [23, 0],
    ]);
    const titles = pages.flatMap((p) => p.results.map((r) => r.title));
    expect(new Set(titles).size).toBe(23);
    // Equal ranks come in title order.
    expect(titles).toEqual([...titles].sort());
  });

  it('refuses a query that cannot be searched with a clear 400', async () => {
    for (const q of ['', '   ']) {
      const response = await search(q);
      expect([response.statusCode, response.json().error.message]).toEqual([400, SearchMessages.queryRequired]);
    }
    const missing = await kit.call('GET', SEARCH, { websiteId: site });
    expect([missing.statusCode, missing.json().error.message]).toEqual([400, SearchMessages.queryRequired]);
    const long = await search('a'.repeat(201));
    expect([long.statusCode, long.json().error.message]).toEqual([400, 'Search for at most 200 characters.']);
    expect((await search('a'.repeat(200))).statusCode).toBe(200);
    for (const page of ['0', '1.5', 'x', '101']) {
      const response = await kit.call('GET', `${SEARCH}?q=canvas&page=${page}`, { websiteId: site });
      expect([response.statusCode, response.json().error.message]).toEqual([400, SearchMessages.pageInvalid]);
    }
    // Only words search ignores: nothing found, not an error.
    expect(await results('the and of')).toMatchObject({ total: 0, results: [] });
    // Query syntax is the visitor's, never SQL's.
    expect((await results('"waxed canvas" -apron or \'; drop table')).total).toBeGreaterThan(0);
    expect((await search('canvas', 1, 'no-such-website')).statusCode).toBe(404);
  });
});

describe(excerptHtml.name, () => {
  it('escapes text and turns only the marks into <mark>', () => {
    expect(excerptHtml('a <b> & "c" \u0001word\u0002 \'d\'')).toBe('a &lt;b&gt; &amp; &quot;c&quot; <mark>word</mark> &#39;d&#39;');
    expect(excerptHtml('\u0002stray\u0001open')).toBe('stray<mark>open</mark>');
    expect(excerptHtml('\u0003script\u0004 \u0001x\u0002')).toBe('&lt;script&gt; <mark>x</mark>');
  });
});
