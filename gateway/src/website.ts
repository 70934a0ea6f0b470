// Which website a request is for: the Host header's domain, looked up in the content service
// (which owns websites and their verified domains) and remembered briefly in this process. A host
// no website has is no website (NO_WEBSITE: the steps answer it with a 404 page and nothing of any
// website), unless FALLBACK_WEBSITE_ID opts in to serving one website to every such host.
// Services trust X-Website-Id because the gateway always overwrites it (proxy.ts).
//
// While the content service cannot answer, a host answered before keeps its last answer; a host
// never seen gets the fallback (or no website) for a second and is asked again after that.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { DEMO_WEBSITE_ID } from '@sc/contracts';
import { DEFAULT_PUBLIC_URL, ReplicaFetch, replicaUrls, serviceCallHeaders, websiteOrigin, type Logger } from '@sc/platform';

declare module 'fastify' {
  interface FastifyRequest {
    /** The website this request is for (set by the website step, before any other handler). */
    websiteId: string;
    /**
     * The website's public origin for links (PUBLIC_URL's scheme and port, the request's domain
     * only when content confirmed the website has it; PUBLIC_URL's origin otherwise). Signed into
     * the identity, so a forged Host never reaches a mail.
     */
    websiteOrigin: string;
  }
}

export interface WebsiteResolverOptions {
  /** Base URL of the content service. */
  contentUrl: string;
  /** The website of hosts no website has (opt-in); without it they have none (NO_WEBSITE). */
  fallbackWebsiteId?: string | undefined;
  /** How long an answer is reused. */
  ttlMs: number;
  /** How long a fallback given because content did not answer is reused. */
  errorTtlMs?: number;
  timeoutMs?: number;
  /** At most this many hosts are remembered; the least recently used go first. */
  maxEntries?: number;
  logger?: Logger;
  fetch?: typeof fetch;
  /** IDENTITY_SIGNING_KEY: content answers only signed calls. */
  signingKey?: string | undefined;
  /** PUBLIC_URL: the scheme and port of every website's origin (website-origin.ts in platform). */
  publicUrl?: string | undefined;
}

interface Entry {
  websiteId: string;
  /** The website's origin at this domain: only a domain content said the website has is used. */
  origin: string;
  expires: number;
  /** True when content answered (found or not found); false for a fallback after a failure. */
  answered: boolean;
}

/** The answer for a host no website has (and no fallback is configured): the steps answer 404. */
export const NO_WEBSITE = '';

// Host names (with or without port) and bracketed IPv6 literals; anything else is not looked up.
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])$/;

/** The domain a Host header names: lower case, without port and trailing dot; undefined when malformed. */
export function domainOf(host: string | undefined): string | undefined {
  if (!host) return undefined;
  const lower = host.trim().toLowerCase();
  const domain = (lower.startsWith('[') ? lower.slice(0, lower.indexOf(']') + 1) : lower.replace(/:\d{1,5}$/, '')).replace(/\.$/, '');
  return domain.length <= 253 && HOST.test(domain) ? domain : undefined;
}

/** Host → website id through the content service, with a small in-memory cache. */
export class WebsiteResolver {
  readonly #options: Required<Omit<WebsiteResolverOptions, 'logger' | 'signingKey' | 'publicUrl' | 'fallbackWebsiteId'>> & {
    logger?: Logger;
    signingKey?: string | undefined;
    fallbackWebsiteId: string;
  };
  /** The origin of hosts no website has (and of malformed hosts). */
  readonly #fallbackOrigin: string;
  readonly #publicUrl: string;
  readonly #cache: LRUCache<string, Entry>;
  readonly #pending = new Map<string, Promise<string>>();
  /** Content's replicas (CONTENT_URL may list several), unless a test gave a fetch of its own. */
  readonly #content: ReplicaFetch | undefined;

  constructor(options: WebsiteResolverOptions) {
    this.#content = options.fetch ? undefined : new ReplicaFetch(options.contentUrl);
    this.#options = {
      errorTtlMs: 1_000,
      timeoutMs: 2_000,
      maxEntries: 10_000,
      fetch: globalThis.fetch.bind(globalThis),
      ...options,
      fallbackWebsiteId: options.fallbackWebsiteId ?? NO_WEBSITE,
    };
    this.#publicUrl = options.publicUrl ?? DEFAULT_PUBLIC_URL;
    this.#fallbackOrigin = websiteOrigin(this.#publicUrl);
    // Bounded: a flood of made-up Host names evicts the least recently used hosts, never grows the process.
    this.#cache = new LRUCache<string, Entry>({ max: this.#options.maxEntries });
  }

  /** The website of a Host header when it is known without asking (fresh in the cache, or no valid host). */
  known(host: string | undefined, now = Date.now()): string | undefined {
    const domain = domainOf(host);
    if (!domain) return this.#options.fallbackWebsiteId;
    const cached = this.#cache.get(domain);
    return cached && cached.expires > now ? cached.websiteId : undefined;
  }

  /** The website of a Host header; never throws. */
  async resolve(host: string | undefined, now = Date.now()): Promise<string> {
    const domain = domainOf(host);
    if (!domain) return this.#options.fallbackWebsiteId;
    const cached = this.#cache.get(domain);
    if (cached && cached.expires > now) return cached.websiteId;
    // One lookup per host at a time: concurrent requests for a cold host share it.
    let pending = this.#pending.get(domain);
    if (!pending) {
      pending = this.#lookup(domain, cached).finally(() => this.#pending.delete(domain));
      this.#pending.set(domain, pending);
    }
    return pending;
  }

  /**
   * The public origin for a Host whose website was resolved: PUBLIC_URL's scheme and port with the
   * host's domain when content said a website has it, else PUBLIC_URL's origin.
   */
  originOf(host: string | undefined): string {
    const domain = domainOf(host);
    return (domain && this.#cache.get(domain)?.origin) || this.#fallbackOrigin;
  }

  /** Forgets every answer (tests; after domains change). */
  clear(): void {
    this.#cache.clear();
  }

  async #lookup(domain: string, stale: Entry | undefined): Promise<string> {
    const { contentUrl, fallbackWebsiteId, ttlMs, errorTtlMs, timeoutMs } = this.#options;
    try {
      const path = `/internal/websites/by-domain?host=${encodeURIComponent(domain)}`;
      const headers = serviceCallHeaders(this.#options.signingKey, fallbackWebsiteId || DEMO_WEBSITE_ID);
      const response = this.#content
        ? await this.#content.fetch(path, { headers, timeoutMs })
        : await this.#options.fetch(`${replicaUrls(contentUrl)[0]}${path}`, { headers, signal: AbortSignal.timeout(timeoutMs) });
      if (response.status === 404)
        return this.#remember(domain, {
          websiteId: fallbackWebsiteId,
          origin: this.#fallbackOrigin,
          expires: Date.now() + ttlMs,
          answered: true,
        });
      if (!response.ok) throw new Error(`content answered ${response.status}`);
      const body = (await response.json()) as { websiteId?: unknown };
      if (typeof body.websiteId !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(body.websiteId))
        throw new Error('content answered without a website id');
      return this.#remember(domain, {
        websiteId: body.websiteId,
        origin: websiteOrigin(this.#publicUrl, domain),
        expires: Date.now() + ttlMs,
        answered: true,
      });
    } catch (error) {
      this.#options.logger?.warn({ err: error, domain }, 'website lookup failed; using the last answer or the fallback website');
      const websiteId = stale?.answered ? stale.websiteId : fallbackWebsiteId;
      const origin = stale?.answered ? stale.origin : this.#fallbackOrigin;
      return this.#remember(domain, { websiteId, origin, expires: Date.now() + errorTtlMs, answered: stale?.answered ?? false });
    }
  }

  #remember(domain: string, entry: Entry): string {
    this.#cache.set(domain, entry);
    return entry.websiteId;
  }
}

/** Paths that never reach a service need no website. */
export function needsNoWebsite(path: string): boolean {
  // The admin app's page is the platform's, not a website's: it loads on any host (its API calls
  // then carry the host's website, or are answered that no website has it).
  return path === '/healthz' || path === '/readyz' || path.startsWith('/assets/') || path === '/config' || path.startsWith('/config/');
}

/** Declares request.websiteId (the steps in steps.ts fill it before any handler). */
export function installWebsiteResolution(app: FastifyInstance): void {
  app.decorateRequest('websiteId', '');
  app.decorateRequest('websiteOrigin', '');
}

/** The website id to forward for a request (the fallback website if the step did not run). */
export function websiteIdFor(request: FastifyRequest): string {
  return request.websiteId || DEMO_WEBSITE_ID;
}
