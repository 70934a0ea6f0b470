// Collections and items of every kind the storefront shows (posts, events, gallery images, audio,
// pages), what the storefront may see (SPEC 3 statuses), cursor pagination, and the SPEC 9 limits.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CONTENT_LIMITS, RecordType } from '@sc/contracts';
import { json } from '../src/shared/db.js';
import { ADMIN, setup, type Kit } from './kit.js';

const PUBLIC = '/api/content-service/public/1.0';
const image = (name: string) => ({
  assetUrl: `https://img.example.com/${name}.jpg`,
  originalSize: '1200x800',
  filename: `${name}.jpg`,
  altText: name,
});

describe('collections and items', () => {
  let kit: Kit;
  let site: string;
  const owner = () => ({ websiteId: site, roles: ADMIN });
  const visitor = () => ({ websiteId: site });
  const base = () => `/api/content-service/1.0/websites/${site}`;

  beforeAll(async () => {
    kit = await setup();
    site = await kit.newWebsite();
  });
  afterAll(async () => kit.close());

  async function collection(body: Record<string, unknown>): Promise<{ id: string; urlId: string }> {
    const response = await kit.call('POST', `${base()}/collections`, owner(), body);
    expect(response.statusCode).toBe(201);
    return response.json();
  }
  const post = (collectionId: string, body: Record<string, unknown>) =>
    kit.call('POST', `${base()}/collections/${collectionId}/items`, owner(), body);

  it('creates collections of every SPEC collection type but stores, with URL ids from titles', async () => {
    for (const type of [1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 15, 16, 17, 18, 24, 25]) {
      const made = await collection({ type, title: `Type ${type} page` });
      expect(made).toMatchObject({ type, urlId: expect.stringMatching(/^type-\d+-page/) });
    }
    const again = await collection({ type: 1, title: 'Type 1 page' });
    expect(again.urlId).toBe('type-1-page-1');
  });

  describe('blog posts', () => {
    let blog: { id: string; urlId: string };
    beforeAll(async () => {
      blog = await collection({ type: 1, kind: 'blog', title: 'Notes' });
    });

    it('stores the SPEC item fields and shows published posts newest first', async () => {
      const created = await post(blog.id, {
        recordType: RecordType.TEXT,
        title: 'Hello harbour',
        excerpt: '<p>First post</p>',
        body: '<p>Body</p>',
        author: { displayName: 'Maren' },
        tags: ['boats', 'Fog'],
        categories: ['News'],
        commentState: 1,
        likeCount: 4,
        publicCommentCount: 2,
        starred: true,
        sourceUrl: 'https://example.com/source',
        publishOn: '2024-05-01T10:00:00Z',
        mainImage: image('hello'),
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        recordType: 1,
        urlId: 'hello-harbour',
        fullUrl: '/notes/hello-harbour',
        author: { displayName: 'Maren' },
        tags: ['boats', 'Fog'],
        categories: ['News'],
        commentState: 1,
        likeCount: 4,
        publicCommentCount: 2,
        starred: true,
        publishOn: Date.parse('2024-05-01T10:00:00Z'),
        mainImage: { assetUrl: 'https://img.example.com/hello.jpg', originalSize: '1200x800', mediaFocalPoint: { x: 0.5, y: 0.5 } },
      });
      await post(blog.id, { recordType: 1, title: 'Later post', publishOn: '2024-06-01T10:00:00Z' });
      const listed = await kit.call('GET', `${PUBLIC}/collections/${blog.id}/items`, visitor());
      expect(listed.json().items.map((i: { title: string }) => i.title)).toEqual(['Later post', 'Hello harbour']);
      const tagged = await kit.call('GET', `${PUBLIC}/collections/${blog.id}/items?tag=boats`, visitor());
      expect(tagged.json().items.map((i: { title: string }) => i.title)).toEqual(['Hello harbour']);
      const resolved = await kit.call('GET', `${PUBLIC}/resolve?path=${encodeURIComponent('/notes/hello-harbour')}`, visitor());
      expect(resolved.json()).toMatchObject({ collection: { id: blog.id }, item: { title: 'Hello harbour' }, category: null });
    });

    it("refuses repeated tags ('This tag already exists'), long tags and categories (SPEC 9), and bad links", async () => {
      const repeated = await post(blog.id, { recordType: 1, title: 'Dup', tags: ['sea', 'Sea'] });
      expect(repeated.statusCode).toBe(400);
      expect(repeated.json().error.message).toBe('This tag already exists');
      const repeatedCategory = await post(blog.id, { recordType: 1, title: 'Dup', categories: ['News', 'news'] });
      expect(repeatedCategory.json().error.message).toBe('This category already exists');
      const longTag = await post(blog.id, { recordType: 1, title: 'Long', tags: ['t'.repeat(CONTENT_LIMITS.tagLength + 1)] });
      expect(longTag.json().error).toMatchObject({
        message: 'Tags can be at most 50 characters long.',
        fields: { 'tags.0': 'Tags can be at most 50 characters long.' },
      });
      expect((await post(blog.id, { recordType: 1, title: 'Fifty', tags: ['t'.repeat(CONTENT_LIMITS.tagLength)] })).statusCode).toBe(201);
      const longCategory = await post(blog.id, { recordType: 1, title: 'Long', categories: ['c'.repeat(26)] });
      expect(longCategory.json().error.message).toBe('Categories can be at most 25 characters long.');
      const badLink = await post(blog.id, { recordType: 1, title: 'Link', externalLink: 'javascript:alert(1)' });
      expect(badLink.json().error.message).toBe('javascript:alert(1) is not a valid page URL');
      const wrongKind = await post(blog.id, {
        recordType: RecordType.EVENT,
        title: 'Party',
        startDate: '2030-01-01T10:00:00Z',
        endDate: '2030-01-01T12:00:00Z',
      });
      expect(wrongKind.json().error.message).toBe('This collection cannot hold items of this kind.');
    });

    it('never shows drafts, private, needs-review or not-yet-due scheduled items to the storefront', async () => {
      const hidden = await collection({ type: 1, title: 'Statuses' });
      const future = new Date(Date.now() + 3_600_000).toISOString();
      const ids: Record<string, string> = {};
      for (const [title, fields] of [
        ['Live', { status: 'published' }],
        ['Draft', { status: 'draft' }],
        ['Private', { status: 'private' }],
        ['Review', { status: 'needs-review' }],
        ['Later', { status: 'scheduled', publishOn: future }],
      ] as const) {
        ids[title] = (await post(hidden.id, { recordType: 1, title, ...fields })).json().id;
      }
      const listed = await kit.call('GET', `${PUBLIC}/collections/${hidden.id}/items`, visitor());
      expect(listed.json().items.map((i: { title: string }) => i.title)).toEqual(['Live']);
      for (const title of ['Draft', 'Private', 'Review', 'Later']) {
        expect((await kit.call('GET', `${PUBLIC}/items/${ids[title]}`, visitor())).statusCode).toBe(404);
        expect((await kit.call('GET', `${PUBLIC}/resolve?path=/statuses/${title.toLowerCase()}`, visitor())).statusCode).toBe(404);
      }
      const ownerView = await kit.call('GET', `${base()}/collections/${hidden.id}/items`, owner());
      expect(
        ownerView
          .json()
          .items.map((i: { statusLabel: string | null }) => i.statusLabel)
          .sort(),
      ).toEqual(['Draft', 'Needs Review', 'Private', 'Scheduled', null].sort());
      const onlyDrafts = await kit.call('GET', `${base()}/collections/${hidden.id}/items?status=draft`, owner());
      expect(onlyDrafts.json().items.map((i: { title: string }) => i.title)).toEqual(['Draft']);
      // A scheduled item whose time comes is published, even though nobody changed anything (the
      // storefront's cached answer expires when the next scheduled item is due).
      const soon = new Date(Date.now() + 1_500).toISOString();
      await post(hidden.id, { recordType: 1, title: 'Soon', status: 'scheduled', publishOn: soon });
      const before = await kit.call('GET', `${PUBLIC}/collections/${hidden.id}/items`, visitor());
      expect(before.json().items.map((i: { title: string }) => i.title)).toEqual(['Live']);
      await new Promise((resolve) => setTimeout(resolve, Date.parse(soon) - Date.now() + 100));
      const due = await kit.call('GET', `${PUBLIC}/collections/${hidden.id}/items`, visitor());
      expect(
        due
          .json()
          .items.map((i: { title: string }) => i.title)
          .sort(),
      ).toEqual(['Live', 'Soon']);
      const pastSchedule = await post(hidden.id, { recordType: 1, title: 'Past', status: 'scheduled', publishOn: '2001-01-01T00:00:00Z' });
      expect(pastSchedule.json().error.message).toBe('A scheduled item needs a publish date in the future.');
    });

    it("shows an owner's change on the storefront at once, although the storefront's answer is cached", async () => {
      const cached = await collection({ type: 1, title: 'Cached' });
      const item = (await post(cached.id, { recordType: 1, title: 'Before' })).json();
      const first = await kit.call('GET', `${PUBLIC}/collections/${cached.id}/items`, visitor());
      expect(first.json().items.map((i: { title: string }) => i.title)).toEqual(['Before']);
      await kit.call('PUT', `${base()}/items/${item.id}`, owner(), { recordType: 1, title: 'After' });
      const second = await kit.call('GET', `${PUBLIC}/collections/${cached.id}/items`, visitor());
      expect(second.json().items.map((i: { title: string }) => i.title)).toEqual(['After']);
    });

    it('hides everything of a disabled collection', async () => {
      const off = await collection({ type: 1, title: 'Switched off' });
      const item = (await post(off.id, { recordType: 1, title: 'Inside' })).json();
      await kit.call('PUT', `${base()}/collections/${off.id}`, owner(), { enabled: false });
      expect((await kit.call('GET', `${PUBLIC}/collections/${off.id}/items`, visitor())).statusCode).toBe(404);
      expect((await kit.call('GET', `${PUBLIC}/items/${item.id}`, visitor())).statusCode).toBe(404);
      expect((await kit.call('GET', `${PUBLIC}/resolve?path=/switched-off`, visitor())).statusCode).toBe(404);
    });
  });

  describe('cursor pagination', () => {
    it('walks a hand-ordered collection in stable pages with opaque cursors', async () => {
      const gallery = await collection({ type: 15, title: 'Pages of pictures' });
      for (let i = 0; i < 7; i++) await post(gallery.id, { recordType: RecordType.IMAGE, title: `Picture ${i}`, image: image(`p${i}`) });
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const response = await kit.call(
          'GET',
          `${PUBLIC}/collections/${gallery.id}/items?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
          visitor(),
        );
        const page = response.json<{ items: Array<{ title: string }>; hasNextPage: boolean; nextPageCursor: string | null }>();
        seen.push(...page.items.map((i) => i.title));
        expect(page.hasNextPage).toBe(page.nextPageCursor !== null);
        if (page.nextPageCursor) expect(page.nextPageCursor).toMatch(/^[A-Za-z0-9_-]+$/);
        cursor = page.nextPageCursor;
        pages++;
      } while (cursor);
      expect(pages).toBe(3);
      expect(seen).toEqual(Array.from({ length: 7 }, (_, i) => `Picture ${i}`));
    });

    it('walks a date-ordered collection newest first without repeats when dates tie', async () => {
      const blog = await collection({ type: 1, title: 'Same day' });
      for (let i = 0; i < 5; i++) await post(blog.id, { recordType: 1, title: `Tie ${i}`, publishOn: '2024-01-01T00:00:00Z' });
      const first = (await kit.call('GET', `${base()}/collections/${blog.id}/items?limit=2`, owner())).json();
      const second = (
        await kit.call('GET', `${base()}/collections/${blog.id}/items?limit=2&cursor=${first.nextPageCursor}`, owner())
      ).json();
      const third = (
        await kit.call('GET', `${base()}/collections/${blog.id}/items?limit=2&cursor=${second.nextPageCursor}`, owner())
      ).json();
      const all = [...first.items, ...second.items, ...third.items].map((i: { id: string }) => i.id);
      expect(new Set(all).size).toBe(5);
      expect(third.hasNextPage).toBe(false);
    });

    it('refuses a tampered cursor or one from another list with a 400', async () => {
      const a = await collection({ type: 1, title: 'List A' });
      const b = await collection({ type: 1, title: 'List B' });
      for (let i = 0; i < 2; i++) {
        await post(a.id, { recordType: 1, title: `A${i}` });
        await post(b.id, { recordType: 1, title: `B${i}` });
      }
      const page = (await kit.call('GET', `${PUBLIC}/collections/${a.id}/items?limit=1`, visitor())).json();
      const foreign = await kit.call('GET', `${PUBLIC}/collections/${b.id}/items?limit=1&cursor=${page.nextPageCursor}`, visitor());
      expect(foreign.statusCode).toBe(400);
      const forged = Buffer.from(JSON.stringify({ k: "x'; drop table items; --", i: 'x', s: `items:${a.id}:date` })).toString('base64url');
      expect((await kit.call('GET', `${PUBLIC}/collections/${a.id}/items?cursor=${forged}`, visitor())).statusCode).toBe(400);
      expect((await kit.call('GET', `${PUBLIC}/collections/${a.id}/items?cursor=not-base64`, visitor())).statusCode).toBe(400);
    });

    it('pages the owner collection list', async () => {
      const first = (await kit.call('GET', `${base()}/collections?limit=2`, owner())).json();
      expect(first.items).toHaveLength(2);
      const second = (await kit.call('GET', `${base()}/collections?limit=2&cursor=${first.nextPageCursor}`, owner())).json();
      expect(second.items[0].id).not.toBe(first.items[1].id);
    });
  });

  describe('events, gallery images, audio and pages', () => {
    it('stores events with start, end and location, listed by date', async () => {
      const events = await collection({ type: 1, kind: 'events', title: 'Happenings' });
      expect(events).toMatchObject({ typeName: 'events', ordering: 'date' });
      const made = await post(events.id, {
        recordType: RecordType.EVENT,
        title: 'Harbour swim',
        startDate: '2030-07-01T09:00:00Z',
        endDate: '2030-07-01T11:00:00Z',
        location: { addressLine1: 'East End Beach', addressCountry: 'United States', mapLat: 43.67, mapLng: -70.24 },
      });
      expect(made.json()).toMatchObject({
        startDate: Date.parse('2030-07-01T09:00:00Z'),
        endDate: Date.parse('2030-07-01T11:00:00Z'),
        location: { addressLine1: 'East End Beach', addressLine2: '', addressCountry: 'United States', mapLat: 43.67, mapLng: -70.24 },
      });
      const backwards = await post(events.id, {
        recordType: 12,
        title: 'Time travel',
        startDate: '2030-07-02T09:00:00Z',
        endDate: '2030-07-01T09:00:00Z',
      });
      expect(backwards.json().error.message).toBe('An event cannot end before it starts.');
    });

    it('stores gallery images with the SPEC Image fields and refuses the 51st (SPEC 9 gallery size)', async () => {
      const gallery = await collection({ type: 15, title: 'Full gallery' });
      const first = await post(gallery.id, {
        recordType: RecordType.IMAGE,
        title: 'Dawn',
        image: {
          ...image('dawn'),
          mediaFocalPoint: { x: 0.3, y: 0.6 },
          colorData: {
            topLeftAverage: 'aabbcc',
            topRightAverage: 'aabbcc',
            bottomLeftAverage: '112233',
            bottomRightAverage: '112233',
            centerAverage: '778899',
          },
          systemDataVariants: '100w,300w',
          title: 'Dawn',
          body: 'Boats at dawn',
        },
      });
      expect(first.json().image).toMatchObject({
        mediaFocalPoint: { x: 0.3, y: 0.6 },
        colorData: { centerAverage: '778899' },
        systemDataVariants: '100w,300w',
        filename: 'dawn.jpg',
      });
      const noName = await post(gallery.id, { recordType: 2, title: 'Nameless', image: { ...image('x'), filename: '' } });
      expect(noName.json().error.message).toBe('Please enter a file name');
      await fill(gallery.id, CONTENT_LIMITS.gallerySize - 1, 2);
      const over = await post(gallery.id, { recordType: 2, title: 'One more', image: image('more') });
      expect(over.statusCode).toBe(400);
      expect(over.json().error.message).toBe('A gallery can hold at most 50 images.');
    });

    it('refuses the 61st album track (SPEC 9)', async () => {
      const album = await collection({ type: 18, title: 'Sea shanties' });
      await fill(album.id, CONTENT_LIMITS.albumTracks, 7);
      const over = await post(album.id, { recordType: RecordType.AUDIO, title: 'Track 61', assetUrl: 'https://audio.example.com/61.mp3' });
      expect(over.json().error.message).toBe('An album can hold at most 60 tracks.');
    });

    it('refuses the 251st item of a hand-ordered collection, and hand order for a larger one (SPEC 9)', async () => {
      const links = await collection({ type: 1, title: 'Hand ordered', ordering: 'user' });
      await fill(links.id, CONTENT_LIMITS.userOrderableItems, 1);
      const over = await post(links.id, { recordType: 1, title: 'Too many' });
      expect(over.json().error.message).toBe('A collection in a custom order can hold at most 250 items.');
      const big = await collection({ type: 1, title: 'Big blog' });
      await fill(big.id, CONTENT_LIMITS.userOrderableItems + 1, 1);
      const reorder = await kit.call('PUT', `${base()}/collections/${big.id}`, owner(), { ordering: 'user' });
      expect(reorder.json().error.message).toBe('A collection with more than 250 items cannot be put in a custom order.');
    });

    it('keeps pages as layouts of at most 60 blocks (SPEC 9) and refuses items in them', async () => {
      const blocks = (n: number) => Array.from({ length: n }, () => ({ type: 2, data: { html: '<p>x</p>' } }));
      const page = await collection({ type: 10, title: 'Landing', layout: { blocks: blocks(60) } });
      const tooMany = await kit.call('PUT', `${base()}/collections/${page.id}`, owner(), { layout: { blocks: blocks(61) } });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().error.message).toBe('A layout can hold at most 60 blocks.');
      const item = await post(page.id, { recordType: 1, title: 'Nope' });
      expect(item.json().error.message).toBe('Pages hold a layout, not items.');
    });
  });

  /** Inserts `count` items straight into the table (the limits are about what the API adds next). */
  async function fill(collectionId: string, count: number, recordType: number): Promise<void> {
    const rows = Array.from({ length: count }, (_, i) => ({
      id: `${collectionId}-f${i}`,
      website_id: site,
      collection_id: collectionId,
      record_type: recordType,
      url_id: `f-${i}`,
      title: `F ${i}`,
      status: 'published' as const,
      publish_on: null,
      display_index: 1000 + i,
      sort_date: new Date().toISOString(),
      product_type: null,
      data: json({}),
    }));
    await kit.ctx.db.insertInto('items').values(rows).execute();
  }
});
