// The identity step: once per request, the gateway turns the request's credentials (an API key
// in `Authorization: Bearer`, else the owner and site-user session cookies) into an Identity by
// asking the identity service, caches that answer briefly, checks the site user's
// X-SiteUser-XSRF-Token on unsafe API requests, and signs the identity for the services
// (x-sc-identity + x-sc-identity-signature, set in proxy.ts). Requests without credentials are
// visitors and cost no lookup.
//
// The cache is this process's memory: a signed-out session or revoked key may live on in another
// gateway replica for up to the TTL (5 s); this replica forgets everything it cached as soon as
// an identity-changing request (sign-in, sign-out, members, API keys) succeeds through it.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import {
  IDENTITY_RESOLVE_PATH,
  IdentityMessages,
  OWNER_SESSION_COOKIE,
  ResolvedCredentials,
  SITE_USER_SESSION_COOKIE,
  SITE_USER_XSRF_HEADER,
  sessionCookieName,
  type Identity,
  type ResolveCredentials,
} from '@sc/contracts';
import {
  AppError,
  cookieOf,
  ReplicaFetch,
  serviceCallHeaders,
  signIdentity,
  type IdentityHeaders,
  type Logger,
  pinoOf,
} from '@sc/platform';
import type { GatewayEnv } from './config.js';
import { websiteIdFor } from './website.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who the request comes from (null on paths that skip the step: health, assets, docs). */
    identity: Identity | null;
    /** The signed identity headers to forward (null without IDENTITY_SIGNING_KEY). */
    identityHeaders: IdentityHeaders | null;
  }
}

export interface IdentityStepOptions {
  /** How long an answer of the identity service is reused. */
  cacheTtlMs?: number;
  /** At most this many answers are kept; the oldest go first. */
  maxEntries?: number;
  /** How long to wait for the identity service. */
  timeoutMs?: number;
  /** IDENTITY_SIGNING_KEY (set by installIdentity): identity answers only signed calls. */
  signingKey?: string | undefined;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const TOKEN = /^[A-Za-z0-9_.~+/=-]{16,256}$/;
const NOBODY: ResolvedCredentials = { siteUser: null, owner: null, apiKey: null };
// Starting a session (a site user's or an owner's) must work while a site-user session whose
// token the page lost is still around.
const SIGN_IN = new Set([
  'POST /api/site-users/account/session',
  'POST /api/auth/site-users',
  'POST /api/auth/site-users/confirm',
  'POST /api/auth/session',
  'POST /api/auth/session/handoff',
  'POST /api/auth/owners',
  'POST /api/auth/owners/confirm',
]);

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
// Keyed by a hash so that no token sits in memory longer than the request that carried it.
const cacheKey = (credentials: ResolveCredentials): string => sha256(JSON.stringify(credentials));

function skipped(path: string): boolean {
  return (
    path === '/healthz' ||
    path === '/readyz' ||
    path === '/api/openapi.json' ||
    path === '/api/docs' ||
    path.startsWith('/api/docs/') ||
    path.startsWith('/assets/') ||
    path === '/config' ||
    path.startsWith('/config/')
  );
}

/** After such a request succeeds, cached answers may be wrong (signed out, roles changed, key revoked). */
function changesIdentity(path: string): boolean {
  return path.startsWith('/api/auth/') || path === '/api/site-users/account/session';
}

/** The credentials a request carries; an API key stands alone (its cookies are not consulted). */
export function credentialsOf(request: FastifyRequest, websiteId: string): ResolveCredentials | undefined {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
  if (bearer) return TOKEN.test(bearer) ? { websiteId, apiKey: bearer } : undefined;
  const secure = request.protocol === 'https';
  const cookie = (name: string) => {
    const value = cookieOf(request, sessionCookieName(name, secure));
    return value && TOKEN.test(value) ? value : undefined;
  };
  const siteUserSession = cookie(SITE_USER_SESSION_COOKIE);
  const ownerSession = cookie(OWNER_SESSION_COOKIE);
  if (!siteUserSession && !ownerSession) return undefined;
  return { websiteId, ...(siteUserSession ? { siteUserSession } : {}), ...(ownerSession ? { ownerSession } : {}) };
}

/** Asks the identity service, with a small TTL cache keyed by a hash of the credentials. */
export class IdentityResolver {
  readonly #identity: ReplicaFetch;
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #timeoutMs: number;
  readonly #logger: Logger;
  readonly #signingKey: string | undefined;
  readonly #cache: LRUCache<string, { value: ResolvedCredentials; expiresAt: number }>;
  readonly #inflight = new Map<string, Promise<ResolvedCredentials | undefined>>();

  constructor(url: string, logger: Logger, options: IdentityStepOptions = {}) {
    // IDENTITY_URL may list the identity service's replicas: asked in turn, the next when one is down.
    this.#identity = new ReplicaFetch(url);
    this.#ttlMs = options.cacheTtlMs ?? 5_000;
    this.#maxEntries = options.maxEntries ?? 10_000;
    this.#cache = new LRUCache({ max: this.#maxEntries });
    this.#timeoutMs = options.timeoutMs ?? 2_000;
    this.#logger = logger;
    this.#signingKey = options.signingKey;
  }

  /** The cached answer for these credentials, if it is still fresh. */
  known(credentials: ResolveCredentials): ResolvedCredentials | undefined {
    const cached = this.#cache.get(cacheKey(credentials));
    return cached && cached.expiresAt > Date.now() ? cached.value : undefined;
  }

  /** The answer for these credentials; undefined when the identity service cannot be asked. */
  async resolve(credentials: ResolveCredentials): Promise<ResolvedCredentials | undefined> {
    const key = cacheKey(credentials);
    const cached = this.#cache.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached.value;
    if (cached) this.#cache.delete(key);
    let pending = this.#inflight.get(key);
    if (!pending) {
      pending = this.#ask(key, credentials).finally(() => this.#inflight.delete(key));
      this.#inflight.set(key, pending);
    }
    return pending;
  }

  /** Forgets every cached answer. */
  clear(): void {
    this.#cache.clear();
  }

  async #ask(key: string, credentials: ResolveCredentials): Promise<ResolvedCredentials | undefined> {
    try {
      // A lookup (it changes nothing), so asking another replica again is safe.
      const response = await this.#identity.fetch(IDENTITY_RESOLVE_PATH, {
        method: 'POST',
        headers: { ...serviceCallHeaders(this.#signingKey, credentials.websiteId), 'content-type': 'application/json' },
        body: JSON.stringify(credentials),
        timeoutMs: this.#timeoutMs,
      });
      if (!response.ok) throw new Error(`identity answered ${response.status}`);
      const value = ResolvedCredentials.parse(await response.json());
      if (this.#ttlMs > 0) this.#cache.set(key, { value, expiresAt: Date.now() + this.#ttlMs });
      return value;
    } catch (error) {
      this.#logger.warn(
        { err: error instanceof Error ? { message: error.message, name: error.name } : String(error) },
        'identity service could not be asked; request goes on as a visitor',
      );
      return undefined;
    }
  }
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The identity of a request from what the identity service said. A site user's authority on an
 * unsafe request needs the X-SiteUser-XSRF-Token of their session: on an API call without it the
 * request is refused (403), unless it is a sign-in or an owner is signed in too, in which case it
 * goes on without the site user.
 */
export function identityFor(request: FastifyRequest, websiteId: string, resolved: ResolvedCredentials): Identity {
  const path = request.url.split('?')[0] ?? '';
  const base = {
    v: 1 as const,
    websiteId,
    requestId: request.id,
    issuedAt: Date.now(),
    roles: [],
    clientAddress: request.ip,
    ...(request.websiteOrigin ? { origin: request.websiteOrigin } : {}),
  };
  if (resolved.apiKey) {
    return { ...base, kind: 'api-key', ownerId: resolved.apiKey.ownerId, apiKeyId: resolved.apiKey.id, scopes: resolved.apiKey.scopes };
  }
  let siteUserId = resolved.siteUser?.id;
  if (resolved.siteUser && UNSAFE.has(request.method)) {
    const sent = request.headers[SITE_USER_XSRF_HEADER];
    const valid = typeof sent === 'string' && sent.length > 0 && sameHash(sha256(sent), resolved.siteUser.xsrfTokenHash);
    if (!valid) {
      const refuse = path.startsWith('/api/') && !SIGN_IN.has(`${request.method} ${path}`) && !resolved.owner;
      if (refuse) throw new AppError('FORBIDDEN', IdentityMessages.xsrfFailed);
      siteUserId = undefined;
    }
  }
  if (resolved.owner) {
    return { ...base, kind: 'owner', ownerId: resolved.owner.id, roles: resolved.owner.roles, ...(siteUserId ? { siteUserId } : {}) };
  }
  if (siteUserId) return { ...base, kind: 'site-user', siteUserId };
  return { ...base, kind: 'visitor' };
}

/** Whether the identity step runs for this path (not for health, assets, docs and the admin app's files). */
export function needsIdentity(path: string): boolean {
  return !skipped(path);
}

/**
 * The identity step for one request: sets request.identity and its signed headers. Visitors
 * without credentials and cached answers are done at once (undefined); a lookup gives a promise.
 */
export function identify(request: FastifyRequest, resolver: IdentityResolver, key: string | undefined): Promise<void> | undefined {
  const websiteId = websiteIdFor(request);
  const credentials = credentialsOf(request, websiteId);
  const finish = (resolved: ResolvedCredentials | undefined) => {
    const identity = identityFor(request, websiteId, resolved ?? NOBODY);
    request.identity = identity;
    if (key) request.identityHeaders = signIdentity(identity, key);
  };
  if (!credentials) return void finish(NOBODY);
  const known = resolver.known(credentials);
  if (known) return void finish(known);
  return resolver.resolve(credentials).then(finish);
}

/** Declares the identity of requests and makes the resolver (steps.ts runs the step). */
export function installIdentity(app: FastifyInstance, config: GatewayEnv, options: IdentityStepOptions = {}): IdentityResolver {
  const logger = pinoOf(app.log);
  const resolver = new IdentityResolver(config.IDENTITY_URL, logger, { signingKey: config.IDENTITY_SIGNING_KEY, ...options });
  if (!config.IDENTITY_SIGNING_KEY) logger.warn('IDENTITY_SIGNING_KEY is not set: services will see every request as an anonymous visitor');
  app.decorateRequest('identity', null);
  app.decorateRequest('identityHeaders', null);
  app.addHook('onResponse', (request, reply, done) => {
    if (UNSAFE.has(request.method) && reply.statusCode < 400 && changesIdentity(request.url.split('?')[0] ?? '')) resolver.clear();
    done();
  });
  return resolver;
}
