// The gateway's Host → website step (website.ts) against a stand-in content service: answers are
// cached, concurrent lookups of one host are shared, unknown hosts get the fallback, and a content
// service that cannot answer leaves known hosts on their last answer.
import { describe, expect, it } from '@jest/globals';
import { domainOf, NO_WEBSITE, WebsiteResolver } from '../src/website.js';

function fakeContent(domains: Record<string, string>) {
  const calls: string[] = [];
  let down = false;
  const fakeFetch = (async (input: string | URL | Request) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const host = new URL(url).searchParams.get('host') ?? '';
    calls.push(host);
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (down) throw new TypeError('fetch failed');
    const websiteId = domains[host];
    return websiteId ? Response.json({ websiteId }) : Response.json({ error: {} }, { status: 404 });
  }) as typeof fetch;
  return { fetch: fakeFetch, calls, setDown: (value: boolean) => void (down = value) };
}

describe(WebsiteResolver.name, () => {
  it('resolves a host, with or without port and case, and caches the answer', async () => {
    const content = fakeContent({ 'shop.example.com': 'site-1' });
    const resolver = new WebsiteResolver({ contentUrl: 'http://content', fallbackWebsiteId: 'demo', ttlMs: 60_000, fetch: content.fetch });
    expect(await resolver.resolve('Shop.Example.com:8080')).toBe('site-1');
    expect(await resolver.resolve('shop.example.com')).toBe('site-1');
    expect(content.calls).toEqual(['shop.example.com']);
  });

  it("gives a website's own domain as its origin with PUBLIC_URL's scheme and port, and PUBLIC_URL's origin to every other host", async () => {
    const content = fakeContent({ 'shop.example.com': 'site-1' });
    const resolver = new WebsiteResolver({
      contentUrl: 'http://content',
      fallbackWebsiteId: 'demo',
      ttlMs: 60_000,
      fetch: content.fetch,
      publicUrl: 'https://sites.example.net/',
    });
    await resolver.resolve('Shop.Example.com:9999');
    expect(resolver.originOf('Shop.Example.com:9999')).toBe('https://shop.example.com');
    // A host no website has (a forged Host) never becomes an origin.
    await resolver.resolve('evil.example');
    expect(resolver.originOf('evil.example')).toBe('https://sites.example.net');
    expect(resolver.originOf('bad host/../x')).toBe('https://sites.example.net');
    const local = new WebsiteResolver({
      contentUrl: 'http://content',
      fallbackWebsiteId: 'demo',
      ttlMs: 60_000,
      fetch: content.fetch,
      publicUrl: 'http://localhost:8091',
    });
    await local.resolve('shop.example.com');
    expect(local.originOf('shop.example.com')).toBe('http://shop.example.com:8091');
  });

  it('gives unknown and malformed hosts the fallback website', async () => {
    const content = fakeContent({});
    const resolver = new WebsiteResolver({
      contentUrl: 'http://content',
      fallbackWebsiteId: 'fallback-site',
      ttlMs: 60_000,
      fetch: content.fetch,
    });
    expect(await resolver.resolve('nobody.example.org')).toBe('fallback-site');
    expect(await resolver.resolve('bad host/../x')).toBe('fallback-site');
    expect(await resolver.resolve(undefined)).toBe('fallback-site');
    expect(content.calls).toEqual(['nobody.example.org']);
  });

  it('gives unknown and malformed hosts no website when no fallback is configured', async () => {
    const content = fakeContent({ 'shop.example.com': 'site-1' });
    const resolver = new WebsiteResolver({ contentUrl: 'http://content', ttlMs: 60_000, fetch: content.fetch });
    expect(await resolver.resolve('nobody.example.org')).toBe(NO_WEBSITE);
    expect(resolver.known('nobody.example.org')).toBe(NO_WEBSITE);
    expect(await resolver.resolve('bad host/../x')).toBe(NO_WEBSITE);
    expect(await resolver.resolve('shop.example.com')).toBe('site-1');
    content.setDown(true);
    expect(await resolver.resolve('never-seen.example', Date.now() + 120_000)).toBe(NO_WEBSITE);
  });

  it('remembers at most maxEntries hosts, dropping the least recently used', async () => {
    const content = fakeContent({ 'kept.example': 'kept' });
    const resolver = new WebsiteResolver({
      contentUrl: 'http://content',
      fallbackWebsiteId: 'demo',
      ttlMs: 60_000,
      maxEntries: 3,
      fetch: content.fetch,
    });
    expect(await resolver.resolve('kept.example')).toBe('kept');
    for (let i = 0; i < 10; i++) {
      await resolver.resolve(`made-up-${i}.example`);
      // Asked on every round, so it stays among the most recently used.
      expect(resolver.known('kept.example')).toBe('kept');
    }
    expect(resolver.known('made-up-9.example')).toBe('demo');
    expect(resolver.known('made-up-0.example')).toBeUndefined();
    expect(content.calls.filter((host) => host === 'kept.example')).toHaveLength(1);
  });

  it('shares one lookup between concurrent requests for a cold host', async () => {
    const content = fakeContent({ 'a.example': 'a' });
    const resolver = new WebsiteResolver({ contentUrl: 'http://content', fallbackWebsiteId: 'demo', ttlMs: 60_000, fetch: content.fetch });
    const answers = await Promise.all(Array.from({ length: 20 }, () => resolver.resolve('a.example')));
    expect(new Set(answers)).toEqual(new Set(['a']));
    expect(content.calls).toHaveLength(1);
  });

  it('asks again after the TTL, and keeps the last answer while content is down', async () => {
    const content = fakeContent({ 'a.example': 'a' });
    const resolver = new WebsiteResolver({
      contentUrl: 'http://content',
      fallbackWebsiteId: 'demo',
      ttlMs: 1_000,
      errorTtlMs: 500,
      fetch: content.fetch,
    });
    const start = Date.now();
    expect(await resolver.resolve('a.example', start)).toBe('a');
    content.setDown(true);
    expect(await resolver.resolve('a.example', start + 2_000)).toBe('a');
    expect(await resolver.resolve('never-seen.example', start + 2_000)).toBe('demo');
    expect(content.calls).toEqual(['a.example', 'a.example', 'never-seen.example']);
  });

  it('reads domains as the content service stores them', () => {
    expect(domainOf('LOCALHOST:8080')).toBe('localhost');
    expect(domainOf('127.0.0.1:8080')).toBe('127.0.0.1');
    expect(domainOf('[::1]:8080')).toBe('[::1]');
    expect(domainOf('shop.example.com.')).toBe('shop.example.com');
    expect(domainOf('evil.com/path')).toBeUndefined();
  });
});
