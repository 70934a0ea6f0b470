// Limits per website (issue 34): PRODUCTS_PER_WEBSITE, UPLOADS_PER_WEBSITE and
// STORAGE_BYTES_PER_WEBSITE, set low here. At the limit an addition passes, one over is refused
// with a 4xx naming the limit, and additions racing at the limit never go past it (the website's
// additions of one kind take turns in their transaction). A refused upload leaves no file behind.
// The usage the admin shows (GET …/usage) counts the same things. The environment's defaults are
// checked too.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  ProductType,
  RecordType,
  WebsiteLimitMessages,
  formatFileSize,
  formatMessage,
  type UploadedAsset,
  type WebsiteUsage,
} from '@sc/contracts';
import { pngImage } from '@sc/platform/test-kit';
import { websiteSettings } from '../src/config.js';
import type { ContentParts } from '../src/module.js';
import { ADMIN, setup, type Kit } from './kit.js';
import { imageUpload } from './upload-kit.js';

const MAX_PRODUCTS = 3;
const MAX_UPLOADS = 3;
const usd = (value: number) => ({ value: String(value), currency: 'USD' });
const product = (n: number) => ({
  recordType: RecordType.STORE_ITEM,
  title: `Limit product ${n}`,
  structuredContent: { productType: ProductType.PHYSICAL, variants: [{ sku: `LIMIT-${n}`, priceMoney: usd(1000 + n), qtyInStock: 1 }] },
});

describe('limits per website', () => {
  let kit: Kit;
  let site: string;
  const owner = () => ({ websiteId: site, roles: ADMIN });
  const storage = () => (kit.app as unknown as { serviceParts: ContentParts }).serviceParts.assets.storage;

  beforeAll(async () => {
    // Storage is set per test below through a second app; this one holds counts.
    kit = await setup({
      websites: { productsPerWebsite: MAX_PRODUCTS, uploadsPerWebsite: MAX_UPLOADS, storageBytesPerWebsite: 1_000_000_000 },
    });
    site = await kit.newWebsite();
  });
  afterAll(async () => kit.close());

  const usage = async (on: Kit, websiteId: string) => {
    const answer = await on.call('GET', `/api/content-service/1.0/websites/${websiteId}/usage`, { websiteId, roles: ADMIN });
    expect(answer.statusCode).toBe(200);
    return answer.json<WebsiteUsage>();
  };
  const upload = (on: Kit, websiteId: string, name: string, bytes: Buffer) => {
    const { body, headers } = imageUpload(name, bytes);
    return on.call('POST', `/api/content-service/1.0/websites/${websiteId}/assets`, { websiteId, roles: ADMIN, headers }, body);
  };

  it('takes products up to PRODUCTS_PER_WEBSITE across stores, refuses the next with a 409 naming it, also when creations race', async () => {
    const base = `/api/content-service/product/1.1/websites/${site}/products`;
    const stores: string[] = [];
    for (const title of ['Shop One', 'Shop Two']) {
      const made = await kit.call('POST', base, owner(), {
        navigationTitle: title,
        title,
        urlId: title.toLowerCase().replace(' ', '-'),
        description: '',
        enabled: true,
      });
      expect(made.statusCode).toBe(200);
      stores.push(made.json<{ id: string }>().id);
    }
    expect((await kit.call('POST', `${base}/${stores[0]}/items`, owner(), product(0))).statusCode).toBe(201);
    // Five at once, in two stores, with room for two more.
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => kit.call('POST', `${base}/${stores[n % 2]}/items`, owner(), product(n))));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 409, 409, 409]);
    const message = formatMessage(WebsiteLimitMessages.tooManyProducts, { max: MAX_PRODUCTS });
    expect(answers.find((a) => a.statusCode === 409)!.json()).toEqual({ error: { code: 'CONFLICT', message } });
    expect((await usage(kit, site)).products).toEqual({ used: MAX_PRODUCTS, max: MAX_PRODUCTS });
    // At the limit, one more is refused; after a deletion there is room for one again.
    const over = await kit.call('POST', `${base}/${stores[1]}/items`, owner(), product(6));
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe(message);
    const made = answers.find((a) => a.statusCode === 201)!.json<{ id: string; collectionId: string }>();
    expect((await kit.call('DELETE', `${base}/${made.collectionId}/items/${made.id}`, owner())).statusCode).toBe(204);
    expect((await kit.call('POST', `${base}/${stores[1]}/items`, owner(), product(7))).statusCode).toBe(201);
    // Other content is not counted: a blog post still goes in.
    const blog = await kit.call('POST', `/api/content-service/1.0/websites/${site}/collections`, owner(), {
      type: 1,
      kind: 'blog',
      title: 'Notes',
    });
    expect(
      (
        await kit.call('POST', `/api/content-service/1.0/websites/${site}/collections/${blog.json<{ id: string }>().id}/items`, owner(), {
          recordType: RecordType.TEXT,
          title: 'A note',
          body: '<p>x</p>',
        })
      ).statusCode,
    ).toBe(201);
  });

  it('takes uploads up to UPLOADS_PER_WEBSITE, refuses the next with a 409 naming it, stores no refused file, also when uploads race', async () => {
    const other = await kit.newWebsite();
    const first = await upload(kit, other, 'one.png', pngImage(40, 40, [10, 20, 30]));
    expect(first.statusCode).toBe(201);
    // The same bytes again are the same file: not one more.
    expect((await upload(kit, other, 'one-again.png', pngImage(40, 40, [10, 20, 30]))).statusCode).toBe(201);
    expect((await usage(kit, other)).uploads).toEqual({ used: 1, max: MAX_UPLOADS });
    const racing = [1, 2, 3, 4, 5].map((n) => pngImage(40 + n, 40, [n * 40, 90, 200]));
    const answers = await Promise.all(racing.map((bytes, n) => upload(kit, other, `race-${n}.png`, bytes)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 409, 409, 409]);
    const message = formatMessage(WebsiteLimitMessages.tooManyUploads, { max: MAX_UPLOADS });
    expect(answers.find((a) => a.statusCode === 409)!.json().error).toMatchObject({ code: 'CONFLICT', message });
    expect((await usage(kit, other)).uploads).toEqual({ used: MAX_UPLOADS, max: MAX_UPLOADS });
    const listed = (await kit.call('GET', `/api/content-service/1.0/websites/${other}/media`, { websiteId: other, roles: ADMIN })).json<{
      assets: unknown[];
    }>().assets;
    expect(listed).toHaveLength(MAX_UPLOADS);
    // Only the accepted files are stored (a refused one was either never stored or removed again).
    const stored = await Promise.all(
      racing.map(async (bytes, n) => {
        const answer = answers[n]!;
        const id = answer.statusCode === 201 ? answer.json<UploadedAsset>().id : undefined;
        return { n, accepted: id !== undefined, stored: id ? (await storage().get(`${other}/${id}.png`)) !== undefined : false };
      }),
    );
    expect(stored.filter((s) => s.accepted).every((s) => s.stored)).toBe(true);
    // One over at the limit: refused before anything is stored.
    const late = pngImage(90, 90, [1, 2, 3]);
    const refused = await upload(kit, other, 'late.png', late);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(message);
    // The website's own limit only: another website uploads on.
    expect((await upload(kit, site, 'mine.png', late)).statusCode).toBe(201);
  });

  it('takes files up to STORAGE_BYTES_PER_WEBSITE, refuses one that does not fit with a 413 naming the sizes', async () => {
    const a = pngImage(64, 64, [200, 10, 10]);
    const b = pngImage(72, 48, [10, 200, 10]);
    const c = pngImage(80, 80, [10, 10, 200]);
    // Room for exactly a and b.
    const max = a.length + b.length;
    const tight = await setup({ websites: { uploadsPerWebsite: 100, storageBytesPerWebsite: max } });
    try {
      const id = await tight.newWebsite();
      expect((await upload(tight, id, 'a.png', a)).statusCode).toBe(201);
      expect((await upload(tight, id, 'b.png', b)).statusCode).toBe(201);
      expect((await usage(tight, id)).storageBytes).toEqual({ used: max, max });
      const over = await upload(tight, id, 'c.png', c);
      expect(over.statusCode).toBe(413);
      const message = formatMessage(WebsiteLimitMessages.storageFull, {
        size: formatFileSize(c.length),
        max: formatFileSize(max),
        used: formatFileSize(max),
      });
      expect(over.json().error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message });
      // Deleting a file makes room again.
      const bId = (await tight.call('GET', `/api/content-service/1.0/websites/${id}/media`, { websiteId: id, roles: ADMIN }))
        .json<{ assets: Array<{ id: string; filename: string }> }>()
        .assets.find((x) => x.filename === 'b.png')!.id;
      expect(
        (await tight.call('DELETE', `/api/content-service/1.0/websites/${id}/media/${bId}`, { websiteId: id, roles: ADMIN })).statusCode,
      ).toBe(204);
      expect((await usage(tight, id)).storageBytes).toEqual({ used: a.length, max });
      expect((await upload(tight, id, 'b-again.png', b)).statusCode).toBe(201);
    } finally {
      await tight.close();
    }
  });

  it('has documented defaults, and reads each limit from the environment', () => {
    expect(websiteSettings({}, {})).toMatchObject({
      pagesPerWebsite: 500,
      productsPerWebsite: 5_000,
      uploadsPerWebsite: 10_000,
      storageBytesPerWebsite: 5_000_000_000,
    });
    expect(websiteSettings({}, { PRODUCTS_PER_WEBSITE: '7', UPLOADS_PER_WEBSITE: '8', STORAGE_BYTES_PER_WEBSITE: '9000' })).toMatchObject({
      productsPerWebsite: 7,
      uploadsPerWebsite: 8,
      storageBytesPerWebsite: 9_000,
    });
  });
});
