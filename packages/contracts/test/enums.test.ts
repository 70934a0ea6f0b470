import { describe, expect, it } from '@jest/globals';
import {
  AccountSubscriptionState,
  AccountSubscriptionStateSchema,
  BackgroundSource,
  BILLING_CYCLES_PER_YEAR,
  BillingUnit,
  BillingUnitSchema,
  BlockType,
  BlockTypeSchema,
  blockTypeName,
  CollectionType,
  collectionTypeName,
  CollectionViewKind,
  cyclesPerYear,
  FolderBehavior,
  GalleryItemMediaTypeSchema,
  PageType,
  PageTypeSchema,
  pageTypeName,
  PageViewEventType,
  Position,
  PositionSchema,
  ProductStatusLabel,
  ProductStatusLabelSchema,
  ProductType,
  productTypeName,
  RecordType,
  recordTypeName,
  Role,
  RoleSchema,
  roleName,
  SlideTypeSchema,
  SUBSCRIBABLE_PRODUCT_TYPES,
} from '../src/enums.js';

describe('page types', () => {
  it('carries the SPEC numbers', () => {
    expect(PageType).toEqual({
      MAIN_CONTENT: 1,
      PAGE: 2,
      CONTENT_ITEM: 50,
      NOT_FOUND: 100,
      ERROR: 101,
      SEARCH: 102,
      LOCK_SCREEN: 103,
      MEMBER_AREA_ACCESS_DENIED: 106,
      CART: 200,
      CHECKOUT: 201,
      ORDER_CONFIRMED: 202,
      DONATE: 203,
      ORDER_STATUS: 211,
    });
  });
  it('validates exactly the listed numbers', () => {
    expect(PageTypeSchema.parse(106)).toBe(106);
    expect(PageTypeSchema.safeParse(104).success).toBe(false);
    expect(PageTypeSchema.safeParse('1').success).toBe(false);
    expect(PageTypeSchema.safeParse('MAIN_CONTENT').success).toBe(false);
  });
  it('names numbers', () => {
    expect(pageTypeName(200)).toBe('cart');
    expect(pageTypeName(106)).toBe('member area access denied');
    expect(pageTypeName(999)).toBeUndefined();
  });
});

describe('record and collection types', () => {
  it('carries the SPEC numbers', () => {
    expect(RecordType.STORE_ITEM).toBe(11);
    expect(RecordType.DIGITAL_GOOD).toBe(18);
    expect(RecordType.SITE_SEARCH).toBe(30);
    expect(RecordType.KBARTICLE).toBe(54);
    expect(RecordType.LESSON).toBe(62);
    expect(Object.keys(RecordType)).toHaveLength(23);
    expect(CollectionType.PRODUCTS).toBe(13);
    expect(CollectionType.ALBUM_BLOCK).toBe(18);
    expect(CollectionType.COURSE).toBe(25);
    expect(Object.keys(CollectionType)).toHaveLength(18);
  });
  it('names numbers with the SPEC spelling', () => {
    expect(recordTypeName(11)).toBe('store-item');
    expect(recordTypeName(3)).toBeUndefined();
    expect(collectionTypeName(6)).toBe('gallery-block');
  });
  it('carries folder behaviour and background source', () => {
    expect(FolderBehavior).toEqual({ INDEX: 1, REDIRECT: 2, NONE: 3, VARIATION: 4 });
    expect(BackgroundSource).toEqual({ UPLOAD: 1, INSTAGRAM: 2, VIDEO: 3, NONE: 4 });
  });
});

describe('block types', () => {
  it('has every SPEC block from 1 to 69 except the unassigned numbers', () => {
    const unassigned = [15, 34, 35, 36, 37, 38, 39, 40, 64];
    const expected = Array.from({ length: 69 }, (_, i) => i + 1).filter((n) => !unassigned.includes(n));
    expect(Object.values(BlockType)).toEqual(expected);
    for (const n of expected) expect(typeof blockTypeName(n)).toBe('string');
  });
  it('carries the SPEC numbers and names', () => {
    expect(BlockType.NAVIGATION).toBe(1);
    expect(BlockType.POSTS_BY_AUTHOR).toBe(27);
    expect(BlockType.POSTS_BY_MONTH).toBe(30);
    expect(BlockType.PRODUCT).toBe(43);
    expect(BlockType.SOCIALACCOUNTLINKS_V2).toBe(54);
    expect(BlockType.MEMBER_AREA).toBe(67);
    expect(BlockType.ACCORDION).toBe(69);
    expect(blockTypeName(67)).toBe('member-area');
    expect(blockTypeName(58)).toBe('in-browser-message-link');
    expect(blockTypeName(66)).toBe('opentable-v2');
    expect(blockTypeName(64)).toBeUndefined();
    expect(BlockTypeSchema.safeParse(15).success).toBe(false);
    expect(BlockTypeSchema.safeParse(69).success).toBe(true);
  });
});

describe('string enumerations', () => {
  it('accepts the listed values only', () => {
    expect(SlideTypeSchema.options).toEqual(['cover-page', 'lock-screen', 'popup-overlay']);
    expect(Object.values(CollectionViewKind)).toEqual(['list', 'grid', 'product']);
    expect(GalleryItemMediaTypeSchema.options).toEqual(['imageEmpty', 'imageFile', 'imageLicensed', 'imageReused', 'assetReused', 'video']);
    expect(GalleryItemMediaTypeSchema.safeParse('image').success).toBe(false);
  });
  it('has a 3x3 position grid', () => {
    expect(Object.values(Position)).toHaveLength(9);
    expect(Position.TOP_LEFT).toBe('top-left');
    expect(PositionSchema.safeParse('bottom-right').success).toBe(true);
    expect(PositionSchema.safeParse('middle').success).toBe(false);
  });
});

describe('account subscription states and roles', () => {
  it('carries the SPEC numbers', () => {
    expect(AccountSubscriptionState).toEqual({
      EXPIRED: 1,
      PAST_DUE: 2,
      TRIAL: 3,
      BETA: 4,
      REMOVED: 5,
      INTERNAL: 6,
      COMPED: 7,
      PAID: 8,
      ENTERPRISE: 15,
    });
    expect(AccountSubscriptionStateSchema.safeParse(9).success).toBe(false);
    expect(Role.ADMIN).toBe(1);
    expect(Role.EDITOR).toBe(4);
    expect(Role.STORE_MANAGER).toBe(8);
    expect(Role.VIEWER).toBe(10);
    expect(Role.NONE).toBe(14);
    expect(Role.WEBSITE_MANAGER).toBe(15);
    expect(Object.values(Role)).not.toContain(5);
  });
  it('validates and names roles', () => {
    expect(RoleSchema.parse(15)).toBe(15);
    expect(RoleSchema.safeParse(5).success).toBe(false);
    expect(roleName(4)).toBe('editor');
    expect(roleName(15)).toBe('website manager');
    expect(roleName(5)).toBeUndefined();
    expect(roleName(Number.NaN)).toBeUndefined();
  });
  it('carries page-view event types', () => {
    expect(PageViewEventType).toEqual({ PAGE_VIEW: 1, SITE_SEARCH: 2, HEARTBEAT: 10, AUDIO: 20, VIDEO: 21 });
  });
});

describe('products and subscriptions', () => {
  it('carries the product types', () => {
    expect(ProductType).toEqual({ PHYSICAL: 1, DIGITAL: 2, SERVICE: 3, GIFT_CARD: 4, PAYWALL: 5 });
    expect(productTypeName(4)).toBe('gift card');
    expect(SUBSCRIBABLE_PRODUCT_TYPES).toEqual([1, 3]);
  });
  it('counts billing cycles per year', () => {
    expect(Object.values(BillingUnit)).toEqual(['WEEK', 'MONTH', 'YEAR']);
    expect(BILLING_CYCLES_PER_YEAR).toEqual({ WEEK: 52, MONTH: 12, YEAR: 1 });
    expect(cyclesPerYear('WEEK')).toBe(52);
    expect(cyclesPerYear(BillingUnit.MONTH)).toBe(12);
    expect(cyclesPerYear('YEAR')).toBe(1);
    expect(BillingUnitSchema.safeParse('DAY').success).toBe(false);
  });
  it('carries the product status labels', () => {
    expect(Object.values(ProductStatusLabel)).toEqual(['Scheduled', 'Needs Review', 'Draft', 'Private']);
    expect(ProductStatusLabelSchema.safeParse('needs review').success).toBe(false);
  });
});
