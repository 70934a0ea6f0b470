// The product read model and live stock. Rows come from content's product events (never from
// content's tables); stock rows are created from a variant's initial stock the first time the
// cart sees it and change afterwards only through orders and the owner's inventory route.
import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import { toMinorUnits, type ContentProductUpserted, type CurrencyCode, type Money } from '@sc/contracts';
import type { CartDB, ProductsTable, StockTable, StoredVariant } from '../tables.js';

type Db = Kysely<CartDB> | Transaction<CartDB>;
export type ProductRow = Selectable<ProductsTable>;
export type StockRow = Selectable<StockTable>;

const cents = (money: Money): number => Number(money.value);

/** The read-model row of a content.product.upserted event. */
export function productRowOf(websiteId: string, data: ContentProductUpserted): Insertable<ProductsTable> {
  const variants: StoredVariant[] = data.variants.map((v) => ({
    id: v.id,
    sku: v.sku,
    attributes: v.attributes,
    priceCents: cents(v.priceMoney),
    salePriceCents: v.salePriceMoney ? cents(v.salePriceMoney) : null,
    onSale: v.onSale,
    ...(v.weightGrams !== undefined ? { weightGrams: v.weightGrams } : {}),
  }));
  return {
    website_id: websiteId,
    product_id: data.productId,
    version: data.version,
    deleted: false,
    title: data.title,
    product_type: data.productType,
    currency: data.currency,
    visible: data.visible,
    variant_option_ordering: JSON.stringify(data.variantOptionOrdering),
    is_subscribable: data.isSubscribable,
    subscription_plan: data.subscriptionPlan ? JSON.stringify(data.subscriptionPlan) : null,
    gift_card_denominations: JSON.stringify(data.giftCardDenominations.map(cents)),
    additional_fields_form_id: data.additionalFieldsFormId,
    variants: JSON.stringify(variants),
  };
}

/** Writes the product unless a newer version is already stored; returns false for an older event. */
export async function upsertProduct(db: Db, row: Insertable<ProductsTable>): Promise<boolean> {
  const written = await db
    .insertInto('products')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['website_id', 'product_id'])
        .doUpdateSet((eb) => ({
          version: eb.ref('excluded.version'),
          deleted: eb.ref('excluded.deleted'),
          title: eb.ref('excluded.title'),
          product_type: eb.ref('excluded.product_type'),
          currency: eb.ref('excluded.currency'),
          visible: eb.ref('excluded.visible'),
          variant_option_ordering: eb.ref('excluded.variant_option_ordering'),
          is_subscribable: eb.ref('excluded.is_subscribable'),
          subscription_plan: eb.ref('excluded.subscription_plan'),
          gift_card_denominations: eb.ref('excluded.gift_card_denominations'),
          additional_fields_form_id: eb.ref('excluded.additional_fields_form_id'),
          variants: eb.ref('excluded.variants'),
        }))
        // Events can arrive out of order: an older version never overwrites a newer one.
        .where('products.version', '<', sql<number>`excluded.version`),
    )
    .returning('product_id')
    .executeTakeFirst();
  return written !== undefined;
}

/** Marks a product deleted (keeping the row so that an older upsert arriving later stays ignored). */
export async function markProductDeleted(db: Db, websiteId: string, productId: string, version: number): Promise<void> {
  await db
    .insertInto('products')
    .values({
      website_id: websiteId,
      product_id: productId,
      version,
      deleted: true,
      title: '',
      product_type: 1,
      currency: 'USD',
      visible: false,
      variant_option_ordering: '[]' as never,
      is_subscribable: false,
      subscription_plan: null,
      gift_card_denominations: '[]' as never,
      additional_fields_form_id: null,
      variants: '[]' as never,
    })
    .onConflict((oc) =>
      oc
        .columns(['website_id', 'product_id'])
        .doUpdateSet({ deleted: true, visible: false, version: sql<number>`excluded.version` })
        .where('products.version', '<', sql<number>`excluded.version`),
    )
    .execute();
}

/** Creates the stock rows of variants seen for the first time; after that stock is the cart's own. */
export async function seedStock(db: Db, websiteId: string, data: ContentProductUpserted): Promise<void> {
  if (data.variants.length === 0) return;
  await db
    .insertInto('stock')
    .values(
      data.variants.map((v) => ({
        website_id: websiteId,
        product_id: data.productId,
        variant_id: v.id,
        sku: v.sku,
        qty: Math.max(0, v.qtyInStock),
        unlimited: v.unlimited,
      })),
    )
    .onConflict((oc) => oc.columns(['website_id', 'product_id', 'variant_id']).doUpdateSet({ sku: sql<string>`excluded.sku` }))
    .execute();
}

export async function findProduct(db: Db, websiteId: string, productId: string): Promise<ProductRow | undefined> {
  return db.selectFrom('products').selectAll().where('website_id', '=', websiteId).where('product_id', '=', productId).executeTakeFirst();
}

export async function findProducts(db: Db, websiteId: string, productIds: string[]): Promise<ProductRow[]> {
  if (productIds.length === 0) return [];
  return db.selectFrom('products').selectAll().where('website_id', '=', websiteId).where('product_id', 'in', productIds).execute();
}

export async function stockOfProduct(db: Db, websiteId: string, productId: string): Promise<StockRow[]> {
  return db.selectFrom('stock').selectAll().where('website_id', '=', websiteId).where('product_id', '=', productId).execute();
}

export async function stockOfVariant(db: Db, websiteId: string, productId: string, variantId: string): Promise<StockRow | undefined> {
  return db
    .selectFrom('stock')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('product_id', '=', productId)
    .where('variant_id', '=', variantId)
    .executeTakeFirst();
}

/** Exact minor units of a decimal amount in the store currency. */
export const minorOf = (decimal: string, currency: CurrencyCode): number => Number(toMinorUnits(decimal, currency));
