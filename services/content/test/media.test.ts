// The owners' media library: uploads are listed with their sizes, where each image is used
// (products, blog posts, pages), alt text required for product images (a warning where missing),
// alt text and focal point written into every usage, replacing an image everywhere with a new
// upload (a new content-hashed URL; the old one marked replaced and kept), deleting an unused
// image with all its files, and nobody reaching another website's images.
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  MediaMessages,
  ProductType,
  RecordType,
  Role,
  type MediaAsset,
  type MediaList,
  type ReplacedMedia,
  type UploadedAsset,
} from '@sc/contracts';
import { pngImage } from '@sc/platform/test-kit';
import { DirectoryAssetStorage } from '../src/assets/asset-storage.js';
import { imageUpload } from './upload-kit.js';
import { ADMIN, setup, type Caller, type Kit, KIT_START_TIMEOUT_MS } from './kit.js';

const usd = (value: number) => ({ value: String(value), currency: 'USD' });

describe('media library', () => {
  let kit: Kit;
  let site: string;
  let other: string;
  let dir: string;
  const owner = (websiteId = site, roles: number[] = ADMIN): Caller => ({ websiteId, roles });
  const base = (websiteId = site) => `/api/content-service/1.0/websites/${websiteId}`;
  const media = (websiteId = site) => `${base(websiteId)}/media`;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sc-media-test-'));
    kit = await setup({ assets: new DirectoryAssetStorage(dir) });
    site = await kit.newWebsite();
    other = await kit.newWebsite();
  }, KIT_START_TIMEOUT_MS);
  afterAll(async () => kit?.close());

  const upload = async (name: string, bytes: Buffer, websiteId = site): Promise<UploadedAsset> => {
    const { body, headers } = imageUpload(name, bytes);
    const response = await kit.call('POST', `${base(websiteId)}/assets`, { ...owner(websiteId), headers }, body);
    expect(response.statusCode).toBe(201);
    return response.json<UploadedAsset>();
  };
  const list = async () => (await kit.call('GET', media(), owner())).json<MediaList>().assets;
  const one = async (id: string) => (await kit.call('GET', `${media()}/${id}`, owner())).json<MediaAsset>();

  async function productWith(image: UploadedAsset, altText: string): Promise<{ storeId: string; itemId: string }> {
    const store = await kit.call('POST', `/api/content-service/product/1.1/websites/${site}/products`, owner(), {
      title: 'Shop',
      navigationTitle: 'Shop',
      urlId: 'shop',
      enabled: true,
    });
    const storeId = store.json<{ id: string }>().id;
    const created = await kit.call('POST', `/api/content-service/product/1.1/websites/${site}/products/${storeId}/items`, owner(), {
      recordType: RecordType.STORE_ITEM,
      title: 'Linen tote',
      images: [{ assetUrl: image.assetUrl, originalSize: image.originalSize, filename: image.filename, altText }],
      structuredContent: { productType: ProductType.PHYSICAL, variants: [{ sku: 'TOTE-1', priceMoney: usd(4800), qtyInStock: 3 }] },
    });
    expect(created.statusCode).toBe(201);
    return { storeId, itemId: created.json<{ id: string }>().id };
  }

  it('lists uploads newest first with their pixel size, bytes and the widths they are served at', async () => {
    const small = await upload('small.png', pngImage(320, 200));
    const large = await upload('large.png', pngImage(1200, 800));
    const assets = await list();
    expect(assets.map((a) => a.id)).toEqual(expect.arrayContaining([small.id, large.id]));
    const big = assets.find((a) => a.id === large.id);
    expect(big).toMatchObject({
      filename: 'large.png',
      contentType: 'image/png',
      originalSize: '1200x800',
      widths: [100, 300, 500, 750, 1000],
      usages: [],
      altWarning: null,
      replacedBy: null,
    });
    expect(big?.assetUrl).toBe(`/api/content-service/public/1.0/assets/${site}/${large.id}.png`);
    expect(assets.find((a) => a.id === small.id)?.widths).toEqual([100, 300]);
    // Uploading the same bytes again is the same image, listed once.
    await upload('again.png', pngImage(320, 200));
    expect((await list()).filter((a) => a.id === small.id)).toHaveLength(1);
  });

  it('shows where an image is used, warns when a product uses it without alt text, and requires alt text for it', async () => {
    const image = await upload('tote.png', pngImage(600, 400, [10, 120, 60]));
    const { itemId } = await productWith(image, '');
    const blog = await kit.call('POST', `${base()}/collections`, owner(), { type: 1, title: 'Journal' });
    const post = await kit.call('POST', `${base()}/collections/${blog.json<{ id: string }>().id}/items`, owner(), {
      recordType: RecordType.TEXT,
      title: 'Packing light',
      body: '<p>Our tote.</p>',
      mainImage: { assetUrl: image.assetUrl, originalSize: image.originalSize, filename: 'tote.png', altText: 'A tote' },
    });
    expect(post.statusCode).toBe(201);
    const page = await kit.call('POST', `${base()}/collections`, owner(), {
      type: 10,
      title: 'About',
      layout: { blocks: [{ type: 5, data: { src: image.assetUrl, alt: '', focalX: 0.5, focalY: 0.5 } }] },
    });
    expect(page.statusCode).toBe(201);

    const found = await one(image.id);
    expect(found.usages).toEqual(
      expect.arrayContaining([
        { kind: 'product', id: itemId, collectionId: expect.any(String), title: 'Linen tote', altRequired: true, altMissing: true },
        {
          kind: 'blog-post',
          id: post.json<{ id: string }>().id,
          collectionId: blog.json<{ id: string }>().id,
          title: 'Packing light',
          altRequired: false,
          altMissing: false,
        },
        {
          kind: 'page',
          id: page.json<{ id: string }>().id,
          collectionId: page.json<{ id: string }>().id,
          title: 'About',
          altRequired: false,
          altMissing: true,
        },
      ]),
    );
    expect(found.usages).toHaveLength(3);
    expect(found.altWarning).toBe(MediaMessages.altWarning);

    const empty = await kit.call('PATCH', `${media()}/${image.id}`, owner(), { altText: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(MediaMessages.altRequired);
  });

  it('writes alt text and a focal point into every usage, with each usage’s own event', async () => {
    const image = await upload('mug.png', pngImage(500, 500, [200, 40, 40]));
    const { storeId, itemId } = await productWith(image, '');
    const page = await kit.call('POST', `${base()}/collections`, owner(), {
      type: 10,
      title: 'Mugs',
      layout: { blocks: [{ type: 5, data: { src: image.assetUrl, alt: '', focalX: 0.5, focalY: 0.5 } }] },
    });
    const before = (await kit.events(site, 'content.product.upserted')).length;

    const updated = await kit.call('PATCH', `${media()}/${image.id}`, owner(), {
      altText: 'A red enamel mug',
      mediaFocalPoint: { x: 0.25, y: 0.75 },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<MediaAsset>()).toMatchObject({
      altText: 'A red enamel mug',
      mediaFocalPoint: { x: 0.25, y: 0.75 },
      altWarning: null,
    });

    const product = await kit.call('GET', `/api/content-service/product/1.1/websites/${site}/products/${storeId}/items/${itemId}`, owner());
    expect(product.json().items[0]).toMatchObject({
      assetUrl: image.assetUrl,
      altText: 'A red enamel mug',
      mediaFocalPoint: { x: 0.25, y: 0.75 },
    });
    const layout = (await kit.call('GET', `${base()}/collections/${page.json<{ id: string }>().id}`, owner())).json().layout;
    expect(layout.blocks[0].data).toEqual({ src: image.assetUrl, alt: 'A red enamel mug', focalX: 0.25, focalY: 0.75 });
    expect((await kit.events(site, 'content.product.upserted')).length).toBe(before + 1);
  });

  it('replaces an image everywhere it is used with a new upload, keeping URLs content-hashed', async () => {
    const image = await upload('chair.png', pngImage(800, 600, [90, 90, 200]));
    const { storeId, itemId } = await productWith(image, 'A blue chair');
    // An image block that knows its picture's size (the page gives it width and height).
    const page = await kit.call('POST', `${base()}/collections`, owner(), {
      type: 10,
      title: 'Chairs',
      layout: { blocks: [{ type: 5, data: { src: image.assetUrl, alt: 'A chair', focalX: 0.5, focalY: 0.5, originalSize: '800x600' } }] },
    });
    expect(page.statusCode).toBe(201);
    const { body, headers } = imageUpload('chair-v2.png', pngImage(1000, 500, [20, 20, 120]));
    const response = await kit.call('POST', `${media()}/${image.id}/replace`, { ...owner(), headers }, body);
    expect(response.statusCode).toBe(200);
    const { asset, replaced } = response.json<ReplacedMedia>();
    expect(replaced).toBe(2);
    expect(asset.id).not.toBe(image.id);
    expect(asset).toMatchObject({ filename: 'chair-v2.png', originalSize: '1000x500', altText: '' });
    expect(asset.usages).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'product', id: itemId, altMissing: false }),
        expect.objectContaining({ kind: 'page', id: page.json<{ id: string }>().id }),
      ]),
    );
    const layout = (await kit.call('GET', `${base()}/collections/${page.json<{ id: string }>().id}`, owner())).json().layout;
    expect(layout.blocks[0].data).toEqual({
      src: `http://localhost:8080${asset.assetUrl}`,
      alt: 'A chair',
      focalX: 0.5,
      focalY: 0.5,
      originalSize: '1000x500',
    });

    const product = await kit.call('GET', `/api/content-service/product/1.1/websites/${site}/products/${storeId}/items/${itemId}`, owner());
    expect(product.json().items[0]).toMatchObject({
      assetUrl: `http://localhost:8080${asset.assetUrl}`,
      originalSize: '1000x500',
      altText: 'A blue chair',
    });
    const old = await one(image.id);
    expect(old).toMatchObject({ replacedBy: asset.id, usages: [] });
    // The old file still answers (pages cached elsewhere), the new one too.
    expect((await kit.call('GET', old.assetUrl, { websiteId: site })).statusCode).toBe(200);
    expect((await kit.call('GET', asset.assetUrl, { websiteId: site })).statusCode).toBe(200);
  });

  it('deletes an unused image with every size made of it; refuses one in use', async () => {
    const image = await upload('gone.png', pngImage(700, 700, [5, 5, 5]));
    expect(
      (
        await kit.call('GET', `${image.assetUrl.replace('http://localhost:8080', '')}?format=300w`, {
          websiteId: site,
          headers: { accept: 'image/webp' },
        })
      ).statusCode,
    ).toBe(200);
    expect(readdirSync(path.join(dir, site)).filter((f) => f.startsWith(image.id))).toHaveLength(2);
    const used = await upload('kept.png', pngImage(300, 300, [1, 2, 3]));
    await productWith(used, 'kept');
    const refused = await kit.call('DELETE', `${media()}/${used.id}`, owner());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(MediaMessages.inUse);

    expect((await kit.call('DELETE', `${media()}/${image.id}`, owner())).statusCode).toBe(204);
    expect(readdirSync(path.join(dir, site)).filter((f) => f.startsWith(image.id))).toEqual([]);
    expect((await kit.call('GET', `${media()}/${image.id}`, owner())).statusCode).toBe(404);
    expect((await kit.call('DELETE', `${media()}/${image.id}`, owner())).statusCode).toBe(404);
  });

  it("never reaches another website's images, and refuses viewers, visitors and bad ids", async () => {
    const theirs = await upload('theirs.png', pngImage(200, 200, [9, 9, 9]), other);
    // Our owner naming their asset id under our website: not found, nothing changed.
    expect((await kit.call('GET', `${media()}/${theirs.id}`, owner())).statusCode).toBe(404);
    expect((await kit.call('PATCH', `${media()}/${theirs.id}`, owner(), { altText: 'mine now' })).statusCode).toBe(404);
    expect((await kit.call('DELETE', `${media()}/${theirs.id}`, owner())).statusCode).toBe(404);
    // Our owner naming their website in the path: refused.
    expect((await kit.call('GET', media(other), owner())).statusCode).toBe(403);
    expect((await kit.call('DELETE', `${media(other)}/${theirs.id}`, owner())).statusCode).toBe(403);
    // An identity signed for our website sent for theirs: refused before any route.
    expect((await kit.call('GET', media(other), { websiteId: other, roles: ADMIN, identityWebsiteId: site })).statusCode).toBe(401);
    expect((await list()).some((a) => a.id === theirs.id)).toBe(false);
    expect(existsSync(path.join(dir, other, `${theirs.id}.png`))).toBe(true);

    expect((await kit.call('GET', media(), { websiteId: site })).statusCode).toBe(401);
    expect((await kit.call('GET', media(), owner(site, [Role.VIEWER]))).statusCode).toBe(403);
    expect((await kit.call('GET', `${media()}/..%2F..%2Fetc`, owner())).statusCode).toBe(400);
    expect((await kit.call('PATCH', `${media()}/${theirs.id}`, owner(), { altText: 'x', extra: true })).statusCode).toBe(400);
    expect((await kit.call('PATCH', `${media()}/${theirs.id}`, owner(), { mediaFocalPoint: { x: 2, y: 0 } })).statusCode).toBe(400);
  });
});
