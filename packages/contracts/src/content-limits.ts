// SPEC 9 "Owner limits" and the messages an owner sees when a change would exceed one. The SPEC
// gives the numbers but not the wording; the wording is ours and lives here so the admin app and
// the content service say the same thing.

/** SPEC 9 owner limits. */
export const CONTENT_LIMITS = Object.freeze({
  blocksPerLayout: 60,
  albumTracks: 60,
  userOrderableItems: 250,
  productsPerCollection: 200,
  nestedCategories: 10_000,
  smugMugGalleries: 20,
  gallerySize: 50,
  tagLength: 50,
  categoryLength: 25,
  /** SPEC 9: bytes per MB when showing file sizes to owners. */
  bytesPerMb: 1_000_000,
});

/** Refusals for the SPEC 9 limits and other owner-side content rules without a SPEC string. */
export const ContentMessages = {
  tooManyBlocks: 'A layout can hold at most {max} blocks.',
  tooManyAlbumTracks: 'An album can hold at most {max} tracks.',
  tooManyUserOrderedItems: 'A collection in a custom order can hold at most {max} items.',
  tooManyProducts: 'A store collection can hold at most {max} products.',
  tooManyCategories: 'A collection can have at most {max} categories.',
  tooManyGalleryImages: 'A gallery can hold at most {max} images.',
  /** PAGES_PER_WEBSITE (content): pages and collections of one website. */
  tooManyPages: 'A website can have at most {max} pages and collections. Delete one you no longer need to add another.',
  tagTooLong: 'Tags can be at most {max} characters long.',
  categoryTooLong: 'Categories can be at most {max} characters long.',
  hexColour: 'Colours must be written as 3 to 6 hex characters.',
  rgbOutOfBounds: 'Red, green and blue must be between 0 and 255.',
  galleryOptionNotBoolean: '{option} must be on or off.',
  galleryOptionOutOfRange: '{option} must be between {min} and {max}.',
  unknownGalleryOption: '{option} is not a gallery option.',
  notAGallery: 'Gallery settings apply to gallery collections only.',
  recordTypeNotAllowed: 'This collection cannot hold items of this kind.',
  collectionHasNoItems: 'Pages hold a layout, not items.',
  subscriptionNotAllowed: 'Only physical and service products can be sold as subscriptions.',
  subscriptionPlanRequired: 'A subscription product needs a billing period.',
  currencyMismatch: 'Prices must be in the store currency ({currency}).',
  currencyLocked: 'The store currency cannot change while the store has products; their prices are in {currency}.',
  salePriceRequired: 'A variant on sale needs a sale price.',
  salePriceTooHigh: 'A sale price must be lower than the regular price.',
  duplicateSku: 'Each variant needs its own SKU; {sku} is used twice.',
  variantImageIncomplete: "A variant image that is not one of the product's images needs its originalSize and filename.",
  variantOptionsMismatch: 'Every variant must have a value for each option: {options}.',
  duplicateVariant: 'Two variants have the same options.',
  singleVariantOnly: 'Digital products have exactly one variant and no options.',
  giftCardDenominationsRequired: 'A gift card needs at least one denomination.',
  giftCardHasNoVariants: 'Gift cards are priced by their denominations, not by variants.',
  customButtonTextRequired: 'Enter the text of the custom add button.',
  scheduledNeedsDate: 'A scheduled item needs a publish date in the future.',
  rootCategoryExists: 'This collection already has a root category.',
  parentCategoryMissing: 'The parent category does not exist in this collection.',
  categoryHasChildren: 'Remove the subcategories of this category first.',
  categoryMissing: 'The category {id} does not exist in this collection.',
  domainTaken: 'The domain {domain} is already connected to another website.',
  urlIdTaken: 'The URL {val} is already used by another page.',
  eventEndsBeforeStart: 'An event cannot end before it starts.',
  oneDefaultLanguage: 'Exactly one language must be the default.',
  userOrderingTooLarge: 'A collection with more than {max} items cannot be put in a custom order.',
  collectionNotFound: 'The collection does not exist.',
  itemNotFound: 'The item does not exist.',
  websiteNotFound: 'The website does not exist.',
  invalidTimeZone: '{val} is not a known time zone.',
} as const;
