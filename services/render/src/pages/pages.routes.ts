// Every site page (the gateway sends render each path outside /api, /assets and /config): HTML,
// or with ?format=json the page's context. Pages are cached (page-cache.ts) and sent with an ETag
// (304 when the browser has it) and Cache-Control asking browsers to revalidate, since an owner's
// change must show at once; a page every visitor gets alike may be kept by shared caches, which
// are purged by its Surrogate-Key when the website changes (shared-cache.ts). The theme's stylesheet is served under a digest path, cached for ever.
import { EXPERIMENT_COOKIE, IDENTITY_HEADER, IDENTITY_SIGNATURE_HEADER } from '@sc/contracts';
import { cookieOf, identityOf, publicOriginOf, websiteIdOf, type ZodApp } from '@sc/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Theme } from '../theme/theme.js';
import {
  applyQuery,
  cookieValue,
  hasExperimentParams,
  overridesCookie,
  overridesFromCookie,
  type Overrides,
} from '../domain/experiments.js';
import type { ReadyPage } from './page-cache.js';
import { PAYMENT_PAGE_PATH, pagePolicy } from './security-headers.js';
import { normalisePath, searchPageNumber, type PageQuery, type PageVisitor } from './page.service.js';
import { sharedCacheControl } from './shared-cache.js';
import { HTML, type StorefrontService } from './storefront.service.js';
import { trailingSlashRedirect } from '../domain/seo-urls.js';
import type { FeedService } from '../seo/feed.service.js';
import { feedReply } from '../seo/seo.routes.js';

const REVALIDATE = 'public, max-age=0, must-revalidate';
/** Pages that depend on who asks (a signed-in visitor, session overrides) are never kept by shared caches. */
const PRIVATE_REVALIDATE = 'private, max-age=0, must-revalidate';
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

/**
 * Who asks, as far as a page depends on it: the identity render verified (forwarded to content,
 * which answers member-area pages by it) and a key naming it for the page cache. A visitor, or a
 * header render cannot verify, forwards no identity and shares the visitors' pages, so a page made
 * for a member is never cached where a visitor would get it.
 */
export function visitorOf(request: FastifyRequest): { forward: Record<string, string>; key: string } {
  const forward: Record<string, string> = { 'x-request-id': request.id };
  const identity = identityOf(request);
  if (identity.kind === 'visitor') return { forward, key: '' };
  const value = request.headers[IDENTITY_HEADER];
  const signature = request.headers[IDENTITY_SIGNATURE_HEADER];
  if (typeof value !== 'string' || typeof signature !== 'string') return { forward, key: '' };
  forward[IDENTITY_HEADER] = value;
  forward[IDENTITY_SIGNATURE_HEADER] = signature;
  return { forward, key: `${identity.kind}:${identity.ownerId ?? identity.apiKeyId ?? ''}:${identity.siteUserId ?? ''}` };
}

/** Sends a ready page: its ETag (304 when the browser has it), encoding, cache headers and policy. */
export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: ReadyPage,
  hit: boolean,
  personal = false,
  payments = false,
  sharedMaxAgeS = 0,
): FastifyReply {
  const gzip = page.gzipBytes !== undefined && /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
  // Each encoding is its own representation, with its own validator.
  const etag = gzip ? `${page.etag.slice(0, -1)}-gz"` : page.etag;
  reply
    .code(page.status)
    .header('content-type', page.contentType)
    .header('etag', etag)
    .header('vary', 'accept-encoding')
    .header(
      'cache-control',
      page.status >= 500
        ? 'no-store'
        : personal
          ? PRIVATE_REVALIDATE
          : page.status === 200 && sharedMaxAgeS > 0
            ? sharedCacheControl(sharedMaxAgeS)
            : REVALIDATE,
    )
    .header('x-render-cache', hit ? 'hit' : 'miss');
  // Shared caches drop a website's pages by this key when it changes (shared-cache.ts).
  if (!personal && page.keys) reply.header('surrogate-key', page.keys).header('cache-tag', page.keys.replaceAll(' ', ','));
  // Helmet set every response's headers; a page's policy also names the nonce of its scripts.
  if (page.contentType === HTML && page.nonce) pagePolicy(reply, page.nonce, payments);
  if (page.location !== undefined) {
    // A redirect keeps the query it was asked with (tracking parameters survive a move).
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    reply.header('location', page.location.startsWith('/') && !page.location.includes('?') ? `${page.location}${search}` : page.location);
  }
  if (page.status < 300 && notModified(request, etag)) return reply.code(304).send();
  if (gzip) return reply.header('content-encoding', 'gzip').send(page.gzipBytes);
  return reply.send(page.bodyBytes);
}

export function pageRoutes(app: ZodApp, storefront: StorefrontService, theme: Theme, feeds?: FeedService): void {
  app.get(theme.css.path, { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=31536000, immutable').type('text/css; charset=utf-8').send(theme.css.body),
  );

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    // One URL per page: /shop/ answers a 301 to /shop.
    const slashless = trailingSlashRedirect(request.url);
    if (slashless !== null) return reply.code(301).header('location', slashless).header('cache-control', REVALIDATE).send();
    const websiteId = websiteIdOf(request);
    const path = normalisePath(request.url);
    const format = param(request.query, 'format');
    if (feeds && (format === 'rss' || format === 'atom')) return feedReply(request, reply, feeds, path, format);
    const query: PageQuery = {
      cursor: param(request.query, 'cursor'),
      tag: param(request.query, 'tag'),
      category: param(request.query, 'category'),
    };
    if (path === '/search') {
      query.q = param(request.query, 'q') ?? '';
      // Normalised, so ?page=abc and ?page=1 share one cached page.
      query.page = String(searchPageNumber(param(request.query, 'page')));
    }
    const json = format === 'json';
    const who = visitorOf(request);
    // SPEC 4 experiments: the session's overrides (its cookie) after this request's parameters.
    const queryParams = (request.query ?? {}) as Record<string, unknown>;
    let overrides: Overrides = overridesFromCookie(cookieOf(request, EXPERIMENT_COOKIE));
    if (hasExperimentParams(queryParams)) {
      overrides = applyQuery(overrides, queryParams).overrides;
      reply.header('set-cookie', overridesCookie(overrides, request.headers['x-forwarded-proto'] === 'https'));
    }
    const flags = cookieValue(overrides);
    const visitor: PageVisitor = { forward: who.forward, overrides, origin: publicOriginOf(request) };
    const { page, hit } = await storefront.page(websiteId, { path, query, json, visitor, visitorKey: who.key, flags });
    // A response that sets the overrides cookie is this session's alone, too.
    return sendPage(
      request,
      reply,
      page,
      hit,
      who.key !== '' || flags !== '' || hasExperimentParams(queryParams),
      path === PAYMENT_PAGE_PATH,
      storefront.sharedMaxAgeS,
    );
  });
}
