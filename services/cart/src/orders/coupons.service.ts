// The owner's coupons: list, read, create, change and delete. A change reads and writes the coupon
// under its row lock in one transaction, so it never loses the uses checkouts take meanwhile (the
// uses are kept; only the owner's fields change). This process's store cache forgets the
// website's coupons after every change (other replicas within the cache's few seconds).
import { CommerceMessages, type Coupon, type CouponInput, type CouponUpdateBody } from '@sc/contracts';
import type { ServiceContext } from '@sc/platform';
import type { z } from 'zod';
import type { StoreCache } from '../catalog/index.js';
import type { CouponDefinition } from '../domain/totals.js';
import { couponOf, couponView, deleteCoupon, findCoupon, listCoupons, lockCoupon, upsertCoupon } from '../rules/coupons.repository.js';
import { cartFailure } from '../shared/errors.js';
import type { CartDB } from '../tables.js';

export class CouponService {
  readonly #ctx: ServiceContext<CartDB>;
  readonly #cache: StoreCache;

  constructor(ctx: ServiceContext<CartDB>, cache: StoreCache) {
    this.#ctx = ctx;
    this.#cache = cache;
  }

  async coupons(websiteId: string): Promise<Coupon[]> {
    return (await listCoupons(this.#ctx.db, websiteId)).map(couponView);
  }

  /** One coupon with its usage (404 when the store has no such code). */
  async coupon(websiteId: string, code: string): Promise<Coupon> {
    const coupon = await findCoupon(this.#ctx.db, websiteId, code);
    if (!coupon) throw cartFailure(404, CommerceMessages.couponNotFound);
    return couponView(coupon);
  }

  /** Creates a coupon (an existing code's fields are replaced, its uses kept). */
  async create(websiteId: string, b: z.infer<typeof CouponInput>): Promise<Coupon> {
    const coupon = couponOf({
      code: b.code,
      kind: b.kind,
      value: b.value,
      minimum_subtotal_cents: b.minimumSubtotalCents,
      expires_at: b.expiresAt,
      combinable: b.combinable,
      usage_limit: b.usageLimit,
      times_used: 0,
    });
    await upsertCoupon(this.#ctx.db, websiteId, coupon);
    await this.#cache.couponsChanged(websiteId);
    return couponView(coupon);
  }

  /** Changes an existing coupon's fields under its row lock (404 when there is none). */
  async change(websiteId: string, code: string, b: z.infer<typeof CouponUpdateBody>): Promise<Coupon> {
    const coupon = await this.#ctx.transaction(async (trx) => {
      const existing = await lockCoupon(trx, websiteId, code);
      if (!existing) throw cartFailure(404, CommerceMessages.couponNotFound);
      const next: CouponDefinition = {
        code: existing.code,
        kind: b.kind,
        value: b.value,
        minimumSubtotalCents: b.minimumSubtotalCents,
        expiresAt: b.expiresAt === null ? null : new Date(b.expiresAt),
        combinable: b.combinable,
        usageLimit: b.usageLimit,
        timesUsed: existing.timesUsed,
      };
      await upsertCoupon(trx, websiteId, next);
      return next;
    });
    await this.#cache.couponsChanged(websiteId);
    return couponView(coupon);
  }

  async delete(websiteId: string, code: string): Promise<boolean> {
    const deleted = await deleteCoupon(this.#ctx.db, websiteId, code);
    await this.#cache.couponsChanged(websiteId);
    return deleted;
  }
}
