// The image markup of the demo's pages (issue 22): every content image offers at least four
// widths in srcset with sizes, carries its width and height (nothing shifts while it loads), is
// lazy below the first screen, and the first product image is fetched first and never lazily.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { page, startContent, startRender, type ContentKit, DEMO_START_TIMEOUT_MS } from './kit.js';

/** Every <img> tag of a page, as attribute maps. */
function images(html: string): Array<Record<string, string>> {
  return [...html.matchAll(/<img\b([^>]*)>/g)].map((tag) =>
    Object.fromEntries([...(tag[1] ?? '').matchAll(/([a-z-]+)(?:="([^"]*)")?/g)].map((a) => [a[1]!, a[2] ?? ''])),
  );
}

describe('image markup of the demo pages', () => {
  let content: ContentKit;
  let render: FastifyInstance;

  beforeAll(async () => {
    content = await startContent();
    render = await startRender(content);
  }, DEMO_START_TIMEOUT_MS);

  afterAll(async () => {
    await render?.close();
    await content?.close();
  });

  it.each([
    '/',
    '/shop',
    '/shop/waxed-canvas-market-tote',
    '/journal',
    '/journal/why-we-wax-our-canvas-by-hand',
    '/studio',
    '/studio/the-cutting-bench',
  ])('%s: srcset of at least four widths, sizes, width and height on every image, all from our own store', async (path) => {
    const response = await page(render, path);
    expect(response.statusCode).toBe(200);
    const tags = images(response.body);
    expect(tags.length).toBeGreaterThan(0);
    for (const img of tags) {
      expect(img.src).toMatch(/^\/api\/content-service\/public\/1\.0\/assets\/demo\/[A-Za-z0-9_-]{22}\.jpg\?format=\d+w$/);
      const candidates = (img.srcset ?? '').split(', ');
      expect(candidates.length).toBeGreaterThanOrEqual(4);
      for (const candidate of candidates)
        expect(candidate).toMatch(/^\/api\/content-service\/public\/1\.0\/assets\/demo\/[A-Za-z0-9_-]{22}\.jpg\?format=(\d+)w \1w$/);
      expect(img.sizes).toBeTruthy();
      expect(Number(img.width)).toBeGreaterThan(0);
      expect(Number(img.height)).toBeGreaterThan(0);
    }
  });

  it('fetches the first product image first and the rest lazily', async () => {
    const tags = images((await page(render, '/shop/waxed-canvas-market-tote')).body);
    expect(tags[0]).toMatchObject({ fetchpriority: 'high', width: '1600', height: '1200' });
    expect(tags[0]!.loading).toBeUndefined();
    expect(tags.slice(1).length).toBeGreaterThan(0);
    for (const img of tags.slice(1)) expect(img.loading).toBe('lazy');
  });

  it("gives the product form island each variant picture's srcset, for the storefront to swap in", async () => {
    const html = (await page(render, '/shop/waxed-canvas-market-tote')).body;
    const json = /<script type="application\/json" id="product-form-data">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}';
    const variants = (JSON.parse(json) as { variants: Array<{ mainImage?: { srcset?: string } }> }).variants;
    expect(variants.length).toBe(4);
    for (const v of variants) expect(v.mainImage?.srcset?.split(', ').length).toBeGreaterThanOrEqual(4);
  });
});
