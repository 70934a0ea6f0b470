// What the shopper-facing routes share: who is asking (the cart cookie, the signed-in site user),
// setting the cookie, the Idempotency-Key header, and the shopper's limits (limits.ts; SPEC 8: 429).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CommerceMessages } from '@sc/contracts';
import { clientAddressOf, identityOf, websiteIdOf } from '@sc/platform';
import type { Shopper } from './cart.service.js';
import { cartFailure } from '../shared/errors.js';
import type { ShopperLimits } from './limits.js';

export const CART_COOKIE = 'ss_cart';
const CART_COOKIE_MAX_AGE_S = 30 * 24 * 3600;
const IDEMPOTENCY_HEADER = 'idempotency-key';

/** The cart cookie as a limit's key (bounded: a made-up cookie may be long). */
const cartKeyOf = (request: FastifyRequest): string | undefined => request.cookies[CART_COOKIE]?.slice(0, 64);

/** Who is asking; with `limits`, making a cart for them counts against their address. */
export function shopperOf(request: FastifyRequest, limits?: ShopperLimits): Shopper {
  const websiteId = websiteIdOf(request);
  return {
    websiteId,
    token: request.cookies[CART_COOKIE],
    siteUserId: identityOf(request).siteUserId,
    ...(limits ? { admitNewCart: () => limits.newCart(websiteId, clientAddressOf(request)) } : {}),
  };
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

/** The onRequest hook of every cart write: 429 with the SPEC message past the cart's or the address's limit. */
export function limitWritesWith(limits: ShopperLimits) {
  return async (request: FastifyRequest): Promise<void> => {
    limits.write(websiteIdOf(request), clientAddressOf(request), cartKeyOf(request));
  };
}

/** One coupon or gift-card code tried by this request: 429 past the cart's or the address's limit. */
export function countCodeAttempt(limits: ShopperLimits, request: FastifyRequest): void {
  limits.codeAttempt(websiteIdOf(request), clientAddressOf(request), cartKeyOf(request));
}
