// What each SPEC collection type holds and how much of it (SPEC 3 collection and record types,
// SPEC 9 owner limits). Pure rules: the services ask, then count and write.
import {
  CollectionType,
  collectionTypeName,
  CONTENT_LIMITS,
  ContentMessages,
  formatMessage,
  RecordType,
  type CollectionOrdering,
} from '@sc/contracts';

const GALLERY_TYPES = new Set<number>([CollectionType.GALLERY_BLOCK, CollectionType.SLIDE_GALLERY]);
const ALBUM_TYPES = new Set<number>([CollectionType.ALBUM_BLOCK, CollectionType.SLIDE_ALBUM]);
const PAGE_TYPES = new Set<number>([CollectionType.PAGE, CollectionType.TEMPLATE_PAGE, CollectionType.SPLASH_PAGE]);

/** True for the collection types whose items are gallery images with gallery settings. */
export const isGallery = (type: number): boolean => GALLERY_TYPES.has(type);
/** True for pages: they hold a layout of blocks, not items. */
export const isPage = (type: number): boolean => PAGE_TYPES.has(type);

/** The record types a collection of `type` (and generic `kind`) may hold. */
export function allowedRecordTypes(type: number, typeName: string): readonly number[] {
  if (type === CollectionType.PRODUCTS) return [RecordType.STORE_ITEM];
  if (GALLERY_TYPES.has(type)) return [RecordType.IMAGE, RecordType.VIDEO];
  if (ALBUM_TYPES.has(type)) return [RecordType.AUDIO];
  if (type === CollectionType.SLIDE_VIDEO) return [RecordType.VIDEO];
  // Lessons and courses (SPEC 3 collection types 24, 25) hold lessons (record type 62).
  if (type === CollectionType.LESSONS || type === CollectionType.COURSE) return [RecordType.LESSON];
  if (PAGE_TYPES.has(type)) return [];
  if (type === CollectionType.GENERIC && typeName === 'events') return [RecordType.EVENT];
  if (type === CollectionType.INSTAGRAM || type === CollectionType.FLICKR || type === CollectionType.FIVEHUNDREDPIX)
    return [RecordType.IMAGE];
  return [RecordType.TEXT, RecordType.QUOTE, RecordType.LINK, RecordType.VIDEO, RecordType.AUDIO, RecordType.IMAGE];
}

/** The storefront name of a collection type: 'blog' or 'events' for generic ones as the owner chose. */
export function typeNameOf(type: number, kind: 'blog' | 'events' | undefined): string {
  if (type === CollectionType.GENERIC) return kind ?? 'blog';
  if (GALLERY_TYPES.has(type)) return 'gallery';
  if (ALBUM_TYPES.has(type)) return 'album';
  return collectionTypeName(type) ?? 'generic';
}

/** Products, galleries and albums are always in the owner's order; blogs and events by date. */
export function defaultOrdering(type: number, typeName: string): CollectionOrdering {
  if (type === CollectionType.GENERIC && (typeName === 'blog' || typeName === 'events')) return 'date';
  return 'user';
}

/** The SPEC 9 cap on items of a collection, with the message shown when an add would pass it. */
export function itemLimit(type: number, ordering: CollectionOrdering): { max: number; message: string } | undefined {
  const limit = (max: number, template: string) => ({ max, message: formatMessage(template, { max }) });
  if (type === CollectionType.PRODUCTS) return limit(CONTENT_LIMITS.productsPerCollection, ContentMessages.tooManyProducts);
  if (GALLERY_TYPES.has(type)) return limit(CONTENT_LIMITS.gallerySize, ContentMessages.tooManyGalleryImages);
  if (ALBUM_TYPES.has(type)) return limit(CONTENT_LIMITS.albumTracks, ContentMessages.tooManyAlbumTracks);
  if (ordering === 'user') return limit(CONTENT_LIMITS.userOrderableItems, ContentMessages.tooManyUserOrderedItems);
  return undefined;
}

/**
 * Which routes manage a collection: store collections and their products belong to the store
 * routes (store permissions), every other collection to the content routes. Through the other
 * area's routes a collection or item is simply not found.
 */
export type Area = 'store' | 'content';
export const inArea = (type: number, area: Area): boolean => (type === CollectionType.PRODUCTS) === (area === 'store');
