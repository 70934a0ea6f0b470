// The gateway's page cache (issue 38) in front of a stand-in render that counts what reaches it:
// anonymous page views are answered by the gateway after the first, in brotli, gzip or plain with
// an ETag each; a website's new generation makes its pages stale; nothing personal is ever kept or
// answered from the cache; a cache outage sends pages to render.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { DEMO_WEBSITE_ID } from '@sc/contracts';
import { MemoryCache, pageGenerationKey, type Cache } from '@sc/platform';
import { buildGateway, GatewayEnv } from '../src/index.js';
import { GatewayPageCache, GENERATION_RECHECK_MS } from '../src/page-cache.js';

const PUBLIC = 'public, max-age=0, s-maxage=60, stale-while-revalidate=30';

describe('gateway page cache', () => {
  let render: FastifyInstance;
  let gateway: FastifyInstance;
  let base: string;
  const generations = new MemoryCache();
  let failing = false;
  /** Render's stand-in counts each path it answered. */
  const seen: string[] = [];
  let version = 1;

  const outage: Cache = {
    kind: 'memory',
    get: (key) => (failing ? Promise.reject(new Error('cache down')) : generations.get(key)),
    set: (key, value, ttl) => generations.set(key, value, ttl),
    delete: (key) => generations.delete(key),
    increment: (key, ttl) => generations.increment(key, ttl),
    decrement: (key) => generations.decrement(key),
    ready: async () => true,
    close: async () => undefined,
  };

  beforeAll(async () => {
    render = Fastify();
    render.all('/*', async (request, reply) => {
      seen.push(`${request.method} ${request.url} ${request.headers['accept-encoding'] ?? '-'}`);
      const path = request.url.split('?')[0]!;
      const body = `<!doctype html><title>${path}</title>${`<p>v${version} ${request.url}</p>`.repeat(100)}`;
      reply.header('content-type', 'text/html; charset=utf-8').header('content-security-policy', "script-src 'nonce-abc'");
      if (path === '/private') return reply.header('cache-control', 'private, max-age=0, must-revalidate').send(body);
      if (path === '/sets-cookie') return reply.header('cache-control', PUBLIC).header('set-cookie', 'sc_flags=x; Path=/').send(body);
      if (path === '/missing') return reply.code(404).header('cache-control', 'public, max-age=0, must-revalidate').send(body);
      return reply
        .header('cache-control', PUBLIC)
        .header('surrogate-key', `w-${DEMO_WEBSITE_ID}`)
        .header('etag', `"v${version}${path.length}"`)
        .send(body);
    });
    const renderUrl = await render.listen({ port: 0, host: '127.0.0.1' });
    gateway = await buildGateway({
      config: GatewayEnv.parse({
        ...process.env,
        REDIS_URL: '',
        LOG_LEVEL: 'silent',
        RENDER_URL: renderUrl,
        CONTENT_URL: 'http://127.0.0.1:9',
        RATE_LIMIT_MAX: '100000',
      }),
      pageGenerations: outage,
    });
    base = await gateway.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await gateway.close();
    await render.close();
  });

  const view = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, { headers: { 'accept-encoding': 'identity', ...headers } });
  const reached = (path: string) => seen.filter((line) => line.split(' ')[1]!.split('?')[0] === path).length;

  it('answers the second anonymous view itself, headers and body as render gave them, plain to render', async () => {
    const first = await view('/shop');
    expect(first.headers.get('x-gateway-cache')).toBe('miss');
    const body = await first.text();
    const second = await view('/shop', { cookie: 'crumb=abcdefghijklmnopqrstuv; ss_cart=abc; ss_cvr=x' });
    expect(second.headers.get('x-gateway-cache')).toBe('hit');
    expect(await second.text()).toBe(body);
    expect(second.headers.get('content-security-policy')).toBe("script-src 'nonce-abc'");
    expect(second.headers.get('cache-control')).toBe(PUBLIC);
    expect(second.headers.get('surrogate-key')).toBe(`w-${DEMO_WEBSITE_ID}`);
    expect(second.headers.get('set-cookie')).toBeNull();
    expect(reached('/shop')).toBe(1);
    // Render was asked for the plain body: the gateway compresses.
    expect(seen.find((line) => line.startsWith('GET /shop '))).toBe('GET /shop -');
  });

  it('sends brotli, gzip or plain by Accept-Encoding, each with its own ETag, and 304 for a matching one', async () => {
    const plain = await view('/journal');
    const text = await plain.text();
    const br = await view('/journal', { 'accept-encoding': 'gzip, deflate, br' });
    const gz = await view('/journal', { 'accept-encoding': 'gzip' });
    expect([br.headers.get('content-encoding'), gz.headers.get('content-encoding'), plain.headers.get('content-encoding')]).toEqual([
      'br',
      'gzip',
      null,
    ]);
    // fetch decodes bodies itself; the raw bytes are checked through node:zlib below.
    expect(await br.text()).toBe(text);
    expect(await gz.text()).toBe(text);
    const tags = [plain, br, gz].map((r) => r.headers.get('etag'));
    expect(new Set(tags).size).toBe(3);
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    const revalidated = await view('/journal', { 'accept-encoding': 'br', 'if-none-match': tags[1]! });
    expect(revalidated.status).toBe(304);
    expect(reached('/journal')).toBe(1);
    const raw = await gateway.inject({ url: '/journal', headers: { 'accept-encoding': 'br' } });
    expect(brotliDecompressSync(raw.rawPayload).toString()).toBe(text);
    const rawGz = await gateway.inject({ url: '/journal', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(rawGz.rawPayload).toString()).toBe(text);
  });

  it('keys by host, path and the query parameters pages differ by', async () => {
    await view('/blog?page=2&utm_source=news');
    await view('/blog?utm_source=other&page=2');
    await view('/blog?page=3');
    await view('/blog', { host: 'other.example' });
    await view('/blog', { host: 'other.example' });
    expect(seen.filter((line) => line.startsWith('GET /blog')).length).toBe(3);
  });

  it("makes a website's pages stale when its generation moves", async () => {
    await view('/about');
    version += 1;
    await generations.increment(pageGenerationKey(DEMO_WEBSITE_ID), 60_000);
    await new Promise((resolve) => setTimeout(resolve, GENERATION_RECHECK_MS + 50));
    const after = await view('/about');
    expect(after.headers.get('x-gateway-cache')).toBe('miss');
    expect(await after.text()).toContain(`v${version}`);
    expect(reached('/about')).toBe(2);
  });

  it('never answers a signed-in, experimenting or keyed visitor from the cache, nor keeps what render keeps private', async () => {
    await view('/studio');
    for (const headers of <Array<Record<string, string>>>[
      { cookie: 'OwnerSession=abcdefghijklmnopqrstuvwxyz' },
      { cookie: 'x=1; __Host-SiteUserSession=abcdefghijklmnopqrstuvwxyz' },
      { cookie: 'sc_flags=a' },
      { authorization: 'Bearer key' },
    ]) {
      expect((await view('/studio', headers)).headers.get('x-gateway-cache')).toBeNull();
    }
    await view('/studio?flag-new-cart=1');
    await view('/studio?flags=reset');
    expect(reached('/studio')).toBe(7);
    for (const path of ['/private', '/sets-cookie', '/missing']) {
      await view(path);
      const again = await view(path);
      expect([path, again.headers.get('x-gateway-cache')]).toEqual([path, 'miss']);
      expect(reached(path)).toBe(2);
    }
    // Writes always reach render.
    const write = await fetch(`${base}/studio`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect([write.status, await write.text()]).toEqual([200, expect.any(String)]);
    expect(seen.at(-1)).toMatch(/^POST \/studio/);
  });

  it('sends pages to render while the generations cannot be read', async () => {
    await view('/gallery');
    failing = true;
    try {
      await new Promise((resolve) => setTimeout(resolve, GENERATION_RECHECK_MS + 50));
      const during = await view('/gallery');
      expect(during.status).toBe(200);
      expect(during.headers.get('x-gateway-cache')).toBeNull();
      expect(reached('/gallery')).toBe(2);
    } finally {
      failing = false;
    }
  });
});

describe('GatewayPageCache memory', () => {
  it('keeps at most maxBytes, the least recently used leaving first', () => {
    const cache = new GatewayPageCache({ generations: new MemoryCache(), maxBytes: 8_000 });
    const headers = { 'cache-control': 'public, s-maxage=60', 'content-type': 'text/html' };
    for (let i = 0; i < 20; i++) cache.store(`k${i}`, 'w', '0', 200, headers, Buffer.alloc(900, 'a'));
    expect(cache.bytes).toBeLessThanOrEqual(8_000);
    expect(cache.lookup('k0', '0')).toBeUndefined();
    expect(cache.lookup('k19', '0')).toBeDefined();
    // Larger than an eighth of the bound: never kept.
    expect(cache.store('big', 'w', '0', 200, headers, Buffer.alloc(1_001))).toBeUndefined();
  });
});
