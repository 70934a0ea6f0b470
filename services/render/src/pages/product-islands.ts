// The islands of a product detail page (SPEC 2) and the data each needs: the product form
// (variants, quantity, add-to-cart), the installment pill (physical products, when the store
// offers installments), the restock form (when something is sold out), and reviews (when the
// store shows native or imported reviews and the kill switch is off). Stock is the initial stock
// from content; the islands ask the cart service for the live figure.
import {
  islandDataId,
  ProductType,
  type ContentItem,
  type IslandImage,
  type IslandName,
  type Money,
  type ProductFormData,
  type StructuredContent,
} from '@sc/contracts';
import { imageSrcset, isSoldOut } from '@sc/template-engine';
import type { PublicSite } from '../content/content-reader.js';
import type { IslandDataTag } from './site-context.js';

/** SPEC 9 default labels and installment count. */
const ADD_TO_CART = 'Add To Cart';
const SUBSCRIBE = 'Subscribe';
const INSTALLMENT_COUNT = 4;
/**
 * The installment provider's order limits by shop country, in minor units of the store currency
 * (SPEC 9 "min and max limits in minor units"): Afterpay in the US, Canada, Australia and New
 * Zealand, Clearpay in Great Britain.
 */
const INSTALLMENT_LIMITS: Readonly<Record<string, { min: number; max: number }>> = {
  US: { min: 100, max: 200_000 },
  CA: { min: 100, max: 200_000 },
  AU: { min: 100, max: 200_000 },
  NZ: { min: 100, max: 200_000 },
  GB: { min: 100, max: 100_000 },
};

/** The store's installment offer (count, country, limits), or null when it offers none or its country has no provider. */
export function installmentOffer(
  site: PublicSite,
): { installmentCount: number; country: string; minCents: number; maxCents: number } | null {
  const limits = INSTALLMENT_LIMITS[site.settings.country];
  if (!site.settings.store.installmentsEnabled || !limits) return null;
  return { installmentCount: INSTALLMENT_COUNT, country: site.settings.country, minCents: limits.min, maxCents: limits.max };
}

const tag = (name: IslandName, data: unknown): IslandDataTag => ({ name, dataId: islandDataId(name), data });

function addButtonText(sc: StructuredContent): string {
  if (sc.useCustomAddButtonText && sc.customAddButtonText.trim() !== '') return sc.customAddButtonText;
  return sc.isSubscribable ? SUBSCRIBE : ADD_TO_CART;
}

/** SPEC 5: physical products take a quantity; services unless the store forbids it; never subscriptions. */
function quantityAllowed(sc: StructuredContent, site: PublicSite): boolean {
  if (sc.isSubscribable) return false;
  if (sc.productType === ProductType.PHYSICAL) return true;
  return sc.productType === ProductType.SERVICE && site.settings.store.allowMultipleQuantityForServices;
}

/** A variant counts as sold out for physical and service products with no stock left. */
const variantSoldOut = (sc: StructuredContent, v: StructuredContent['variants'][number]): boolean =>
  (sc.productType === ProductType.PHYSICAL || sc.productType === ProductType.SERVICE) && !v.unlimited && v.qtyInStock <= 0;

/** The lowest price a shopper pays among the variants. */
function lowestPaid(sc: StructuredContent): Money {
  let best: Money = sc.priceMoney;
  for (const v of sc.variants) {
    const paid = v.onSale ? v.salePriceMoney : v.priceMoney;
    if (BigInt(paid.value) < BigInt(best.value)) best = paid;
  }
  return best;
}

/** A variant's own image when content gives one (structuredContent.variants[].mainImage). */
function variantImage(variant: object): IslandImage | null {
  const image = (variant as { mainImage?: unknown }).mainImage;
  if (typeof image !== 'object' || image === null) return null;
  const { assetUrl, altText, originalSize } = image as Record<string, unknown>;
  if (typeof assetUrl !== 'string' || assetUrl === '') return null;
  return {
    assetUrl,
    ...(typeof altText === 'string' ? { altText } : {}),
    ...(typeof originalSize === 'string' ? { originalSize, srcset: imageSrcset(image) } : {}),
  };
}

/** The islands of a product page with their data (an item without structured content has none). */
export function productIslands(item: ContentItem, site: PublicSite): IslandDataTag[] {
  const sc = item.structuredContent;
  if (!sc) return [];
  const settings = site.settings;
  const form: ProductFormData = {
    itemId: item.id,
    collectionId: item.collectionId,
    title: item.title,
    productType: sc.productType,
    variantOptionOrdering: item.variantOptionOrdering ?? [],
    variants: sc.variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      attributes: v.attributes,
      priceMoney: v.priceMoney,
      salePriceMoney: v.salePriceMoney,
      onSale: v.onSale,
      qtyInStock: v.qtyInStock,
      unlimited: v.unlimited,
      mainImage: variantImage(v),
    })),
    isSubscribable: sc.isSubscribable,
    subscriptionPlan: sc.subscriptionPlan,
    giftCardDenominations: sc.giftCardDenominations,
    additionalFieldsFormId: sc.additionalFieldsFormId,
    addButtonText: addButtonText(sc),
    quantityAllowed: quantityAllowed(sc, site),
    soldOut: isSoldOut(item),
    expressCheckout: settings.store.expressCheckout,
    currency: settings.currency,
  };
  const islands = [tag('product-form', form)];
  if (sc.productType === ProductType.PHYSICAL && settings.store.installmentsEnabled) {
    const limits = INSTALLMENT_LIMITS[settings.country];
    const currency = lowestPaid(sc).currency;
    islands.push(
      tag('installment-pill', {
        itemId: item.id,
        priceMoney: lowestPaid(sc),
        installmentCount: INSTALLMENT_COUNT,
        locale: settings.locale,
        country: settings.country,
        ...(limits ? { minMoney: { value: String(limits.min), currency }, maxMoney: { value: String(limits.max), currency } } : {}),
      }),
    );
  }
  if (sc.variants.some((v) => variantSoldOut(sc, v))) {
    islands.push(
      tag('restock-form', {
        productId: item.id,
        variants: sc.variants.map((v) => ({ id: v.id, attributes: v.attributes, soldOut: variantSoldOut(sc, v) })),
        captchaSiteKey: settings.captchaSiteKey,
      }),
    );
  }
  const { nativeReviewsEnabled, importedReviewsEnabled } = settings.store;
  if ((nativeReviewsEnabled || importedReviewsEnabled) && !settings.betaFlags.productReviewsKillSwitch) {
    islands.push(tag('product-reviews', { productId: item.id, native: nativeReviewsEnabled, imported: importedReviewsEnabled }));
  }
  return islands;
}

/** The islands on every page: the cart pill unless SPEC 2 says it is not shown. */
export function cartPillIsland(site: PublicSite, show: boolean): IslandDataTag[] {
  return show ? [tag('cart-pill', { cartUrl: '/cart', currency: site.settings.currency, locale: site.settings.locale })] : [];
}

export { tag as islandTag };
