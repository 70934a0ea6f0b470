// The data of the content events, built from rows (see packages/contracts/src/content-events.ts).
import type { ContentProductUpserted, CurrencyCode, StructuredContent } from '@sc/contracts';
import { collectionUrl, itemUrl } from './mappers.js';
import type { CollectionRow, ItemRow } from '../tables.js';

/** Whether the storefront shows the item now: published (or scheduled and due) in an enabled collection. */
export function isVisible(
  item: Pick<ItemRow, 'status' | 'publish_on'>,
  collection: Pick<CollectionRow, 'enabled'>,
  now = Date.now(),
): boolean {
  if (!collection.enabled) return false;
  if (item.status === 'published') return true;
  return item.status === 'scheduled' && item.publish_on !== null && new Date(item.publish_on).getTime() <= now;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export function itemUrls(item: Pick<ItemRow, 'url_id'>, collection: Pick<CollectionRow, 'url_id'>): string[] {
  return [itemUrl(collection.url_id, item.url_id), collectionUrl(collection.url_id)];
}

export function productUpserted(item: ItemRow, collection: CollectionRow, currency: CurrencyCode): ContentProductUpserted {
  const data = item.data as { structuredContent: StructuredContent; variantOptionOrdering: string[] };
  const product = data.structuredContent;
  return {
    productId: item.id,
    collectionId: item.collection_id,
    version: item.version,
    title: item.title,
    urlId: item.url_id,
    fullUrl: itemUrl(collection.url_id, item.url_id),
    productType: product.productType,
    currency,
    status: item.status,
    publishOn: iso(item.publish_on),
    visible: isVisible(item, collection),
    variantOptionOrdering: data.variantOptionOrdering,
    variants: product.variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      attributes: v.attributes,
      optionValues: v.optionValues,
      priceMoney: v.priceMoney,
      salePriceMoney: v.onSale ? v.salePriceMoney : null,
      onSale: v.onSale,
      qtyInStock: v.qtyInStock,
      unlimited: v.unlimited,
      // Items written before variants had images read as null.
      mainImage: v.mainImage ?? null,
      ...(v.weightGrams !== undefined ? { weightGrams: v.weightGrams } : {}),
    })),
    isSubscribable: product.isSubscribable,
    subscriptionPlan: product.subscriptionPlan,
    giftCardDenominations: product.giftCardDenominations,
    additionalFieldsFormId: product.additionalFieldsFormId,
    useCustomAddButtonText: product.useCustomAddButtonText,
    customAddButtonText: product.customAddButtonText,
    urls: itemUrls(item, collection),
  };
}

export function itemUpserted(item: ItemRow, collection: CollectionRow) {
  return {
    itemId: item.id,
    collectionId: item.collection_id,
    version: item.version,
    recordType: item.record_type,
    status: item.status,
    publishOn: iso(item.publish_on),
    visible: isVisible(item, collection),
    urls: itemUrls(item, collection),
  };
}

export function collectionUpserted(collection: CollectionRow) {
  return {
    collectionId: collection.id,
    version: collection.version,
    type: collection.type,
    typeName: collection.type_name,
    title: collection.title,
    urlId: collection.url_id,
    enabled: collection.enabled,
    urls: [collectionUrl(collection.url_id)],
  };
}
