// The one check of every owner route: who is asking (the gateway's signed identity header) and
// may they do this (the permission table of packages/contracts). It runs as an onRequest hook,
// before the body is parsed or validated, so a denied caller learns nothing about the route's
// input and pays nothing for it. Routes declare their permission with ownerRoute(), which puts it
// in the route's config (for the permission tests that walk every route) and in its OpenAPI
// operation (x-permission).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IdentityMessages, permissionsOfRoles, type Identity, type Permission } from '@sc/contracts';
import { AppError } from '../errors.js';
import { verifyIdentity } from './identity-header.js';
import { DEFAULT_PUBLIC_URL, isOrigin, websiteOrigin } from '../http/website-origin.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission an owner route requires (set by ownerRoute). */
    permission?: Permission;
  }
}

/** The website of a request that names none (and of requests refused before they are read). */
export const DEFAULT_WEBSITE_ID = 'default';

const WEBSITE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const single = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/** The X-Website-Id header, if well-formed. Believed only by services that have no signing key. */
function websiteHeader(request: FastifyRequest): string | undefined {
  const value = single(request.headers['x-website-id']);
  return value && WEBSITE_ID.test(value) ? value : undefined;
}

/**
 * The request's website. With IDENTITY_SIGNING_KEY (every launcher sets one) it is the one in the
 * gateway's signed identity, never a bare header: a request sent straight to a service cannot
 * choose its tenant. Without a key (a service built bare, for development) X-Website-Id is read.
 */
export function websiteIdOf(request: FastifyRequest): string {
  return identityOf(request).websiteId;
}

const identities = new WeakMap<FastifyRequest, Identity>();
const verified = new WeakSet<FastifyRequest>();
const signingKeyOf = (request: FastifyRequest): string | undefined => request.server.serviceContext?.config.IDENTITY_SIGNING_KEY;

/**
 * Who the request comes from: the verified identity header, or an anonymous visitor when it is
 * missing, forged, stale or for another request. The key is the service's IDENTITY_SIGNING_KEY.
 */
export function identityOf(request: FastifyRequest): Identity {
  const known = identities.get(request);
  if (known) return known;
  const key = signingKeyOf(request);
  const header = websiteHeader(request);
  const identity = key ? verifyIdentity(request.headers, { key, requestId: request.id, websiteId: header }) : undefined;
  if (identity) verified.add(request);
  const result = identity ?? {
    v: 1,
    kind: 'visitor',
    websiteId: (!key && header) || DEFAULT_WEBSITE_ID,
    requestId: request.id,
    issuedAt: Date.now(),
    roles: [],
  };
  identities.set(request, result);
  return result;
}

/** Whether the request carries the gateway's valid signed identity. */
export function hasGatewayIdentity(request: FastifyRequest): boolean {
  identityOf(request);
  return verified.has(request);
}

/**
 * The client's address as the gateway saw it (from the socket, or from X-Forwarded-For only when
 * its peer is a trusted proxy), carried inside the signed identity. Every per-address limit keys on
 * this. Without a signing key (development), the last X-Forwarded-For entry or the socket's.
 */
export function clientAddressOf(request: FastifyRequest): string {
  const identity = identityOf(request);
  if (identity.clientAddress) return identity.clientAddress;
  if (signingKeyOf(request)) return request.ip;
  const forwarded = single(request.headers['x-forwarded-for'])?.split(',').pop()?.trim();
  return forwarded && forwarded.length <= 64 ? forwarded : request.ip;
}

/**
 * The public origin of the request's website, for absolute links (mail, feeds, canonical URLs):
 * the one the gateway signed into the identity (from PUBLIC_URL and a domain of the website), else
 * this service's PUBLIC_URL. Never the request's Host or X-Forwarded-Host, which a client chooses.
 */
export function publicOriginOf(request: FastifyRequest): string {
  const signed = identityOf(request).origin;
  if (isOrigin(signed)) return signed;
  return websiteOrigin(request.server.serviceContext?.config.PUBLIC_URL ?? DEFAULT_PUBLIC_URL);
}

/** What an identity may do on its website: an owner's roles' permissions, or an API key's scopes. */
export function permissionsOf(identity: Identity): Set<Permission> {
  switch (identity.kind) {
    case 'owner':
      return permissionsOfRoles(identity.roles);
    case 'api-key':
      return new Set(identity.scopes ?? []);
    case 'site-user':
    case 'visitor':
      return new Set();
  }
}

export type PermissionHook = ((request: FastifyRequest, reply: FastifyReply) => Promise<void>) & { readonly permission: Permission };

/**
 * A hook (onRequest or preHandler) that lets the request through only for an owner or API key
 * holding `permission` on the request's website: 401 for anyone else signed out, 403 otherwise.
 * A `websiteId` route parameter must name the request's website.
 */
export function requirePermission(permission: Permission): PermissionHook {
  const check = async (request: FastifyRequest): Promise<void> => {
    const identity = identityOf(request);
    if (identity.kind !== 'owner' && identity.kind !== 'api-key') throw new AppError('UNAUTHORIZED', IdentityMessages.signInRequired);
    const params = request.params as Record<string, unknown> | undefined;
    if (typeof params?.websiteId === 'string' && params.websiteId !== identity.websiteId) {
      throw new AppError('FORBIDDEN', IdentityMessages.otherWebsite);
    }
    if (!permissionsOf(identity).has(permission)) throw new AppError('FORBIDDEN', IdentityMessages.forbidden);
  };
  return Object.assign(check, { permission });
}

/** A hook that lets through only a signed-in site user (401 otherwise). */
export async function requireSiteUser(request: FastifyRequest): Promise<void> {
  if (identityOf(request).siteUserId === undefined) throw new AppError('UNAUTHORIZED', IdentityMessages.signInRequired);
}

interface RouteShape {
  config?: object;
  schema?: object;
  onRequest?: unknown;
}

/**
 * Marks route options as an owner route needing `permission`: the check runs first (onRequest),
 * and the permission is recorded in `config.permission` and the OpenAPI operation (x-permission).
 * Usage: `app.post('/api/x', ownerRoute(Permission.STORE_MANAGE, { schema: {...} }), handler)`.
 */
export function ownerRoute<T extends RouteShape>(permission: Permission, options: T): T {
  const hooks =
    options.onRequest === undefined ? [] : Array.isArray(options.onRequest) ? (options.onRequest as unknown[]) : [options.onRequest];
  return {
    ...options,
    config: { ...options.config, permission },
    schema: { ...options.schema, 'x-permission': permission },
    onRequest: [requirePermission(permission), ...hooks],
  };
}

/** The permission a route declares: its config's, or that of a requirePermission hook it runs. */
export function routePermission(route: {
  config?: unknown;
  onRequest?: unknown;
  preValidation?: unknown;
  preHandler?: unknown;
}): Permission | undefined {
  const fromConfig = (route.config as { permission?: Permission } | undefined)?.permission;
  if (fromConfig) return fromConfig;
  for (const hooks of [route.onRequest, route.preValidation, route.preHandler]) {
    for (const hook of Array.isArray(hooks) ? (hooks as unknown[]) : [hooks]) {
      const tagged = (hook as { permission?: Permission } | undefined)?.permission;
      if (typeof hook === 'function' && tagged) return tagged;
    }
  }
  return undefined;
}
