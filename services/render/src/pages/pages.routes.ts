// Every site page (the gateway sends render each path outside /api, /assets and /config): HTML,
// or with ?format=json the page's context. Pages are cached (page-cache.ts) and sent with an ETag
// (304 when the browser has it) and Cache-Control asking browsers to revalidate, since an owner's
// change must show at once. The theme's stylesheet is served under a digest path, cached for ever.
import { websiteIdOf, type ZodApp } from '@sc/platform';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Theme } from '../theme/theme.js';
import { etagOf, type CachedPage, type PageCache } from './page-cache.js';
import type { PageRenderer } from './page-renderer.js';
import { normalisePath, searchPageNumber, type PageQuery, type PageService } from './page.service.js';

const REVALIDATE = 'public, max-age=0, must-revalidate';
const HTML = 'text/html; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';
/** Islands read their data from JSON tags and load scripts from /assets: no inline script runs. */
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' https: data:; connect-src 'self'; " +
  "font-src 'self' data:; frame-ancestors 'self'; base-uri 'self'; object-src 'none'; form-action 'self'";
const MAX_PARAM = 512;

/** The first value of a query parameter, if it is a sensible string. */
function param(query: unknown, name: string): string | undefined {
  const value = (query as Record<string, unknown> | undefined)?.[name];
  const first = Array.isArray(value) ? (value[0] as unknown) : value;
  return typeof first === 'string' && first !== '' && first.length <= MAX_PARAM ? first : undefined;
}

/** Does If-None-Match name this ETag (a list, weak forms and * included)? */
function notModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/** A body worth compressing is compressed once, when the page is made, and cached with it. */
const GZIP_MIN_BYTES = 1024;

function made(status: number, contentType: string, body: string): CachedPage {
  return { status, contentType, etag: etagOf(body), body, gzip: body.length >= GZIP_MIN_BYTES ? gzipSync(body).toString('base64') : undefined };
}

function send(request: FastifyRequest, reply: FastifyReply, page: CachedPage, hit: boolean): FastifyReply {
  const gzip = page.gzip !== undefined && /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
  // Each encoding is its own representation, with its own validator.
  const etag = gzip ? `${page.etag.slice(0, -1)}-gz"` : page.etag;
  reply
    .code(page.status)
    .header('content-type', page.contentType)
    .header('etag', etag)
    .header('vary', 'accept-encoding')
    .header('cache-control', page.status >= 500 ? 'no-store' : REVALIDATE)
    .header('x-render-cache', hit ? 'hit' : 'miss');
  if (page.contentType === HTML) reply.header('content-security-policy', CSP);
  if (page.status < 300 && notModified(request, etag)) return reply.code(304).send();
  if (gzip) return reply.header('content-encoding', 'gzip').send(Buffer.from(page.gzip ?? '', 'base64'));
  return reply.send(page.body);
}

export function pageRoutes(app: ZodApp, pages: PageService, renderer: PageRenderer, cache: PageCache, theme: Theme): void {
  app.get(theme.css.path, { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=31536000, immutable').type('text/css; charset=utf-8').send(theme.css.body),
  );

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const websiteId = websiteIdOf(request);
    const path = normalisePath(request.url);
    const query: PageQuery = { cursor: param(request.query, 'cursor'), tag: param(request.query, 'tag'), category: param(request.query, 'category') };
    if (path === '/search') {
      query.q = param(request.query, 'q') ?? '';
      // Normalised, so ?page=abc and ?page=1 share one cached page.
      query.page = String(searchPageNumber(param(request.query, 'page')));
    }
    const json = param(request.query, 'format') === 'json';
    const parts = [json ? 'json' : 'html', renderer.version(), path, query.cursor ?? '', query.tag ?? '', query.category ?? '', query.q ?? '', query.page ?? ''];
    const { page, hit } = await cache.remember(
      websiteId,
      parts,
      async () => {
        const shown = renderer.prepare(await pages.page(websiteId, path, query));
        return made(shown.status, json ? JSON_TYPE : HTML, json ? JSON.stringify(shown.context) : renderer.html(shown));
      },
      (page) => page.status === 200,
    );
    return send(request, reply, page, hit);
  });
}
