// The page cache: the process's own layer in front of the shared cache answers repeat pages from
// bytes made once, and never outlives the generation or the shared entry; the page policy written
// without helmet is the one helmet writes.
import { describe, expect, it } from '@jest/globals';
import Fastify from 'fastify';
import { MemoryCache, useSecurityHeaders } from '@sc/platform';
import { LOCAL_MAX_BYTES, PageCache, type CachedPage } from '../../src/pages/page-cache.js';
import { DIRECTIVES, policyText } from '../../src/pages/security-headers.js';

const page = (body: string): CachedPage => ({ status: 200, contentType: 'text/html; charset=utf-8', etag: '"e"', body });

/** A shared cache that counts the reads of page entries. */
function countingCache(): { cache: MemoryCache; pageReads: () => number } {
  const cache = new MemoryCache();
  let reads = 0;
  const get = cache.get.bind(cache);
  cache.get = (key: string) => {
    if (key.startsWith('render:page:')) reads++;
    return get(key);
  };
  return { cache, pageReads: () => reads };
}

describe(PageCache.name, () => {
  it('answers a repeat from the process without reading the page from the shared cache, as bytes', async () => {
    const { cache, pageReads } = countingCache();
    const pages = new PageCache(cache, 60_000);
    let renders = 0;
    const produce = async () => page(`<p>é ${++renders}</p>`);
    const first = await pages.remember('w1', ['/a'], produce, () => true);
    const again = await pages.remember('w1', ['/a'], produce, () => true);
    expect(first.hit).toBe(false);
    expect(again.hit).toBe(true);
    expect(again.page.bodyBytes.toString('utf8')).toBe('<p>é 1</p>');
    expect(renders).toBe(1);
    expect(pageReads()).toBe(1);
  });

  it('reads a page another process cached, with its gzip as bytes', async () => {
    const cache = new MemoryCache();
    const gzip = Buffer.from('zipped').toString('base64');
    await new PageCache(cache, 60_000).remember(
      'w1',
      ['/a'],
      async () => ({ ...page('x'.repeat(10)), gzip }),
      () => true,
    );
    const other = new PageCache(cache, 60_000);
    const got = await other.remember(
      'w1',
      ['/a'],
      async () => page('not this'),
      () => true,
    );
    expect(got.hit).toBe(true);
    expect(got.page.body).toBe('x'.repeat(10));
    expect(got.page.gzipBytes?.toString()).toBe('zipped');
  });

  it('drops every page of a website when another process moves its generation', async () => {
    const cache = new MemoryCache();
    const here = new PageCache(cache, 60_000);
    await here.remember(
      'w1',
      ['/a'],
      async () => page('old'),
      () => true,
    );
    await new PageCache(cache, 60_000).invalidateWebsite('w1');
    const got = await here.remember(
      'w1',
      ['/a'],
      async () => page('new'),
      () => true,
    );
    expect(got).toMatchObject({ hit: false, page: { body: 'new' } });
  });

  it('lets a page go when the shared entry expires', async () => {
    const cache = new MemoryCache();
    const pages = new PageCache(cache, 30);
    await pages.remember(
      'w1',
      ['/a'],
      async () => page('old'),
      () => true,
    );
    await new Promise((resolve) => setTimeout(resolve, 60));
    const got = await pages.remember(
      'w1',
      ['/a'],
      async () => page('new'),
      () => true,
    );
    expect(got).toMatchObject({ hit: false, page: { body: 'new' } });
  });

  it('keeps no more than LOCAL_MAX_BYTES in the process: the least recently used pages go first', async () => {
    const { cache, pageReads } = countingCache();
    const pages = new PageCache(cache, 60_000);
    const size = LOCAL_MAX_BYTES / 10;
    for (let i = 0; i < 12; i++)
      await pages.remember(
        'w1',
        [`/${i}`],
        async () => page(String(i).padEnd(size, '.')),
        () => true,
      );
    const before = pageReads();
    await pages.remember(
      'w1',
      ['/11'],
      async () => page('again'),
      () => true,
    );
    expect(pageReads()).toBe(before);
    // The first pages left the process (the shared cache still has them).
    const early = await pages.remember(
      'w1',
      ['/0'],
      async () => page('again'),
      () => true,
    );
    expect(early.hit).toBe(true);
    expect(pageReads()).toBe(before + 1);
  });

  it('does not keep pages that are not cacheable', async () => {
    const pages = new PageCache(new MemoryCache(), 60_000);
    await pages.remember(
      'w1',
      ['/a'],
      async () => ({ ...page('x'), status: 500 }),
      (p) => p.status === 200,
    );
    expect(
      (
        await pages.remember(
          'w1',
          ['/a'],
          async () => page('y'),
          () => true,
        )
      ).page.body,
    ).toBe('y');
  });
});

describe(policyText.name, () => {
  it('writes the policy exactly as helmet does', async () => {
    const app = Fastify();
    useSecurityHeaders(app, { contentSecurityPolicy: { useDefaults: false, directives: DIRECTIVES } });
    app.get('/', async () => 'ok');
    const response = await app.inject('/');
    expect(response.headers['content-security-policy']).toBe(policyText(DIRECTIVES));
    await app.close();
  });
});
