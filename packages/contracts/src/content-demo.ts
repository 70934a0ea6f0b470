// Stable ids of the demo website's content, so other services' seeds and tests can refer to them
// (the forms service seeds the additional-fields form the engraved product points at).
export const DEMO_CONTENT = Object.freeze({
  templateId: 'harbour',
  shopCollectionId: 'demo-shop',
  journalCollectionId: 'demo-journal',
  galleryCollectionId: 'demo-gallery',
  eventsCollectionId: 'demo-events',
  homeCollectionId: 'demo-home',
  aboutCollectionId: 'demo-about',
  /** The form the engraved notebook asks buyers to fill in (initials to engrave). */
  engravingFormId: 'demo-engraving-form',
  products: Object.freeze({
    tote: 'demo-product-canvas-tote',
    throw: 'demo-product-wool-throw',
    bowl: 'demo-product-serving-bowl',
    candles: 'demo-product-candle-trio',
    guide: 'demo-product-sourdough-guide',
    workshop: 'demo-product-pottery-workshop',
    giftCard: 'demo-product-gift-card',
    coffee: 'demo-product-coffee-subscription',
    notebook: 'demo-product-engraved-notebook',
  }),
});
