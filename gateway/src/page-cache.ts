// The gateway's page cache (issue 38): pages every visitor gets alike, kept in this process and
// sent from here, so a hit never crosses the second hop to render. Render decides what may be
// kept: a 200 it marks `public` with `s-maxage` (or `max-age`, the theme stylesheet), without a
// cookie. A request is answered from here only when it carries nothing a page could depend on:
// GET or HEAD, no session cookie, no experiment cookie or parameter, no Authorization.
//
// Entries are keyed by host, path and the query parameters render tells pages apart by; each
// holds the body once and its brotli and gzip copies, each made on its first request (once per
// entry, never per request), with an ETag per representation. Memory is bounded (least recently
// used out first). An entry goes stale when its time is up or when the website's generation moves
// (render bumps `render:gen:<website>` on every change, in the cache both share: Redis, or in
// embedded mode the process's own cache handed over); the generation is read again at most every
// GENERATION_RECHECK_MS per website, so a change shows within that, and a cache error is a miss.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import {
  EXPERIMENT_COOKIE,
  EXPERIMENT_PARAM_PREFIX,
  EXPERIMENT_RESET_PARAM,
  OWNER_SESSION_COOKIE,
  SITE_USER_SESSION_COOKIE,
} from '@sc/contracts';
import { PAGE_GENERATION_RECHECK_MS, pageGenerationKey, type Cache } from '@sc/platform';
import { chooseEncoding, type Encoding } from './static.js';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** How often a website's generation is read again while its pages are served from here. */
export const GENERATION_RECHECK_MS = PAGE_GENERATION_RECHECK_MS;
/** The query parameters render tells pages apart by (storefront.service.ts); others change no page. */
const SIGNIFICANT = new Set(['format', 'cursor', 'tag', 'category', 'q', 'page']);
/** Cookies that make a page one visitor's (their `__Host-` forms under HTTPS too). */
const PERSONAL_COOKIE = new RegExp(`(?:^|;\\s*)(?:__Host-)?(?:${OWNER_SESSION_COOKIE}|${SITE_USER_SESSION_COOKIE}|${EXPERIMENT_COOKIE})=`);
/** Headers of render's answer not kept: the cache sets its own length, encoding, validator and vary. */
const DROPPED = new Set([
  'content-length',
  'content-encoding',
  'etag',
  'vary',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'x-render-cache',
  'x-request-id',
]);
/** Below this a compressed body saves less than its headers cost. */
const MIN_COMPRESS_BYTES = 1024;
/** The longest an entry lives (the theme stylesheet says a year; its path changes with it anyway). */
const MAX_TTL_MS = 3600_000;

export interface PageCacheOptions {
  /** Where render keeps the website generations (Redis, or embedded mode's process cache). */
  generations: Cache;
  /** Bytes of bodies and compressed copies kept at most. */
  maxBytes: number;
  now?: () => number;
}

interface Entry {
  websiteId: string;
  generation: string;
  expires: number;
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
  etag: string;
  compressible: boolean;
  copies: Partial<Record<Encoding, Promise<Buffer>>>;
  bytes: number;
  /** Still in the cache (a copy made after the entry left counts for nothing). */
  kept: boolean;
  key: string;
}

/** What a cacheable request is kept under, or undefined when the request must go to render. */
export function pageCacheKey(request: FastifyRequest): string | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const { headers } = request;
  if (headers.authorization || (headers.cookie && PERSONAL_COOKIE.test(headers.cookie))) return undefined;
  const url = request.url;
  const at = url.indexOf('?');
  if (at === -1) return `${request.host}\n${url}`;
  const significant: string[] = [];
  for (const [name, value] of new URLSearchParams(url.slice(at + 1))) {
    if (name === EXPERIMENT_RESET_PARAM || name.startsWith(EXPERIMENT_PARAM_PREFIX)) return undefined;
    if (SIGNIFICANT.has(name)) significant.push(`${name}=${value}`);
  }
  return `${request.host}\n${url.slice(0, at)}\n${significant.sort().join('&')}`;
}

/** How long render lets shared caches keep an answer, in ms; undefined when they may not. */
export function sharedLifetimeMs(status: number, headers: Record<string, string | string[] | undefined>): number | undefined {
  if (status !== 200 || headers['set-cookie'] !== undefined) return undefined;
  const control = String(headers['cache-control'] ?? '');
  if (!/(?:^|,)\s*public\s*(?:,|$)/.test(control) || /no-store|no-cache|private/.test(control)) return undefined;
  const seconds = /s-maxage=(\d+)/.exec(control)?.[1] ?? /(?:^|[,\s])max-age=(\d+)/.exec(control)?.[1];
  const ms = seconds === undefined ? 0 : Number(seconds) * 1000;
  return ms > 0 ? Math.min(ms, MAX_TTL_MS) : undefined;
}

const COMPRESSIBLE = /^(?:text\/|application\/(?:json|javascript|xml))/;

export class GatewayPageCache {
  // lru-cache bounds the bytes (each entry's body and copies) and drops the least recently used.
  readonly #entries: LRUCache<string, Entry>;
  readonly #generations = new Map<string, { value: string | undefined; checkedAt: number; pending?: Promise<string | undefined> }>();
  readonly #now: () => number;

  constructor(private readonly options: PageCacheOptions) {
    this.#now = options.now ?? Date.now;
    this.#entries = new LRUCache<string, Entry>({
      maxSize: options.maxBytes,
      maxEntrySize: options.maxBytes / 8,
      sizeCalculation: (entry) => entry.bytes,
      dispose: (entry) => {
        entry.kept = false;
      },
    });
  }

  /** The website's current generation ('0' before its first change), undefined when the cache cannot say. */
  generation(websiteId: string): string | undefined | Promise<string | undefined> {
    const now = this.#now();
    const known = this.#generations.get(websiteId);
    if (known && now - known.checkedAt < GENERATION_RECHECK_MS) return known.value;
    if (known?.pending) return known.pending;
    const pending = this.options.generations.get(pageGenerationKey(websiteId)).then(
      (value) => value ?? '0',
      () => undefined,
    );
    const state: { value: string | undefined; checkedAt: number; pending?: Promise<string | undefined> } = {
      value: known?.value,
      checkedAt: known?.checkedAt ?? 0,
      pending,
    };
    this.#generations.set(websiteId, state);
    return pending.then((value) => {
      this.#generations.set(websiteId, { value, checkedAt: this.#now() });
      return value;
    });
  }

  /** The fresh entry for a key at this generation, or undefined. */
  lookup(key: string, generation: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.generation !== generation || entry.expires <= this.#now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Keeps render's answer when it may be kept; answers the entry (or undefined). */
  store(
    key: string,
    websiteId: string,
    generation: string,
    status: number,
    headers: Record<string, string | string[] | undefined>,
    body: Buffer,
  ): Entry | undefined {
    const ttl = sharedLifetimeMs(status, headers);
    // One page never takes more than an eighth of the cache.
    if (ttl === undefined || body.length > this.options.maxBytes / 8) return undefined;
    const kept: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(headers)) if (value !== undefined && !DROPPED.has(name)) kept[name] = value;
    const given = typeof headers.etag === 'string' && /^"[^"]*"$/.test(headers.etag) ? headers.etag : undefined;
    const entry: Entry = {
      websiteId,
      generation,
      expires: this.#now() + ttl,
      status,
      headers: kept,
      body,
      etag: given ?? `"${createHash('sha1').update(body).digest('base64url')}"`,
      compressible: body.length >= MIN_COMPRESS_BYTES && COMPRESSIBLE.test(String(headers['content-type'] ?? '')),
      copies: {},
      bytes: body.length,
      kept: true,
      key,
    };
    this.#entries.set(key, entry);
    return entry;
  }

  /** Sends an entry: the representation the client takes (made once per entry), 304 when its ETag matches. */
  async send(request: FastifyRequest, reply: FastifyReply, entry: Entry, hit: boolean): Promise<FastifyReply> {
    const encoding = entry.compressible ? chooseEncoding(request.headers['accept-encoding']) : null;
    const etag = encoding ? `${entry.etag.slice(0, -1)}-${encoding === 'br' ? 'br' : 'gz'}"` : entry.etag;
    reply
      .code(entry.status)
      .headers(entry.headers)
      .header('etag', etag)
      .header('x-gateway-cache', hit ? 'hit' : 'miss');
    if (entry.compressible) reply.header('vary', 'Accept-Encoding');
    const match = request.headers['if-none-match'];
    if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
    if (!encoding) return reply.send(request.method === 'HEAD' ? undefined : entry.body);
    let copy = entry.copies[encoding];
    if (!copy) {
      copy =
        encoding === 'br'
          ? brotli(entry.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: entry.body.length } })
          : gzipped(entry.body);
      entry.copies[encoding] = copy;
      void copy.then(
        (bytes) => this.#grow(entry, bytes.length),
        () => undefined,
      );
    }
    const bytes = await copy;
    reply.header('content-encoding', encoding);
    return reply.send(request.method === 'HEAD' ? undefined : bytes);
  }

  /** Counts a compressed copy in its entry's size (an entry that already left counts for nothing). */
  #grow(entry: Entry, bytes: number): void {
    if (!entry.kept || this.#entries.peek(entry.key) !== entry) return;
    entry.bytes += bytes;
    // Set again so that the cache weighs the entry anew (and lets others go if it must).
    this.#entries.set(entry.key, entry, { noUpdateTTL: true, noDisposeOnSet: true });
  }

  /** Bytes kept now (tests). */
  get bytes(): number {
    return this.#entries.calculatedSize;
  }
}
