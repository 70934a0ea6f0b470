// Owner routes of the store's coupons, all of them: the list, create, one coupon, change and
// delete. store:read to look, store:manage to change (packages/contracts permissions).
import { Coupon, CouponInput, CouponList, CouponParams, CouponResponse, CouponUpdateBody, Deleted, Permission } from '@sc/contracts';
import { ownerRoute, websiteIdOf, type ZodApp } from '@sc/platform';
import type { CartModule } from '../module.js';

export function couponRoutes(app: ZodApp, parts: Pick<CartModule, 'coupons'>): void {
  const { coupons } = parts;

  app.get(
    '/api/commerce/coupons',
    ownerRoute(Permission.STORE_READ, { schema: { summary: "The store's coupons", response: { 200: CouponList } } }),
    async (request) => ({
      coupons: await coupons.coupons(websiteIdOf(request)),
    }),
  );

  app.post(
    '/api/commerce/coupons',
    ownerRoute(Permission.STORE_MANAGE, { schema: { summary: 'Create a coupon', body: CouponInput, response: { 200: Coupon } } }),
    async (request) => coupons.create(websiteIdOf(request), request.body),
  );

  app.delete(
    '/api/commerce/coupons/:code',
    ownerRoute(Permission.STORE_MANAGE, { schema: { summary: 'Delete a coupon', params: CouponParams, response: { 200: Deleted } } }),
    async (request) => ({ deleted: await coupons.delete(websiteIdOf(request), request.params.code) }),
  );

  app.get(
    '/api/commerce/coupons/:code',
    ownerRoute(Permission.STORE_READ, {
      schema: { summary: 'One coupon with its usage', params: CouponParams, response: { 200: CouponResponse } },
    }),
    async (request) => ({ coupon: await coupons.coupon(websiteIdOf(request), request.params.code) }),
  );

  app.put(
    '/api/commerce/coupons/:code',
    ownerRoute(Permission.STORE_MANAGE, {
      schema: { summary: 'Change a coupon', params: CouponParams, body: CouponUpdateBody, response: { 200: CouponResponse } },
    }),
    async (request) => ({ coupon: await coupons.change(websiteIdOf(request), request.params.code, request.body) }),
  );
}
