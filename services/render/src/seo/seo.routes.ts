// robots.txt, /sitemap.xml (an index) and /sitemaps/{type}-{n}.xml at the website's public
// origin (publicOriginOf: PUBLIC_URL's scheme and port, a domain the website owns; never the
// request's Host). Static routes, so they answer before the catch-all of site pages.
import { Readable } from 'node:stream';
import { publicOriginOf, websiteIdOf, type ZodApp } from '@sc/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ContentUnavailableError } from '../content/content-reader.js';
import { FEED_TYPES, type FeedFormat } from '../domain/feed.js';
import { parseSitemapFile } from '../domain/sitemap.js';
import { defaultSiteIcon } from './site-icon.js';
import type { FeedService } from './feed.service.js';
import type { SitemapService } from './sitemap.service.js';

const CACHE = 'public, max-age=300';
const XML = 'application/xml; charset=utf-8';
/** The icon changes only with the title or accent colour: a day, then revalidated. */
const ICON_CACHE = 'public, max-age=86400';

/** Content down: 503 (crawlers come back), never a 500 or a partial answer. */
async function orUnavailable(reply: FastifyReply, work: () => Promise<FastifyReply>): Promise<FastifyReply> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ContentUnavailableError)) throw error;
    reply.log.warn({ err: error }, 'content unavailable for robots.txt or a sitemap');
    return reply.code(503).header('retry-after', '60').type('text/plain; charset=utf-8').send('Service unavailable');
  }
}

const notFound = (reply: FastifyReply) => reply.code(404).type('text/plain; charset=utf-8').send('Not found');

export function seoRoutes(app: ZodApp, sitemaps: SitemapService): void {
  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) =>
    orUnavailable(reply, async () => {
      const text = await sitemaps.robots(websiteIdOf(request), publicOriginOf(request));
      return text === null ? notFound(reply) : reply.header('cache-control', CACHE).type('text/plain; charset=utf-8').send(text);
    }),
  );

  // The site icon browsers ask every site for (a default made from the title and accent colour).
  app.get('/favicon.ico', { schema: { hide: true } }, async (request, reply) =>
    orUnavailable(reply, async () => {
      const site = await sitemaps.site(websiteIdOf(request));
      if (!site) return notFound(reply);
      return reply.header('cache-control', ICON_CACHE).type('image/x-icon').send(defaultSiteIcon(site.title, site.settings.styles.accent));
    }),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) =>
    orUnavailable(reply, async () => {
      const xml = await sitemaps.index(websiteIdOf(request), publicOriginOf(request));
      return xml === null ? notFound(reply) : reply.header('cache-control', CACHE).type(XML).send(xml);
    }),
  );

  app.get('/sitemaps/:file', { schema: { hide: true, params: z.object({ file: z.string().max(64) }) } }, async (request, reply) =>
    orUnavailable(reply, async () => {
      const wanted = parseSitemapFile(request.params.file);
      if (!wanted) return notFound(reply);
      const stream = await sitemaps.file(websiteIdOf(request), publicOriginOf(request), wanted.type, wanted.n);
      return stream === null ? notFound(reply) : reply.header('cache-control', CACHE).type(XML).send(Readable.from(stream));
    }),
  );
}

/** A blog's RSS or Atom feed (`?format=rss` or `?format=atom` on the blog's path, which the pages route hands here). */
export async function feedReply(
  request: FastifyRequest,
  reply: FastifyReply,
  feeds: FeedService,
  path: string,
  format: FeedFormat,
): Promise<FastifyReply> {
  return orUnavailable(reply, async () => {
    const xml = await feeds.feed(format, websiteIdOf(request), publicOriginOf(request), path);
    return xml === null ? notFound(reply) : reply.header('cache-control', CACHE).type(`${FEED_TYPES[format]}; charset=utf-8`).send(xml);
  });
}
