// What a shopper may do per window, counted on what an attacker cannot mint for free (issue 40):
// the client address (the gateway's X-Forwarded-For, from behind its trusted proxies) always, and
// the cart where there is one. A made-up cart cookie is a new key each time, so it never counts
// alone: every cart write also counts against the address, making a cart (a cookie naming no open
// cart) is limited per address, and coupon and gift-card code attempts are limited per cart and
// per address, so codes cannot be guessed by the thousand. Counts are shared across replicas
// through Redis when there is one (the platform's WindowLimiter). Each refusal is SPEC 8's 429.
import { CartMessages } from '@sc/contracts';
import { countDependencyFailure, loadConfig, optional, RedisCache, redisCounters, WindowLimiter, type ServiceContext } from '@sc/platform';
import { z } from 'zod';
import type { CartDB } from '../tables.js';
import { cartFailure } from '../shared/errors.js';

/** Cart writes per cart per window; the other limits follow from it unless given. */
export interface WriteLimit {
  max: number;
  windowMs: number;
  /** Cart writes per client address per window (default 4 × max: a few shoppers behind one address). */
  perAddressMax?: number;
  /** Carts made per client address per window (default max / 4). */
  newCartsMax?: number;
  /** Coupon and gift-card code attempts per cart per code window (default max / 12: 10 at the default 120). */
  codesPerCart?: number;
  /** Code attempts per client address per code window (default max / 4: 30 at the default 120). */
  codesPerAddress?: number;
  /** The window of code attempts (default 10 minutes). */
  codeWindowMs?: number;
}

export const DEFAULT_WRITE_LIMIT: WriteLimit = { max: 120, windowMs: 60_000 };

const LimitEnv = z.object({
  /** Cart writes per cart per minute (default 120); the per-address limits follow from it (benchmarks raise it). */
  CART_WRITE_LIMIT: optional(z.coerce.number().int().min(1).max(100_000_000)),
});

/** The write limit of the environment: CART_WRITE_LIMIT, else the default. */
export function writeLimitFromEnv(env: NodeJS.ProcessEnv = process.env): WriteLimit {
  const max = loadConfig(LimitEnv, env).CART_WRITE_LIMIT;
  return max ? { ...DEFAULT_WRITE_LIMIT, max } : DEFAULT_WRITE_LIMIT;
}

const atLeastOne = (n: number) => Math.max(1, Math.floor(n));

export class ShopperLimits {
  readonly #writesPerCart: WindowLimiter;
  readonly #writesPerAddress: WindowLimiter;
  readonly #newCarts: WindowLimiter;
  readonly #codesPerCart: WindowLimiter;
  readonly #codesPerAddress: WindowLimiter;

  constructor(ctx: ServiceContext<CartDB>, limit: WriteLimit) {
    const make = (name: string, max: number, windowMs: number) =>
      new WindowLimiter({
        max,
        windowMs,
        ...(ctx.cache instanceof RedisCache ? { shared: redisCounters(ctx.cache.client, `sc:${ctx.name}:${name}:`) } : {}),
        onFlushError: (error) => {
          countDependencyFailure(ctx.name, 'redis', 'local-limit');
          ctx.logger.warn({ err: error, limit: name }, 'shopper limit counts could not be shared; counting locally');
        },
      });
    const codeWindowMs = limit.codeWindowMs ?? 600_000;
    this.#writesPerCart = make('cart-writes', limit.max, limit.windowMs);
    this.#writesPerAddress = make('address-writes', limit.perAddressMax ?? limit.max * 4, limit.windowMs);
    this.#newCarts = make('new-carts', limit.newCartsMax ?? atLeastOne(limit.max / 4), limit.windowMs);
    this.#codesPerCart = make('cart-codes', limit.codesPerCart ?? atLeastOne(limit.max / 12), codeWindowMs);
    this.#codesPerAddress = make('address-codes', limit.codesPerAddress ?? atLeastOne(limit.max / 4), codeWindowMs);
  }

  /** One cart write: 429 past the cart's or the address's limit (both are counted). */
  write(websiteId: string, address: string, cartToken: string | undefined): void {
    const byAddress = this.#writesPerAddress.allow(`${websiteId}:${address}`);
    const byCart = cartToken === undefined || this.#writesPerCart.allow(`${websiteId}:${cartToken}`);
    if (!byAddress || !byCart) throw cartFailure(429, CartMessages.rateLimited);
  }

  /** A cart is about to be made for this address: 429 past the address's limit. */
  newCart(websiteId: string, address: string): void {
    if (!this.#newCarts.allow(`${websiteId}:${address}`)) throw cartFailure(429, CartMessages.rateLimited);
  }

  /** One coupon or gift-card code tried: 429 past the cart's or the address's limit. */
  codeAttempt(websiteId: string, address: string, cartToken: string | undefined): void {
    const byAddress = this.#codesPerAddress.allow(`${websiteId}:${address}`);
    const byCart = cartToken === undefined || this.#codesPerCart.allow(`${websiteId}:${cartToken}`);
    if (!byAddress || !byCart) throw cartFailure(429, CartMessages.rateLimited);
  }

  close(): void {
    for (const limiter of [this.#writesPerCart, this.#writesPerAddress, this.#newCarts, this.#codesPerCart, this.#codesPerAddress])
      limiter.close();
  }
}
