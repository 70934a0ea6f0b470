// The rollups the bus's events feed (the consumers apply each event once: handleOnce records its
// id in the same transaction as this effect, so a redelivery changes nothing):
// - commerce: entries added to and removed from carts (the funnel's "add to cart"), placed orders
//   (revenue and orders per day; the funnel's "purchase" for the visitors who added to the order's
//   cart, see migrations/0002_funnel_visitors.ts; test-mode orders are counted apart, in the test_
//   columns of migration 0040, which reports add only when asked);
// - forms: saved submissions (form conversion);
// - content: products (names for reports, sku → product for purchases) and site settings
//   (country and time zone for session replay, the cookie policy when the event carries it).
import { z } from 'zod';
import {
  CartEntryAdded,
  CartEntryRemoved,
  ContentProductDeleted,
  ContentProductUpserted,
  FormSubmissionSaved,
  OrderPlaced,
  type EventEnvelope,
} from '@sc/contracts';
import type { Transaction } from 'kysely';
import type { AnalyticsDB } from '../tables.js';
import { dayOf } from '../domain/dates.js';
import { bulkAdd, type Column } from '../ingest/bulk.js';
import { mirrorSiteSettings } from '../settings/settings.repository.js';
import { withTables } from '@sc/platform';

/**
 * content.settings.updated as analytics reads it: the published fields, plus the cookie policy
 * when a publisher includes it (read leniently, so the event schema can grow without breaking us).
 */
const SettingsUpdate = z.object({
  country: z.string().optional(),
  timeZone: z.string().optional(),
  cookieSettings: z.object({ restrictivePolicy: z.boolean().optional() }).optional(),
});

const col = (name: string, type: Column['type'] = 'text'): Column => ({ name, type });
const PRODUCT_KEY = [col('website_id'), col('day', 'date'), col('product_id')];
const int = (name: string) => col(name, 'integer');

type Trx = Transaction<AnalyticsDB>;

/** What one event adds to the rollups of the service's schema, in the caller's transaction. */
export async function applyRollups(trx: Trx, schema: string, event: EventEnvelope): Promise<void> {
  const raw = withTables<unknown>(trx);
  const websiteId = event.websiteId;
  const day = dayOf(Date.parse(event.occurredAt));
  switch (event.type) {
    case 'commerce.cart.entry-added': {
      const data = CartEntryAdded.parse(event.data);
      await bulkAdd(
        raw,
        schema,
        'product_daily',
        PRODUCT_KEY,
        [int('adds'), int('add_quantity')],
        [[websiteId, day, data.itemId, 1, data.quantity]],
      );
      return;
    }
    case 'commerce.cart.entry-removed': {
      const data = CartEntryRemoved.parse(event.data);
      await bulkAdd(raw, schema, 'product_daily', PRODUCT_KEY, [int('removes')], [[websiteId, day, data.itemId, 1]]);
      return;
    }
    case 'commerce.order.placed': {
      const order = OrderPlaced.parse(event.data);
      const test = order.testMode ? 'test_' : '';
      await bulkAdd(
        raw,
        schema,
        'sales_daily',
        [col('website_id'), col('day', 'date'), col('currency')],
        [int(`${test}orders`), col(`${test}revenue`, 'bigint')],
        [[websiteId, day, order.grandTotal.currency, 1, order.grandTotal.value]],
      );
      const skus = [...new Set(order.items.map((item) => item.sku))];
      const known =
        skus.length === 0
          ? []
          : await trx
              .selectFrom('product_skus')
              .select(['sku', 'product_id'])
              .where('website_id', '=', websiteId)
              .where('sku', 'in', skus)
              .execute();
      const productOf = new Map(known.map((row) => [row.sku, row.product_id]));
      // One purchase per product per order, however many lines or variants it had.
      const perProduct = new Map<string, number>();
      for (const item of order.items) {
        const product = item.itemId ?? productOf.get(item.sku) ?? item.sku;
        perProduct.set(product, (perProduct.get(product) ?? 0) + item.quantity);
      }
      await bulkAdd(
        raw,
        schema,
        'product_daily',
        PRODUCT_KEY,
        order.testMode ? [int('test_purchased_quantity')] : [int('purchases'), int('purchased_quantity')],
        [...perProduct.entries()].map(([product, quantity]) =>
          order.testMode ? [websiteId, day, product, quantity] : [websiteId, day, product, 1, quantity],
        ),
      );
      // The funnel's last step: the visitors who added these products to this cart bought them.
      if (order.purchasedCartId !== null && perProduct.size > 0) {
        const visitors = trx
          .selectFrom('funnel_carts')
          .select('visitor_hash')
          .where('website_id', '=', websiteId)
          .where('cart_id', '=', order.purchasedCartId);
        await trx
          .updateTable('funnel_visitors')
          .set(order.testMode ? { test_purchased: true } : { purchased: true })
          .where('website_id', '=', websiteId)
          .where('visitor_hash', 'in', visitors)
          .where('product_id', 'in', [...perProduct.keys()])
          .where('added', '=', true)
          .execute();
      }
      return;
    }
    case 'forms.submission.saved': {
      const data = FormSubmissionSaved.parse(event.data);
      await bulkAdd(
        raw,
        schema,
        'form_daily',
        [col('website_id'), col('day', 'date'), col('form_id')],
        [int('submissions')],
        [[websiteId, day, data.formId, 1]],
      );
      return;
    }
    case 'content.product.upserted': {
      const data = ContentProductUpserted.parse(event.data);
      const current = await trx
        .selectFrom('products')
        .select('version')
        .where('website_id', '=', websiteId)
        .where('product_id', '=', data.productId)
        .executeTakeFirst();
      if (current && current.version > data.version) return;
      await trx
        .insertInto('products')
        .values({ website_id: websiteId, product_id: data.productId, title: data.title, version: data.version, deleted: false })
        .onConflict((oc) =>
          oc.columns(['website_id', 'product_id']).doUpdateSet({ title: data.title, version: data.version, deleted: false }),
        )
        .execute();
      const skus = [...new Set(data.variants.map((variant) => variant.sku).filter((sku) => sku !== ''))];
      if (skus.length > 0) {
        await trx
          .insertInto('product_skus')
          .values(skus.map((sku) => ({ website_id: websiteId, sku, product_id: data.productId })))
          .onConflict((oc) => oc.columns(['website_id', 'sku']).doUpdateSet({ product_id: data.productId }))
          .execute();
      }
      return;
    }
    case 'content.product.deleted': {
      const data = ContentProductDeleted.parse(event.data);
      // The sku mapping stays: past orders of the product keep their name in reports.
      await trx
        .updateTable('products')
        .set({ deleted: true, version: data.version })
        .where('website_id', '=', websiteId)
        .where('product_id', '=', data.productId)
        .where('version', '<=', data.version)
        .execute();
      return;
    }
    case 'content.settings.updated': {
      const data = SettingsUpdate.parse(event.data);
      await mirrorSiteSettings(trx, websiteId, {
        country: data.country,
        timeZone: data.timeZone,
        restrictiveCookiePolicy: data.cookieSettings?.restrictivePolicy,
      });
      return;
    }
    default:
      return;
  }
}
