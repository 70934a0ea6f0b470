// What the shopper-facing routes share: who is asking (the cart cookie, the signed-in site user),
// setting the cookie, the Idempotency-Key header, and the per-cart write limit (SPEC 8: 429).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CartMessages, CommerceMessages } from '@sc/contracts';
import { clientAddressOf, countDependencyFailure, identityOf, RedisCache, redisCounters, WindowLimiter, websiteIdOf, type ServiceContext } from '@sc/platform';
import type { CartDB } from '../tables.js';
import type { Shopper } from './cart.service.js';
import { cartFailure } from './errors.js';

export const CART_COOKIE = 'ss_cart';
const CART_COOKIE_MAX_AGE_S = 30 * 24 * 3600;
const IDEMPOTENCY_HEADER = 'idempotency-key';

export function shopperOf(request: FastifyRequest): Shopper {
  return { websiteId: websiteIdOf(request), token: request.cookies[CART_COOKIE], siteUserId: identityOf(request).siteUserId };
}

export function setCartCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(CART_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    // Behind the gateway the service hears plain HTTP: the visitor's scheme is the X-Forwarded-Proto
    // the gateway always sets (proxy.ts), so the cookie is Secure whenever the visitor used HTTPS.
    secure: request.headers['x-forwarded-proto'] === 'https' || request.protocol === 'https',
    maxAge: CART_COOKIE_MAX_AGE_S,
  });
}

/** The required Idempotency-Key of a money-moving request. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const key = optionalIdempotencyKeyOf(request);
  if (!key) throw cartFailure(400, CommerceMessages.idempotencyKeyRequired);
  return key;
}

/** The optional Idempotency-Key of a request (present but empty or too long: 400). */
export function optionalIdempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key !== undefined && (key.length === 0 || key.length > 255)) throw cartFailure(400, CommerceMessages.idempotencyKeyRequired);
  return key;
}

/** Cart writes allowed per cart (or client without a cart) per window, counted across replicas through Redis. */
export function cartWriteLimiter(ctx: ServiceContext<CartDB>, limit: { max: number; windowMs: number }): WindowLimiter {
  return new WindowLimiter({
    ...limit,
    ...(ctx.cache instanceof RedisCache ? { shared: redisCounters(ctx.cache.client, `sc:${ctx.name}:cart-writes:`) } : {}),
    onFlushError: (error) => {
      countDependencyFailure(ctx.name, 'redis', 'local-limit');
      ctx.logger.warn({ err: error }, 'cart write counts could not be shared; counting locally');
    },
  });
}

/** The onRequest hook of every cart write: 429 with the SPEC message past the limit. */
export function limitWritesWith(limiter: WindowLimiter) {
  return async (request: FastifyRequest): Promise<void> => {
    const who = request.cookies[CART_COOKIE] ?? `ip:${clientAddressOf(request)}`;
    if (!limiter.allow(`${websiteIdOf(request)}:${who}`)) throw cartFailure(429, CartMessages.rateLimited);
  };
}
