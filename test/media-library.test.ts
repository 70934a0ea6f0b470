// @embedded-platform: starts its own embedded platform whatever DATABASE_URL, NATS_URL and REDIS_URL say.
// The media library in a real browser (issue 22, owners' side): two files uploaded at once, each
// with its progress bar reaching 100% and 'Uploaded'; a product using one of them without alt
// text shows in the image's usages with the missing-alt warning; alt text set (the warning goes,
// the product's image carries it) and a focal point set by clicking the picture; the image
// replaced everywhere with a new upload (the product now shows the new content-hashed URL).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { MediaMessages, ProductType, RecordType, type MediaList } from '@sc/contracts';
import { noisyPngImage } from '@sc/platform/test-kit';
import { callApi as call, goToArea, ownerPage, shot, startAdmin, stopAdmin, type AdminHarness } from './admin-kit.js';

const SUITE = 'media-library';
let harness: AdminHarness;
let owner: Page;

beforeAll(async () => {
  harness = await startAdmin();
  owner = (await ownerPage(harness)).page;
}, 200_000);

afterAll(async () => {
  await stopAdmin(harness);
});

const MEDIA = '/api/content-service/1.0/websites/demo/media';

describe('media library', () => {
  it('uploads two files with progress, shows usage and the alt warning, sets alt text and a focal point, and replaces an image everywhere', async () => {
    await goToArea(owner, 'Media');
    await owner.getByRole('heading', { name: 'Media' }).waitFor();
    const first = noisyPngImage(500, 400, 1);
    const second = noisyPngImage(420, 300, 2);
    await owner.getByLabel('Upload images').setInputFiles([
      { name: 'studio-bench.png', mimeType: 'image/png', buffer: first },
      { name: 'studio-window.png', mimeType: 'image/png', buffer: second },
    ]);
    const uploads = owner.getByRole('list', { name: 'Uploads' });
    for (const name of ['studio-bench.png', 'studio-window.png']) {
      const row = uploads.getByRole('listitem').filter({ hasText: name });
      await row.getByRole('status').filter({ hasText: 'Uploaded' }).waitFor();
      expect(await row.getByRole('progressbar', { name: `${name} upload progress` }).getAttribute('value')).toBe('100');
      expect(Number(await row.getAttribute('data-progress-events'))).toBeGreaterThan(0);
    }
    const grid = owner.getByRole('list', { name: 'Images' });
    await grid.getByRole('button', { name: 'Open studio-bench.png' }).waitFor();
    await grid.getByRole('button', { name: 'Open studio-window.png' }).waitFor();
    await shot(owner, SUITE, '1-uploaded');

    // A product uses the bench picture, without alt text.
    const listed = (await call(owner, 'GET', MEDIA)).body as MediaList;
    const bench = listed.assets.find((a) => a.filename === 'studio-bench.png');
    expect(bench).toMatchObject({ originalSize: '500x400', widths: [100, 300, 500] });
    const store = await call(owner, 'POST', '/api/content-service/product/1.1/websites/demo/products', {
      title: 'Bench shop',
      navigationTitle: 'Bench shop',
      urlId: 'bench-shop',
      enabled: true,
    });
    expect([200, 201]).toContain(store.status);
    const storeId = (store.body as { id: string }).id;
    const made = await call(owner, 'POST', `/api/content-service/product/1.1/websites/demo/products/${storeId}/items`, {
      recordType: RecordType.STORE_ITEM,
      title: 'Oak bench',
      images: [{ assetUrl: bench!.assetUrl, originalSize: bench!.originalSize, filename: 'studio-bench.png', altText: '' }],
      structuredContent: {
        productType: ProductType.PHYSICAL,
        variants: [{ sku: 'BENCH-1', priceMoney: { value: '240', currency: 'USD' }, qtyInStock: 2 }],
      },
    });
    expect(made.status).toBe(201);
    const itemId = (made.body as { id: string }).id;
    const product = async () =>
      (
        (await call(owner, 'GET', `/api/content-service/product/1.1/websites/demo/products/${storeId}/items/${itemId}`)).body as {
          items: Array<{ assetUrl: string; altText: string; mediaFocalPoint: { x: number; y: number } }>;
        }
      ).items[0]!;

    // The library shows where it is used, and warns. (The detail's picture arrives late, as on a
    // slow network: the focal point below must not depend on when it lands.)
    await owner.route(/\?format=750w$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await owner.reload();
    await owner.getByRole('list', { name: 'Images' }).getByRole('button', { name: 'Open studio-bench.png' }).click();
    const detail = owner.getByRole('region', { name: 'Image studio-bench.png' });
    await detail.getByRole('list', { name: 'Used in' }).getByText('Product: Oak bench').waitFor();
    await detail.getByRole('alert').filter({ hasText: MediaMessages.altWarning }).waitFor();
    await detail.getByText('500x400 pixels').waitFor();
    await shot(owner, SUITE, '2-usage-warning');

    // Alt text.
    await detail.getByLabel('Alt text').fill('An oak bench under the studio window');
    await detail.getByRole('button', { name: 'Save alt text' }).click();
    await detail.getByRole('status').filter({ hasText: 'Alt text saved.' }).waitFor();
    await expect(detail.getByRole('alert').filter({ hasText: MediaMessages.altWarning }).count()).resolves.toBe(0);
    expect((await product()).altText).toBe('An oak bench under the studio window');

    // Focal point: a click a quarter across and three quarters down.
    const picture = detail.getByRole('button', { name: /^Focal point/ });
    // The picture's box has its final size before the picture arrives (width and height attributes).
    const boxBefore = await picture.locator('img').evaluate((img: HTMLImageElement) => img.getBoundingClientRect().height);
    await picture
      .locator('img')
      .evaluate((img: HTMLImageElement) =>
        img.complete ? undefined : new Promise((done) => img.addEventListener('load', done, { once: true })),
      );
    const box = (await picture.boundingBox())!;
    expect(Math.abs(box.height - boxBefore)).toBeLessThanOrEqual(1);
    await picture.click({ position: { x: box.width * 0.25, y: box.height * 0.75 } });
    await detail.getByRole('status').filter({ hasText: 'Focal point saved.' }).waitFor();
    const label = await picture.getAttribute('aria-label');
    const shown = /^Focal point (\d+)% across, (\d+)% down$/.exec(label ?? '');
    expect(Math.abs(Number(shown?.[1]) - 25)).toBeLessThanOrEqual(2);
    expect(Math.abs(Number(shown?.[2]) - 75)).toBeLessThanOrEqual(2);
    const focal = (await product()).mediaFocalPoint;
    expect(focal.x).toBeCloseTo(0.25, 1);
    expect(focal.y).toBeCloseTo(0.75, 1);

    // Replace everywhere with a new file: a new content-hashed URL in the product.
    await detail
      .locator('input[type="file"]')
      .setInputFiles({ name: 'studio-bench-v2.png', mimeType: 'image/png', buffer: noisyPngImage(640, 480, 3) });
    const replaced = owner.getByRole('region', { name: 'Image studio-bench-v2.png' });
    await replaced.getByRole('list', { name: 'Used in' }).getByText('Product: Oak bench').waitFor();
    const now = await product();
    expect(now.assetUrl).not.toBe(bench!.assetUrl);
    expect(now.assetUrl).toMatch(/\/assets\/demo\/[A-Za-z0-9_-]{22}\.png$/);
    expect(now.altText).toBe('An oak bench under the studio window');
    const after = ((await call(owner, 'GET', MEDIA)).body as MediaList).assets;
    const fresh = after.find((a) => a.filename === 'studio-bench-v2.png')!;
    expect(now.assetUrl.endsWith(fresh.assetUrl)).toBe(true);
    expect(after.find((a) => a.id === bench!.id)).toMatchObject({ replacedBy: fresh.id, usages: [] });
    // The new picture loads in the library.
    await expect(
      replaced.locator('img').evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth)),
    ).resolves.toBeGreaterThan(0);
    await shot(owner, SUITE, '3-replaced');
  }, 120_000);
});
