// Owner routes of the store's inventory panel and store rules: store:read to look, store:manage
// to change (packages/contracts permissions). Coupons and orders are in orders/.
import {
  InventoryList,
  InventoryParams,
  InventoryQuery,
  InventoryRow,
  Permission,
  StoreRules,
  UpdateStockBody,
  UpdateStoreRulesBody,
} from '@sc/contracts';
import { ownerRoute, websiteIdOf, type ZodApp } from '@sc/platform';
import type { CartModule } from '../module.js';

export function ownerRoutes(app: ZodApp, parts: Pick<CartModule, 'store'>): void {
  const { store } = parts;

  app.get(
    '/api/commerce/inventory',
    ownerRoute(Permission.STORE_READ, {
      schema: {
        summary: "Stock of every product variant, or of one product's",
        querystring: InventoryQuery,
        response: { 200: InventoryList },
      },
    }),
    async (request) => {
      const rows = await store.inventory(websiteIdOf(request), request.query.itemId);
      return {
        inventory: rows.map((r) => ({
          itemId: r.product_id,
          variantId: r.variant_id,
          sku: r.sku,
          title: r.title,
          productType: r.product_type,
          qtyInStock: r.qty,
          unlimited: r.unlimited,
        })),
      };
    },
  );

  app.put(
    '/api/commerce/inventory/:itemId/:variantId',
    ownerRoute(Permission.STORE_MANAGE, {
      schema: {
        summary: 'Set the stock of one product variant',
        params: InventoryParams,
        body: UpdateStockBody,
        response: { 200: InventoryRow },
      },
    }),
    async (request) => store.setStock(websiteIdOf(request), request.params.itemId, request.params.variantId, request.body),
  );

  app.get(
    '/api/commerce/store-rules',
    ownerRoute(Permission.STORE_READ, {
      schema: { summary: "The store's rules: minimum order and donation, tax rules, shipping options", response: { 200: StoreRules } },
    }),
    async (request) => {
      const { currency: _currency, ...rules } = await store.rules(websiteIdOf(request));
      return rules;
    },
  );

  app.put(
    '/api/commerce/store-rules',
    ownerRoute(Permission.STORE_MANAGE, {
      schema: { summary: "Change the store's rules", body: UpdateStoreRulesBody, response: { 200: StoreRules } },
    }),
    async (request) => {
      const { currency: _currency, ...rules } = await store.saveRules(websiteIdOf(request), request.body);
      return rules;
    },
  );
}
